import { z } from 'zod';
import { countResponse, pageQuery, searchText } from '../schemas/common.js';
import {
  dateParam,
  exportQuery,
  idParams,
  mobileParam,
  monthlySales,
  monthYearParams,
  orderRow,
  orderTotals,
  paymentModeParams,
  purchaseBody,
  purchaseDetail,
  purchaseIdParams,
  purchaseSaved,
  reBillBody,
  reBillDone,
  receipt,
  returnBody,
  returnDone,
  salesRow,
  searchCountQuery,
  searchQuery,
} from '../schemas/purchase.js';
import { route } from './define.js';

/** Screens that open one bill: place order (editing), the lists, re-bill and return. */
const billReaders = ['PurchaseEdit', 'PurchaseList', 'CustomerPurchaseList', 'CustomerOrderList', 'ReBill', 'ProductReturn', 'PurchaseReturn'] as const;
const dayList = ['PurchaseList', 'PurchaseEdit'] as const;
const customerList = ['CustomerPurchaseList', 'CustomerOrderList'] as const;
const returners = ['ProductReturn', 'PurchaseReturn'] as const;
/** The monthly sales report, and the finance screens built on the same daily figures. */
const salesReaders = ['MonthlyPurchaseList', 'ReturnList', 'YearlyReturnList', 'ExpenseList'] as const;

const byDate = z.object({ date: dateParam });
const byMobile = z.object({ mobile: mobileParam });
const byText = z.object({ text: searchText });
const byMobileText = z.object({ mobile: mobileParam, text: searchText });

/**
 * The point of sale: bills (one atomic write each: bill, lines, stock, points, movements, daily figures), returns,
 * re-bills, receipts, the order lists and the monthly sales report. `/expense/returnsAll` and
 * `/expense/paymentMode` live here because they read the daily sales figures this domain keeps (docs/point-of-sale.md).
 */
