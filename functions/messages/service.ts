import type { EmailBody, WhatsAppBody } from '../../shared/schemas/message.js';
import type { WriteScope } from '../lib/context.js';
import { sendMail, type MailAttachment } from '../lib/mail.js';
import { downloadUrl, putObject } from '../lib/storage.js';
import { sendWhatsApp, type WhatsAppContent, type WhatsAppSent } from '../lib/whatsapp.js';
import { purchaseData } from '../purchases/data.js';
import { receiptFileName, receiptOf, receiptPdf } from '../purchases/receipt.js';
import { openBill } from '../purchases/service.js';
import { tenantData } from '../tenants/data.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function receiptFile(tenantId: string, purchaseId: number): Promise<MailAttachment> {
  const receipt = await receiptOf(tenantId, await openBill(tenantId, purchaseId));
  return { fileName: receiptFileName(purchaseId), contentType: 'application/pdf', data: await receiptPdf(receipt) };
}

/**
 * An e-mail from the shop. The content is sent as text (and as escaped HTML), never as markup of the caller's, so
 * the shop's sending identity cannot carry someone else's links or scripts.
 */
export async function emailCustomer(scope: WriteScope, body: EmailBody): Promise<{ message: string; messageId?: string }> {
  const [tenant, attachment] = await Promise.all([
    tenantData.get(scope.tenantId),
    body.purchaseId === undefined ? undefined : receiptFile(scope.tenantId, body.purchaseId),
  ]);
  const shop = tenant?.displayName ?? scope.tenantId;
  const messageId = await sendMail({
    to: [body.toAddress],
    subject: body.subject || (body.purchaseId ? `Receipt for bill ${body.purchaseId} from ${shop}` : `A message from ${shop}`),
    text: body.content,
    html: `<div style="white-space:pre-wrap">${escapeHtml(body.content)}</div>`,
    attachments: attachment ? [attachment] : undefined,
  });
  scope.log.info('mail sent', { purchaseId: body.purchaseId, attachment: Boolean(attachment) });
  return { message: 'Mail sent.', messageId };
}

/**
 * A WhatsApp message through the Cloud API. With `purchaseId` the receipt PDF is put in the assets bucket and sent
 * as a document by a link valid for an hour (the Cloud API fetches documents by URL when it sends them).
 */
export async function whatsappCustomer(scope: WriteScope, body: WhatsAppBody): Promise<WhatsAppSent> {
  let content: WhatsAppContent;
  if (body.purchaseId !== undefined) {
    const file = await receiptFile(scope.tenantId, body.purchaseId);
    const key = purchaseData.receiptObjectKey(scope.tenantId, body.purchaseId);
    await putObject(key, file.data, file.contentType);
    const tenant = await tenantData.get(scope.tenantId);
    content = {
      type: 'document',
      document: {
        link: await downloadUrl(key, file.fileName),
        filename: file.fileName,
        caption: body.text?.body ?? `Receipt for bill ${body.purchaseId} from ${tenant?.displayName ?? scope.tenantId}`,
      },
    };
  } else if (body.type === 'text') {
    content = { type: 'text', text: body.text! };
  } else if (body.type === 'image') {
    content = { type: 'image', image: body.image! };
  } else {
    content = { type: 'document', document: body.document! };
  }
  const sent = await sendWhatsApp(body.to, content);
  scope.log.info('whatsapp sent', { purchaseId: body.purchaseId, type: content.type, messageId: sent.messages[0]?.id });
  return sent;
}
