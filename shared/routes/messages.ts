import { emailBody, emailSent, whatsappBody, whatsappSent } from '../schemas/message.js';
import { answer, route } from './define.js';

/** Whoever hands a customer a bill may send it: the till, re-bill and returns. */
export const MESSAGE_SENDERS = ['PurchaseEdit', 'ReBill', 'ProductReturn', 'PurchaseReturn'] as const;

export const messageRoutes = {
  email: route({
    method: 'POST',
    path: '/message/email',
    access: MESSAGE_SENDERS,
    summary: "E-mail a customer through SES; with purchaseId the bill's receipt goes along as a PDF",
    body: emailBody,
    response: answer<typeof emailSent>(),
  }),
  whatsapp: route({
    method: 'POST',
    path: '/message/whatsapp',
    access: MESSAGE_SENDERS,
    summary: "Send a WhatsApp message through the Cloud API (to gets the prefix 91); with purchaseId the bill's receipt PDF",
    body: whatsappBody,
    response: answer<typeof whatsappSent>(),
  }),
} as const;
