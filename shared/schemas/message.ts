import * as z from 'zod';

/**
 * Messages to customers (spec 2 section 7): a receipt or a note by e-mail through SES, and by WhatsApp through the
 * WhatsApp Cloud API. `purchaseId` attaches that bill's receipt (a PDF) instead of, or besides, the content.
 */

export const EMAIL_INVALID = 'Enter the Valid Email Id!!!';
export const WHATSAPP_NUMBER_INVALID = 'Enter the Valid Mobile Number !';

const purchaseId = z.number().int().positive().optional();

export const emailBody = z.object({
  toAddress: z.string({ error: EMAIL_INVALID }).trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, EMAIL_INVALID),
  content: z.string({ error: 'Content is required.' }).trim().min(1, 'Content is required.').max(20_000, 'The content is too long.'),
  subject: z.string().trim().max(200).optional(),
  /** Attach this bill's receipt as a PDF. */
  purchaseId,
});
export type EmailBody = z.output<typeof emailBody>;

export const emailSent = z.object({ message: z.string(), messageId: z.string().optional() });

const link = z.string().trim().regex(/^https?:\/\/\S+$/, 'Enter a link starting with http:// or https://').max(2000);

/**
 * The Cloud API's message shape, as the spec's client sends it (`to`, `messaging_product`, `type`, `image.link`).
 * `to` is the customer's 10-digit mobile, with or without the country code 91 (added when missing).
 */
export const whatsappBody = z
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
  })
  .superRefine((body, ctx) => {
    if (body.purchaseId !== undefined) return;
    if (!body[body.type]) ctx.addIssue({ code: 'custom', message: `The ${body.type} of the message is required.`, path: [body.type] });
  });
export type WhatsAppBody = z.output<typeof whatsappBody>;

export const whatsappSent = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })),
  messages: z.array(z.object({ id: z.string() })),
});
