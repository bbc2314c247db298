import { Select } from '@mantine/core';
import { formatPaise } from '../../../../../shared/format.js';
import { toPaise, toRupees } from '../../../../../shared/money.js';
import type { TenderView } from '../../../../../shared/schemas/purchase-answers.js';
import { byMethod, TENDER_LABELS, type StoredTenderMethod, type TenderMethod } from '../../../../../shared/tenders.js';

/** 'mode': refunded by the Bill Type chosen (as before parts); else a method the bill was paid by, the rest in cash. */
export type RefundChoice = 'mode' | 'cash' | TenderMethod;

/** The bill's methods that can take a refund back: those it was paid by other than cash (and not unrecorded online). */
export function refundMethodsOf(tenders: TenderView[] | undefined): Map<TenderMethod, number> {
  const paid = byMethod((tenders ?? []).map((t) => ({ method: t.method, amount: toPaise(t.amount) })));
  const out = new Map<TenderMethod, number>();
  for (const [method, amount] of paid) if (method !== 'cash' && method !== 'online') out.set(method, amount);
  return out;
}

/**
 * The refund parts a return sends for `refund` (paise): cash from the drawer, or back to the chosen method up to what
 * it paid and the rest in cash; undefined for 'mode' (the Bill Type decides). The server refuses a method that
 * cannot refund so much after earlier returns, naming what it still can.
 */
export function refundTendersOf(choice: RefundChoice, refund: number, tenders: TenderView[] | undefined) {
  if (choice === 'mode' || refund <= 0) return undefined;
  if (choice === 'cash') return [{ method: 'cash' as const, amount: toRupees(refund) }];
  const back = Math.min(refund, refundMethodsOf(tenders).get(choice) ?? 0);
  return [
    ...(back > 0 ? [{ method: choice, amount: toRupees(back) }] : []),
    ...(refund - back > 0 ? [{ method: 'cash' as const, amount: toRupees(refund - back) }] : []),
  ];
}

/** Where the return's refund goes, for a bill paid (in part) by UPI, card, bank transfer or Razorpay. */
export function RefundTo({ tenders, value, onChange }: { tenders: TenderView[] | undefined; value: RefundChoice; onChange: (choice: RefundChoice) => void }) {
  const methods = refundMethodsOf(tenders);
  if (!methods.size) return null;
  const label = (m: StoredTenderMethod, amount: number) => `Back to ${TENDER_LABELS[m]} (paid ${formatPaise(amount)}), the rest in cash`;
  return (
    <Select
      label="Refund to"
      w={340}
      allowDeselect={false}
      value={value}
      onChange={(v) => v && onChange(v as RefundChoice)}
      data={[
        { value: 'mode', label: 'As the Bill Type' },
        { value: 'cash', label: 'Cash from the drawer' },
        ...[...methods].map(([m, amount]) => ({ value: m, label: label(m, amount) })),
      ]}
    />
  );
}

/** What a return of goods worth `value` refunds in money: up to what the bill was paid in money less earlier refunds. */
export const refundOf = (bill: { netAmount: number; returnAmount: number }, value: number) =>
  Math.max(Math.min(value, toPaise(bill.netAmount) - toPaise(bill.returnAmount)), 0);
