import * as z from 'zod';
import { stateCodeSchema } from './gst.js';
import { lazySchema } from '../lazy.js';

/** The shipping address, apart from payment.ts so that the customer schemas do not build the payment schemas. */

const addressText = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label}: at most ${max} characters, please.`);

/** Where an order is shipped: its state is the order's place of supply (CGST + SGST in the shop's state, else IGST). */
export const shippingAddress = lazySchema(() => z.object({
  name: addressText('Name', 100),
  line: addressText('Address', 300),
  city: addressText('City', 60),
  pincode: z.string({ error: 'Enter a 6-digit PIN code.' }).trim().regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code.'),
  state: stateCodeSchema,
}));
export type ShippingAddressBody = z.output<typeof shippingAddress>;
