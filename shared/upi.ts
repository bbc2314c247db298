/**
 * UPI at the till (docs/point-of-sale.md, "UPI at the till"): the shop's UPI ID and payee name from its settings, and
 * the `upi://pay` link a customer's UPI app opens from the QR code the till shows, for the exact amount with the bill's
 * reference. The link follows NPCI's UPI linking specification: `pa` payee address, `pn` payee name, `am` amount in
 * rupees with two decimals, `cu` INR, `tr` the merchant's transaction reference, `tn` a note the payer sees.
 */
import type { Paise } from './money.js';

/**
 * A UPI ID (virtual payment address): a handle of letters, digits, '.', '-' or '_' and the bank's or app's handle
 * after '@' (`sharmastores@okhdfcbank`, `9845012345@ybl`).
 */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const UPI_ID_INVALID = 'Enter the UPI ID as name@bank, e.g. sharmastores@okhdfcbank.';
export const UPI_PAYEE_INVALID = 'The payee name is the name on the shop\'s account: letters, digits, spaces and . & \' - only, up to 50.';
/** The name a UPI app shows to the payer: letters, digits, spaces and a few marks. */
export const UPI_PAYEE_PATTERN = /^[A-Za-z0-9 .&'-]{1,50}$/;

export interface UpiPayee {
  upiId: string;
  payeeName: string;
}

/** Rupees with two decimals, as the `am` parameter takes them. */
const rupeesText = (paise: Paise) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * The `upi://pay` link for `amount` paid to the shop, referenced by the bill's number (`tr`, and in the note the
 * payer sees, `tn`). Parameters are percent-encoded; the ID is lower-cased as UPI IDs are not case-sensitive.
 */
export function upiPayLink(payee: UpiPayee, amount: Paise, reference: string, note = `Bill ${reference}`): string {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`A UPI payment needs an amount above 0 (${amount})`);
  const params = [
    ['pa', payee.upiId.toLowerCase()],
    ['pn', payee.payeeName],
    ['am', rupeesText(amount)],
    ['cu', 'INR'],
    ['tr', reference],
    ['tn', note],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}`;
}

/** The shop's payee when its settings have a UPI ID, else undefined (UPI is then confirmed by the cashier without a QR). */
export function shopPayee(shop: { upiId?: string; upiPayeeName?: string; displayName?: string } | undefined): UpiPayee | undefined {
  if (!shop?.upiId) return undefined;
  return { upiId: shop.upiId, payeeName: shop.upiPayeeName || shop.displayName || shop.upiId };
}

/**
 * The shop-upgrade step that lists the UPI payments a till QR code recorded as not counted before the owner's list of
 * payments to refund existed (functions/payments/upgrade.ts); the deploy's upgrade fingerprint names it.
 */
export const UNCOUNTED_UPI_STEP = 'payments#upi-uncounted';