export const purchaseRoutes = {
  create: route({
    method: 'POST',
    path: '/purchase',
    access: 'PurchaseEdit',
    summary: 'Save a new bill; the server recomputes every figure and refuses one that differs from the lines',
    body: purchaseBody,
    response: purchaseSaved,
  }),
  update: route({
    method: 'PUT',
    path: '/purchase/{purchaseId}',
    access: 'PurchaseEdit',
    summary: 'Save an edited bill: stock and points change by the difference only; a bill with returns is not edited',
    params: purchaseIdParams,
    body: purchaseBody,
    response: purchaseSaved,
  }),
  byId: route({
    method: 'GET',
    path: '/purchase/{id}',
    access: billReaders,
    summary: 'A bill with all its lines',
    params: idParams,
    response: purchaseDetail,
  }),
  review: route({
    method: 'GET',
    path: '/purchase/review/{purchaseId}',
    access: billReaders,
    summary: 'A bill with the lines still with the customer (quantity above 0), for re-bill and return',
    params: purchaseIdParams,
    response: purchaseDetail,
  }),
  today: route({
    method: 'GET',
    path: '/purchase/today/{date}',
    access: dayList,
    summary: 'A page of the bill lines of a day, newest first',
    params: byDate,
    query: pageQuery,
    response: z.array(orderRow),
  }),
  todayCount: route({
    method: 'GET',
    path: '/purchase/todayCount/{date}',
    access: dayList,
    summary: 'How many bill lines a day has',
    params: byDate,
    response: countResponse,
  }),
  todayTotals: route({
    method: 'GET',
    path: '/purchase/todayTotals/{date}',
    access: dayList,
    summary: "The total row of a day's order list (all its lines), from the daily figures",
    params: byDate,
    response: orderTotals,
  }),
  search: route({
    method: 'GET',
    path: '/purchase/search/{text}',
    access: dayList,
    summary: 'A page of the bill lines whose product name or artcode starts with the text; `?date=` keeps one day',
    params: byText,
    query: searchQuery,
    response: z.array(orderRow),
  }),
  searchCount: route({
    method: 'GET',
    path: '/purchase/searchCount/{text}',
    access: dayList,
    summary: 'How many bill lines match the text (on one day with `?date=`)',
    params: byText,
    query: searchCountQuery,
    response: countResponse,
  }),
  exportDay: route({
    method: 'GET',
    path: '/purchase/export/{date}',
    access: dayList,
    summary: "The day's order list as Purchase_List_<d>_<m>_<y>.pdf or .xlsx (`?format=pdf|xlsx`)",
    params: byDate,
    query: exportQuery,
    response: z.unknown(),
  }),
  customerLines: route({
    method: 'GET',
    path: '/purchase/custMobile/{mobile}',
    access: customerList,
    summary: "A page of a customer's bill lines (by mobile number), newest first",
    params: byMobile,
    query: pageQuery,
    response: z.array(orderRow),
  }),
  customerCount: route({
    method: 'GET',
    path: '/purchase/custMobileCount/{mobile}',
    access: customerList,
    summary: 'How many bill lines a customer has',
    params: byMobile,
    response: countResponse,
  }),
  customerSearch: route({
    method: 'GET',
    path: '/purchase/search/{mobile}/{text}',
    access: customerList,
    summary: "A page of a customer's bill lines whose product name or artcode starts with the text",
    params: byMobileText,
    query: pageQuery,
    response: z.array(orderRow),
  }),
  customerSearchCount: route({
    method: 'GET',
    path: '/purchase/searchCount/{mobile}/{text}',
    access: customerList,
    summary: "How many of a customer's bill lines match the text",
    params: byMobileText,
    response: countResponse,
  }),
  exportCustomer: route({
    method: 'GET',
    path: '/purchase/custMobile/{mobile}/export',
    access: customerList,
    summary: "A customer's order list as Order_<d>_<m>_<y>.pdf or .xlsx (`?format=pdf|xlsx`)",
    params: byMobile,
    query: exportQuery,
    response: z.unknown(),
  }),
  returnLines: route({
    method: 'POST',
    path: '/purchase/return/{purchaseId}',
    access: returners,
    summary: "Return units of a bill's lines: stock comes back and the refund is recorded in one atomic write",
    params: purchaseIdParams,
    body: returnBody,
    response: returnDone,
  }),
  reBill: route({
    method: 'POST',
    path: '/purchase/reBill/{purchaseId}',
    access: 'ReBill',
    summary: "Generate a bill again: records it and e-mails the receipt when asked ('Bill Generated.')",
    params: purchaseIdParams,
    body: reBillBody,
    response: reBillDone,
  }),
  receipt: route({
    method: 'GET',
    path: '/purchase/receipt/{purchaseId}',
    access: billReaders,
    summary: "The receipt's content: shop name, address and GSTIN, lines with HSN/artcode, CGST and SGST, totals",
    params: purchaseIdParams,
    response: receipt,
  }),
  receiptPdf: route({
    method: 'GET',
    path: '/purchase/receipt/{purchaseId}/pdf',
    access: billReaders,
    summary: 'The receipt as a PDF (Receipt_<id>.pdf)',
    params: purchaseIdParams,
    response: z.unknown(),
  }),
  monthly: route({
    method: 'GET',
    path: '/purchase/monthly/{month}/{year}',
    access: salesReaders,
    summary: 'The monthly sales report: per day and payment mode, Online, Cash and Total, Income, Expense, Balance',
    params: monthYearParams,
    response: monthlySales,
  }),
  monthlyPdf: route({
    method: 'GET',
    path: '/purchase/monthly/{month}/{year}/pdf',
    access: salesReaders,
    summary: 'The monthly sales report as Sales_Report_<m>_<y>.pdf',
    params: monthYearParams,
    response: z.unknown(),
  }),
  returnsAll: route({
    method: 'GET',
    path: '/expense/returnsAll/{month}/{year}',
    access: salesReaders,
    summary: "Every day's sales of a month per payment mode: transactions, sold, cost and returns",
    params: monthYearParams,
    response: z.array(salesRow),
  }),
  paymentMode: route({
    method: 'GET',
    path: '/expense/paymentMode/{month}/{year}/{mode}',
    access: salesReaders,
    summary: "A month's sales rows of one payment mode (Cash or Online)",
    params: paymentModeParams,
    response: z.array(salesRow),
  }),
} as const;
