import * as z from 'zod';
import { lazySchema } from '../lazy.js';

/**
 * Messages to customers (spec 2 section 7): a receipt or a note by e-mail through SES, and by WhatsApp through the
 * WhatsApp Cloud API. `purchaseId` attaches that bill's receipt (a PDF) instead of, or besides, the content.
 *
 * They leave from the shop's own sender, so who may receive them is the server's rule (docs/point-of-sale.md,
 * "Messages"): a bill goes to its customer's own e-mail or mobile, a message without a bill to a registered
 * customer's mobile; any other address only when the cashier typed it and confirmed it (`recipientConfirmed`), which
 * the audit trail records. The subject is the shop's, never the caller's.
 */

export const EMAIL_INVALID = 'Enter the Valid Email Id!!!';
export const WHATSAPP_NUMBER_INVALID = 'Enter the Valid Mobile Number !';
export const SUBJECT_FIXED = 'The subject is set by the shop and cannot be changed. Please leave it out.';

const purchaseId = lazySchema(() => z.number().int().positive().optional());
/** The cashier typed this address at the till and confirmed it: it need not be the customer's own. */
const recipientConfirmed = lazySchema(() => z.boolean({ error: 'recipientConfirmed must be true or false.' }).optional());

export const emailBody = lazySchema(() => z.object({
  toAddress: z.string({ error: EMAIL_INVALID }).trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, EMAIL_INVALID),
  content: z.string({ error: 'Content is required.' }).trim().min(1, 'Content is required.').max(20_000, 'The content is too long.'),
  /** Refused when given: the shop's subject names the bill and the shop. */
  subject: z.unknown().refine((v) => v === undefined, SUBJECT_FIXED).optional(),
  /** Attach this bill's receipt as a PDF. */
  purchaseId,
  recipientConfirmed,
}));
export type EmailBody = z.output<typeof emailBody>;

const link = lazySchema(() => z.string().trim().regex(/^https?:\/\/\S+$/, 'Enter a link starting with http:// or https://').max(2000));

/**
 * The Cloud API's message shape, as the spec's client sends it (`to`, `messaging_product`, `type`, `image.link`).
 * `to` is the customer's 10-digit mobile, with or without the country code 91 (added when missing).
 */
export const whatsappBody = lazySchema(() => z
  .object({
    to: z
      .string({ error: WHATSAPP_NUMBER_INVALID })
      .trim()
      .transform((v) => v.replace(/[\s+-]/g, ''))
      .pipe(z.string().regex(/^(91)?\d{10}$/, WHATSAPP_NUMBER_INVALID)),
    messaging_product: z.literal('whatsapp', { error: "messaging_product must be 'whatsapp'." }).default('whatsapp'),
    type: z.enum(['text', 'image', 'document'], { error: "type must be 'text', 'image' or 'document'." }).default('document'),
    text: z.object({ body: z.string().trim().min(1, 'The message text is required.').max(4096) }).optional(),
    image: z.object({ link, caption: z.string().max(1024).optional() }).optional(),
    document: z.object({ link, filename: z.string().max(200).optional(), caption: z.string().max(1024).optional() }).optional(),
    /** Send this bill's receipt PDF as a document (a link valid for a day). */
    purchaseId,
    recipientConfirmed,
  })
  .superRefine((body, ctx) => {
    if (body.purchaseId !== undefined) return;
    if (!body[body.type]) ctx.addIssue({ code: 'custom', message: `The ${body.type} of the message is required.`, path: [body.type] });
  }));
export type WhatsAppBody = z.output<typeof whatsappBody>;

/** What the server answers, as types: the schemas are in message-answers.ts, which requests never load. */
export type { emailSent, whatsappSent } from './message-answers.js';
