import { purchaseRoutes } from '../../shared/routes/purchases.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, FileResponse, listPage } from '../lib/handler.js';
import { discardHeld, heldBillByKey, heldBills, placeOfflineBill, sellAgainstNegativeStock, type OfflineBody } from './offline.js';
import { purchaseData } from './data.js';
import { creditNoteFileName, creditNoteOfReturn, creditNotePdf, creditNoteRollPdf, receiptFileName, receiptOf, receiptPdf } from './receipt.js';
import * as report from './report.js';
import { openBill, placeBill, reBill, redeemablePoints, returnAndMail } from './service.js';
import { settleUpi } from './upi.js';
import { purchaseView } from './view.js';

export const handler = domainHandler('purchases', purchaseRoutes, {
  async create({ body, ctx }) {
    // The schema makes an offline bill carry its idempotency key.
    return body.offline ? placeOfflineBill(writeScope(ctx), body as OfflineBody) : placeBill(writeScope(ctx), body);
  },
  async heldList({ query, ctx }) {
    return listPage(await heldBills(ctx.me.tenantId, query));
  },
  async heldCount({ ctx }) {
    return { held: await purchaseData.heldCount(ctx.me.tenantId) };
  },
  heldByKey: ({ params, ctx }) => heldBillByKey(ctx.me.tenantId, params.key),
  heldSell: ({ params, body, ctx }) => sellAgainstNegativeStock(writeScope(ctx), params.key, body.reason),
  heldDiscard: ({ params, body, ctx }) => discardHeld(writeScope(ctx), params.key, body.reason),
  async settleUpi({ params, body, ctx }) {
    const opened = await settleUpi(writeScope(ctx), params.purchaseId, body);
    return { ...purchaseView(opened), redeemablePoints: await redeemablePoints(ctx.me.tenantId, opened.bill) };
  },
  async update({ params, body, ctx }) {
    return placeBill(writeScope(ctx), body, params.purchaseId);
  },
  async byId({ params, ctx }) {
    const opened = await openBill(ctx.me.tenantId, params.id);
    return { ...purchaseView(opened), redeemablePoints: await redeemablePoints(ctx.me.tenantId, opened.bill) };
  },
  async review({ params, ctx }) {
    const opened = await openBill(ctx.me.tenantId, params.purchaseId);
    const kept = { ...opened, lines: opened.lines.filter((l) => l.quantity > 0) };
    return { ...purchaseView(kept), redeemablePoints: await redeemablePoints(ctx.me.tenantId, opened.bill) };
  },
  async today({ params, query, ctx }) {
    return listPage(await report.dayPage(ctx.me.tenantId, params.date, query));
  },
  async todayCount({ params, ctx }) {
    return (await report.dayTotals(ctx.me.tenantId, params.date)).rows;
  },
  async todayTotals({ params, ctx }) {
    return report.dayTotals(ctx.me.tenantId, params.date);
  },
  async search({ params, query, ctx }) {
    return listPage(await report.searchPage(ctx.me.tenantId, params.text, query.date, query));
  },
  async searchCount({ params, query, ctx }) {
    return report.searchCount(ctx.me.tenantId, params.text, query.date);
  },
  async searchTotals({ params, query, ctx }) {
    return report.searchTotals(ctx.me.tenantId, params.text, query.date);
  },
  async exportDay({ params, query, ctx }) {
    return report.exportDay(ctx.me.tenantId, params.date, query.format, ctx.now);
  },
  async customerLines({ params, query, ctx }) {
    return listPage(await report.customerPage(ctx.me.tenantId, params.mobile, query));
  },
  async customerCount({ params, ctx }) {
    return report.customerCount(ctx.me.tenantId, params.mobile);
  },
  async customerTotals({ params, query, ctx }) {
    return report.customerTotals(ctx.me.tenantId, params.mobile, query.search);
  },
  async customerSearch({ params, query, ctx }) {
    return listPage(await report.customerSearchPage(ctx.me.tenantId, params.mobile, params.text, query));
  },
  async customerSearchCount({ params, ctx }) {
    return report.customerSearchCount(ctx.me.tenantId, params.mobile, params.text);
  },
  async exportCustomer({ params, query, ctx }) {
    return report.exportCustomer(ctx.me.tenantId, params.mobile, query.format, ctx.now);
  },
  async returnLines({ params, body, ctx }) {
    return returnAndMail(writeScope(ctx), params.purchaseId, body);
  },
  async reBill({ params, body, ctx }) {
    return reBill(writeScope(ctx), params.purchaseId, body);
  },
  async receipt({ params, ctx }) {
    return receiptOf(ctx.me.tenantId, await openBill(ctx.me.tenantId, params.purchaseId));
  },
  async receiptPdf({ params, ctx }) {
    const receipt = await receiptOf(ctx.me.tenantId, await openBill(ctx.me.tenantId, params.purchaseId));
    return new FileResponse(await receiptPdf(receipt), 'application/pdf', receiptFileName(params.purchaseId));
  },
  async creditNote({ params, ctx }) {
    return creditNoteOfReturn(ctx.me.tenantId, params.purchaseId, params.returnId);
  },
  async creditNotePdf({ params, query, ctx }) {
    const note = await creditNoteOfReturn(ctx.me.tenantId, params.purchaseId, params.returnId);
    const pdf = query.paper === 'roll80' ? await creditNoteRollPdf(note) : await creditNotePdf(note);
    return new FileResponse(pdf, 'application/pdf', creditNoteFileName(note, query.paper));
  },
  async monthly({ params, ctx }) {
    return report.monthlySales(ctx.me.tenantId, params.month, params.year);
  },
  async monthlyPdf({ params, ctx }) {
    return report.monthlySalesPdf(ctx.me.tenantId, params.month, params.year, ctx.now);
  },
  async returnsAll({ params, ctx }) {
    return report.salesRows(ctx.me.tenantId, params.month, params.year);
  },
  async paymentMode({ params, ctx }) {
    return report.salesRows(ctx.me.tenantId, params.month, params.year, params.mode);
  },
});
