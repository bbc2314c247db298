import { stateLabel } from './gst.js';

/** A shipping address on one line, as the invoice, the mails and the order screens print it: `name, line, city PIN, 33-Tamil Nadu`. */
export const addressLine = (a: { name: string; line: string; city: string; pincode: string; state: string }) => `${a.name}, ${a.line}, ${a.city} ${a.pincode}, ${stateLabel(a.state)}`;
