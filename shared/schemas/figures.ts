import { toPaise, toRupees } from '../money.js';
import type { ByMethod, ByMode, CashSummary, OnAccountFigures, SalesFigures } from '../figures.js';
import type { CashSummaryView, SalesSummary } from './figures-answers.js';

const modeInRupees = (m: ByMode) => ({ cash: toRupees(m.cash), online: toRupees(m.online), total: toRupees(m.total) });
const methodInRupees = (m: ByMethod) => ({ cash: toRupees(m.cash), upi: toRupees(m.upi), card: toRupees(m.card), otherOnline: toRupees(m.otherOnline), total: toRupees(m.total) });
const methodInPaise = (m: ByMethod) => ({ cash: toPaise(m.cash), upi: toPaise(m.upi), card: toPaise(m.card), otherOnline: toPaise(m.otherOnline), total: toPaise(m.total) });

export const salesSummaryView = (f: SalesFigures): SalesSummary => ({
  bills: f.bills,
  units: f.units,
  goodsBilled: toRupees(f.goodsBilled),
  ...(f.deliveryCharges ? { deliveryCharges: toRupees(f.deliveryCharges) } : {}),
  pointsRedeemed: toRupees(f.pointsRedeemed),
  sold: modeInRupees(f.sold),
  returns: modeInRupees(f.returns),
  returnCount: f.returnCount,
  returnedGoods: toRupees(f.returnedGoods),
  netSold: modeInRupees(f.netSold),
  cost: { billed: toRupees(f.cost.billed), returned: toRupees(f.cost.returned), net: toRupees(f.cost.net) },
  ...(f.byMethod ? { byMethod: { sold: methodInRupees(f.byMethod.sold), returns: methodInRupees(f.byMethod.returns), netSold: methodInRupees(f.byMethod.netSold) } } : {}),
  ...(f.onAccount ? { onAccount: accountInRupees(f.onAccount) } : {}),
});

const accountInRupees = (a: OnAccountFigures): NonNullable<SalesSummary['onAccount']> => ({
  sold: toRupees(a.sold),
  returns: toRupees(a.returns),
  net: toRupees(a.net),
  duesCollected: toRupees(a.duesCollected),
  duesCash: toRupees(a.duesCash),
  dues: methodInRupees(a.dues),
  writtenOff: toRupees(a.writtenOff),
});

const accountInPaise = (a: NonNullable<SalesSummary['onAccount']>): OnAccountFigures => ({
  sold: toPaise(a.sold),
  returns: toPaise(a.returns),
  net: toPaise(a.net),
  duesCollected: toPaise(a.duesCollected),
  duesCash: toPaise(a.duesCash),
  dues: methodInPaise(a.dues),
  writtenOff: toPaise(a.writtenOff),
});

export const cashSummaryView = (c: CashSummary): CashSummaryView => ({
  cash: {
    takings: toRupees(c.cash.takings),
    refunds: toRupees(c.cash.refunds),
    expenses: toRupees(c.cash.expenses),
    inHand: toRupees(c.cash.inHand),
    ...(c.cash.dues === undefined ? {} : { dues: toRupees(c.cash.dues) }),
  },
  online: {
    takings: toRupees(c.online.takings),
    refunds: toRupees(c.online.refunds),
    expenses: toRupees(c.online.expenses),
    balance: toRupees(c.online.balance),
    ...(c.online.dues === undefined ? {} : { dues: toRupees(c.online.dues) }),
  },
});

const modeInPaise = (m: SalesSummary['sold']): ByMode => ({ cash: toPaise(m.cash), online: toPaise(m.online), total: toPaise(m.total) });

/** The figures back in paise, for the files drawn from a report's answer (PDF lines by shared/figures.ts). */
export const salesSummaryPaise = (v: SalesSummary): SalesFigures => ({
  bills: v.bills,
  units: v.units,
  goodsBilled: toPaise(v.goodsBilled),
  deliveryCharges: toPaise(v.deliveryCharges ?? 0),
  pointsRedeemed: toPaise(v.pointsRedeemed),
  sold: modeInPaise(v.sold),
  returns: modeInPaise(v.returns),
  returnCount: v.returnCount,
  returnedGoods: toPaise(v.returnedGoods),
  netSold: modeInPaise(v.netSold),
  cost: { billed: toPaise(v.cost.billed), returned: toPaise(v.cost.returned), net: toPaise(v.cost.net) },
  ...(v.byMethod ? { byMethod: { sold: methodInPaise(v.byMethod.sold), returns: methodInPaise(v.byMethod.returns), netSold: methodInPaise(v.byMethod.netSold) } } : {}),
  ...(v.onAccount ? { onAccount: accountInPaise(v.onAccount) } : {}),
});

/** What the server answers, as types: the schemas are in figures-answers.ts, which requests never load. */
export type { byMode, salesSummary, SalesSummary, cashSummary, CashSummaryView } from './figures-answers.js';
