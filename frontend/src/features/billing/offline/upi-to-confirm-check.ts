import { toPaise } from '../../../../../shared/money.js';
import type { QueuedBill } from './queue.js';

/** What a bill made offline still asks by UPI, in paise: its UPI parts, all held "to be confirmed". */
export const upiOfQueued = (bill: QueuedBill) =>
  ((bill.body as { tenders?: { method: string; amount: number }[] }).tenders ?? []).filter((t) => t.method === 'upi').reduce((sum, t) => sum + toPaise(t.amount), 0);

/** Bills (not payments) of this device the server saved while their UPI part is still to be confirmed by the cashier. */
export const toConfirm = (bills: QueuedBill[]) => bills.filter((b) => !b.payment && b.state.kind === 'sent' && !b.upiSettled && upiOfQueued(b) > 0);
