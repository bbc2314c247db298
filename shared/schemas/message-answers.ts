import * as z from 'zod';

/**
 * What the server answers about e-mail and WhatsApp messages.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. message.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const emailSent = z.object({ message: z.string(), messageId: z.string().optional() });

export const whatsappSent = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })),
  messages: z.array(z.object({ id: z.string() })),
});
