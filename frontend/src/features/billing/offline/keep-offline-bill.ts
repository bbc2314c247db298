/**
 * Saving a bill without a network: it gets this device's next provisional number, is written to the device's queue
 * with its idempotency key (before the cashier sees it as done), and the local copy shows the units, points and
 * balance on account it used, so the next offline bill does not sell them again. A part on account is checked first
 * against the device's copy of the customer's account, by the server's own rule (shared/credit.ts).
 */
import { shopDay, type BillFigures } from '../../../../../shared/bill.js';
import { accountRefusal } from '../../../../../shared/credit.js';
import { toPaise } from '../../../../../shared/money.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { PaymentMode, Receipt, TenderInput } from '../../../../../shared/schemas/purchase.js';
import { TENDER_LABELS } from '../../../../../shared/tenders.js';
import type { Session } from '../../../lib/session.js';
import { chosenRows, type billBody, type BillRow } from '../components/bill-rows.js';
import { applyOfflineBill, localAccount, localLineTaxes, moveLocalBalance, tillTenant } from './local-copy.js';
import { provisionalReceipt, type LineTax } from './provisional-receipt.js';
import type { QueuedBill } from './queue.js';
import { deviceId, keepBill, nextProvisionalNumber, resendFixed } from './till-queue.js';

export interface KeptOffline {
  receipt: Receipt;
  provisionalNumber: string;
}

interface BillOnScreen {
  body: ReturnType<typeof billBody> & { tenders?: TenderInput[] };
  figures: BillFigures;
  customer: Customer;
  rows: BillRow[];
  paymentMode: PaymentMode;
  session: Session;
}

/**
 * The bill's lines with their products' GST details from the device's copy. A product the copy does not hold (chosen
 * online after its last refresh) is taken as one that never chose a kind: nil-rated at 0 %, taxable above, no HSN code.
 */
const soldLines = (rows: BillRow[], taxes: Map<number, LineTax> = new Map()) =>
  chosenRows(rows).map((row) => ({ product: row.product, quantity: Number(row.quantity.trim()), rate: Number(row.rate.trim()), tax: taxes.get(row.product.productId) ?? {} }));

/** The provisional receipt of a bill on screen, under its provisional number and the time it was made. */
async function receiptOf(input: BillOnScreen, provisionalNumber: string, madeOn: string): Promise<Receipt> {
  const tenantId = tillTenant();
  const taxes = tenantId ? await localLineTaxes(tenantId).catch(() => undefined) : undefined;
  return provisionalReceipt({
    shop: input.session.tenant!,
    provisionalNumber,
    madeOn,
    cashier: input.session.userName,
    saleDate: shopDay(new Date(madeOn)),
    customer: input.customer,
    paymentMode: input.paymentMode,
    lines: soldLines(input.rows, taxes),
    figures: input.figures,
  });
}

export const OFFLINE_APPROVAL = "Without a network a manager's approval cannot be checked: take the rest in money, or save the bill when the network is back.";

/** A bill the device's copy of the account refuses: not kept, its message shown to the cashier. */
export class RefusedOnDevice extends Error {}

/** What a bill puts on the customer's account, in paise. */
export const onAccountOfBody = (body: { tenders?: { method: string; amount: number }[] }) =>
  (body.tenders ?? []).filter((t) => t.method === 'account').reduce((sum, t) => sum + toPaise(t.amount), 0);

/** The customer's name as the server names them in the limit message. */
export const accountName = (customer: Pick<Customer, 'legalName' | 'customerName'>) => customer.legalName ?? customer.customerName.split('@')[0] ?? customer.customerName;

/**
 * Why the device's copy of the account refuses `adds` more on account, if it does: the customer may not buy on
 * account, nor past the limit. Offline a manager's code cannot be checked, so a bill past the limit is not kept;
 * one the server finds past it later (its balance moved meanwhile) is held for the manager.
 */
export function refusalOnDevice(copy: { onAccount: boolean; creditLimit: number; balance: number }, customer: Pick<Customer, 'legalName' | 'customerName'>, adds: number): string | undefined {
  const refusal = accountRefusal(copy, accountName(customer), adds);
  return refusal && `${refusal} ${OFFLINE_APPROVAL}`;
}

async function offlineAccountRefusal(tenantId: string, customer: Pick<Customer, 'customerId' | 'legalName' | 'customerName'>, adds: number): Promise<string | undefined> {
  if (adds <= 0) return undefined;
  return refusalOnDevice(await localAccount(tenantId, customer.customerId), customer, adds);
}

export async function keepOfflineBill(input: BillOnScreen & { idempotencyKey: string; now?: Date }): Promise<KeptOffline> {
  const tenantId = tillTenant();
  if (!tenantId || !input.session.tenant) throw new Error('No shop is signed in on this device.');
  const onAccount = onAccountOfBody(input.body);
  const refused = await offlineAccountRefusal(tenantId, input.customer, onAccount);
  if (refused) throw new RefusedOnDevice(refused);
  const [provisionalNumber, device] = await Promise.all([nextProvisionalNumber(), deviceId()]);
  const madeOn = (input.now ?? new Date()).toISOString();
  const lines = soldLines(input.rows);
  // A UPI part of a bill made without network is held as "UPI, to be confirmed" on the bill and its receipt.
  const tenders = input.body.tenders?.map((t) => (t.method === 'upi' ? { ...t, pending: true } : t));
  const made = await receiptOf(input, provisionalNumber, madeOn);
  const receipt = tenders ? { ...made, purchase: { ...made.purchase, tenders: tenders.map((t) => ({ ...t, label: TENDER_LABELS[t.method] })) } } : made;
  await keepBill({
    idempotencyKey: input.idempotencyKey,
    provisionalNumber,
    madeOn,
    tenantId,
    body: { ...input.body, ...(tenders ? { tenders } : {}), idempotencyKey: input.idempotencyKey, offline: { madeOn, provisionalNumber, deviceId: device } },
    printed: receipt,
    state: { kind: 'waiting', attempts: 0 },
  });
  await applyOfflineBill(
    tenantId,
    lines.map((l) => ({ productId: l.product.productId, stockId: l.product.stockId, artcode: l.product.artcode, quantity: l.quantity })),
    { mobileNumber: input.customer.mobileNumber, pointsUsed: input.figures.pointsUsed },
  ).catch(() => undefined);
  await moveLocalBalance(tenantId, input.customer.customerId, onAccount).catch(() => undefined);
  return { receipt, provisionalNumber };
}

/**
 * A refused bill fixed on Place Order, sent again as the same bill: its own idempotency key and the `offline` block
 * it was made with (its provisional number, the time and the day it was sold), the fixed lines and figures.
 */
export async function resendFixedBill(input: BillOnScreen & { bill: QueuedBill }): Promise<QueuedBill> {
  if (!input.session.tenant) throw new Error('No shop is signed in on this device.');
  const { bill } = input;
  const body = { ...input.body, idempotencyKey: bill.idempotencyKey, offline: bill.body.offline };
  return resendFixed(bill, body, await receiptOf(input, bill.provisionalNumber, bill.madeOn));
}
