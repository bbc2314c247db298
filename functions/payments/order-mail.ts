import { DELIVERY_LABEL } from '../../shared/bill.js';
import { formatDate, formatPaise } from '../../shared/format.js';
import { addDays, indiaToday } from '../../shared/leave-days.js';
import { DELIVERY_DAYS } from '../../shared/schemas/cart-messages.js';
import type { Mail } from '../lib/mail.js';
import { addressLine, shownName } from '../purchases/view.js';
import type { StoredPurchase } from '../purchases/data.js';
import type { StoredPayment } from './data.js';

/** The delivery charge's tax as the invoice charged it: a line of the composite supply at the goods' rate. */
function deliveryTax(bill: StoredPurchase | undefined): string {
  const d = bill?.delivery;
  if (!d || bill.documentType === 'BILL_OF_SUPPLY') return '';
  const tax = bill.supply === 'inter' ? `IGST ${d.gstRate / 100}% ${formatPaise(d.igst)}` : `CGST ${d.cgstRate / 100}% ${formatPaise(d.cgst)}, SGST ${d.sgstRate / 100}% ${formatPaise(d.sgst)}`;
  return ` (taxable ${formatPaise(d.taxable)}, ${tax})`;
}

/**
 * The customer's e-mail after the flow: the order confirmed with its tax invoice's number and total (the goods and
 * the delivery charge, which is what was paid), or the payment refunded because stock ran out.
 */
export function orderMail(payment: StoredPayment, shopName: string, status: 'OrderSuccess' | 'OrderFail', bill?: StoredPurchase): Mail {
  // The name as the customer typed it, not the sign-in name made from it.
  const name = payment.legalName ?? shownName(payment.customerName);
  const items = payment.lines.map((l) => `  ${l.productName} (${l.artcode}) × ${l.quantity}  ${formatPaise(l.price * l.quantity)}`);
  const paidOn = new Date(payment.paymentDateTime ?? payment.createdOn);
  if (status === 'OrderFail') {
    return {
      to: [payment.emailId!],
      subject: `${shopName}: your order could not be placed, payment refunded`,
      text: [
        `Dear ${name},`,
        '',
        'Some products of your order went out of stock while you paid, so the order could not be placed.',
        `The full amount of ${formatPaise(payment.amount)} has been refunded (refund ${payment.refundId ?? ''}).`,
        '',
        ...items,
        '',
        `Payment ${payment.razorpayPaymentId ?? ''}, order ${payment.orderId}.`,
        `${shopName}`,
      ].join('\n'),
    };
  }
  return {
    to: [payment.emailId!],
    subject: `${shopName}: order confirmed, bill ${payment.purchaseId ?? ''}`,
    text: [
      `Dear ${name},`,
      '',
      `Thank you for your order. Payment ${payment.razorpayPaymentId ?? ''} of ${formatPaise(payment.amount)} was received on ${formatDate(paidOn)}.`,
      '',
      ...items,
      `  ${DELIVERY_LABEL}  ${formatPaise(payment.deliveryCharge)}${deliveryTax(bill)}`,
      `  Amount paid  ${formatPaise(payment.amount)}`,
      ...(bill?.invoiceNumber ? [`  ${bill.documentType === 'BILL_OF_SUPPLY' ? 'Bill of supply' : 'Tax invoice'} ${bill.invoiceNumber}: total ${formatPaise(bill.net)}, tax ${formatPaise(bill.tax)}`] : []),
      `  You saved  ${formatPaise(payment.mrpTotal - payment.subtotal)}`,
      '',
      // Where the order is shipped (its state is the place of supply), not the profile's address.
      `Estimated delivery: ${formatDate(addDays(indiaToday(paidOn), DELIVERY_DAYS))}, to ${payment.shippingAddress ? addressLine(payment.shippingAddress) : (payment.address ?? 'your address')}.`,
      `Bill ${payment.purchaseId ?? ''}, order ${payment.orderId}.`,
      '',
      `${shopName}`,
    ].join('\n'),
  };
}
