import { formatDate, formatPaise } from '../../shared/format.js';
import { addDays, indiaToday } from '../../shared/leave-days.js';
import { DELIVERY_DAYS } from '../../shared/schemas/cart.js';
import type { Mail } from '../lib/mail.js';
import { shownName } from '../purchases/view.js';
import type { StoredPayment } from './data.js';

/** The customer's e-mail after the flow: the order confirmed, or the payment refunded because stock ran out. */
export function orderMail(payment: StoredPayment, shopName: string, status: 'OrderSuccess' | 'OrderFail'): Mail {
  const name = shownName(payment.customerName);
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
      `  Delivery charge  ${formatPaise(payment.deliveryCharge)}`,
      `  Amount paid  ${formatPaise(payment.amount)}`,
      `  You saved  ${formatPaise(payment.mrpTotal - payment.subtotal)}`,
      '',
      `Estimated delivery: ${formatDate(addDays(indiaToday(paidOn), DELIVERY_DAYS))}, to ${payment.address ?? 'your address'}.`,
      `Bill ${payment.purchaseId ?? ''}, order ${payment.orderId}.`,
      '',
      `${shopName}`,
    ].join('\n'),
  };
}
