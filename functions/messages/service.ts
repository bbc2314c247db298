import type { EmailBody, WhatsAppBody } from '../../shared/schemas/message.js';
import { customerData } from '../customers/data.js';
import { LIMITS, mailbox, reserveTries, type LimitRule } from '../lib/abuse-limits.js';
import { auditWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { transact } from '../lib/db.js';
import { Validation } from '../lib/errors.js';
import { sendMail, type MailAttachment } from '../lib/mail.js';
import { downloadUrl, putObject } from '../lib/storage.js';
import { sendWhatsApp, type WhatsAppContent, type WhatsAppSent } from '../lib/whatsapp.js';
import { purchaseData, type OpenedBill } from '../purchases/data.js';
import { receiptFileName, receiptOf, receiptPdf } from '../purchases/receipt.js';
import { openBill } from '../purchases/service.js';
import { tenantData } from '../tenants/data.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function receiptFile(tenantId: string, bill: OpenedBill): Promise<MailAttachment> {
  const receipt = await receiptOf(tenantId, bill);
  return { fileName: receiptFileName(bill.bill.purchaseId), contentType: 'application/pdf', data: await receiptPdf(receipt) };
}

type Channel = 'e-mail' | 'WhatsApp';

export const notTheCustomers = (channel: Channel) =>
  channel === 'e-mail'
    ? "This bill goes only to its customer's own e-mail. To send it to another address, type it and confirm it."
    : "This bill goes only to its customer's own mobile number. To send it to another number, type it and confirm it.";
export const NOT_A_CUSTOMER = {
  'e-mail': 'A message without a bill goes only to an e-mail address the cashier typed and confirmed.',
  WhatsApp: 'No customer of the shop has this mobile number. To send to it anyway, type it and confirm it.',
} satisfies Record<Channel, string>;

/** Who a message goes to, and whether it is someone the shop knows or an address typed at the till. */
interface Recipient {
  channel: Channel;
  /** The e-mail address (lower case) or the 10-digit mobile. */
  address: string;
  purchaseId?: number;
  confirmed?: boolean;
}

/** The bill's customer's own addresses: as stamped on the bill and as the customer's record has them now. */
async function customersOwn(tenantId: string, bill: OpenedBill, channel: Channel): Promise<string[]> {
  const customer = await customerData.byId(tenantId, bill.bill.customerId);
  const own = channel === 'e-mail' ? [bill.bill.emailId, customer?.emailId] : [bill.bill.mobileNumber, customer?.mobileNumber];
  return own.filter((a): a is string => Boolean(a)).map((a) => a.toLowerCase());
}

/**
 * Checks the recipient, counts the send against the shop's hour and the bill's (or the address's) day, and records a
 * typed address in the audit trail before anything leaves; the bill (when one is sent) is answered for its receipt.
 * A send that then fails gives its count back; its audit record stays, saying the address was tried.
 */
async function admitSend(scope: WriteScope, to: Recipient): Promise<{ bill?: OpenedBill; release: () => Promise<void> }> {
  const { tenantId } = scope;
  const bill = to.purchaseId === undefined ? undefined : await openBill(tenantId, to.purchaseId);
  const known = bill
    ? (await customersOwn(tenantId, bill, to.channel)).includes(to.address)
    : to.channel === 'WhatsApp' && (await customerData.byMobile(tenantId, to.address)) !== undefined;
  if (!known && !to.confirmed) throw new Validation(bill ? notTheCustomers(to.channel) : NOT_A_CUSTOMER[to.channel]);
  const limits: [LimitRule, string][] = [
    [LIMITS.messagesOfShop, 'shop'],
    bill ? [LIMITS.sendsOfBill, String(bill.bill.purchaseId)] : [LIMITS.messagesToOne, `${to.channel}#${mailbox(to.address)}`],
  ];
  const tries = await reserveTries(tenantId, limits, scope.actor.now);
  if (!known) {
    try {
      const sent = { sentBy: to.channel, to: to.address };
      await transact([
        bill
          ? auditWrite(scope, { entity: 'bill', entityId: bill.bill.purchaseId, action: 'sendTyped', after: sent })
          : auditWrite(scope, { entity: 'message', entityId: to.channel, action: 'sendTyped', after: sent }),
      ]);
    } catch (error) {
      await tries.release();
      throw error;
    }
  }
  return { bill, release: () => tries.release() };
}

/** Sends through `admitSend`'s checks; a send that fails gives its count back. */
async function admitted<T>(scope: WriteScope, to: Recipient, send: (bill: OpenedBill | undefined) => Promise<T>): Promise<T> {
  const { bill, release } = await admitSend(scope, to);
  try {
    return await send(bill);
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * An e-mail from the shop. The content is sent as text (and as escaped HTML), never as markup of the caller's, so
 * the shop's sending identity cannot carry someone else's links or scripts; the subject is the shop's own.
 */
export async function emailCustomer(scope: WriteScope, body: EmailBody): Promise<{ message: string; messageId?: string }> {
  const to = { channel: 'e-mail', address: body.toAddress.toLowerCase(), purchaseId: body.purchaseId, confirmed: body.recipientConfirmed } as const;
  return admitted(scope, to, async (bill) => {
    const [tenant, attachment] = await Promise.all([tenantData.get(scope.tenantId), bill && receiptFile(scope.tenantId, bill)]);
    const shop = tenant?.displayName ?? scope.tenantId;
    const messageId = await sendMail({
      to: [body.toAddress],
      subject: bill ? `Receipt for bill ${bill.bill.purchaseId} from ${shop}` : `A message from ${shop}`,
      text: body.content,
      html: `<div style="white-space:pre-wrap">${escapeHtml(body.content)}</div>`,
      attachments: attachment ? [attachment] : undefined,
    });
    scope.log.info('mail sent', { purchaseId: body.purchaseId, attachment: Boolean(attachment), typed: Boolean(body.recipientConfirmed) });
    return { message: 'Mail sent.', messageId };
  });
}

/**
 * A WhatsApp message through the Cloud API. With `purchaseId` the receipt PDF is put in the assets bucket and sent
 * as a document by a link valid for an hour (the Cloud API fetches documents by URL when it sends them).
 */
export async function whatsappCustomer(scope: WriteScope, body: WhatsAppBody): Promise<WhatsAppSent> {
  const to = { channel: 'WhatsApp', address: body.to.slice(-10), purchaseId: body.purchaseId, confirmed: body.recipientConfirmed } as const;
  return admitted(scope, to, async (bill) => {
    let content: WhatsAppContent;
    if (bill) {
      const file = await receiptFile(scope.tenantId, bill);
      const key = purchaseData.receiptObjectKey(scope.tenantId, bill.bill.purchaseId);
      await putObject(key, file.data, file.contentType);
      const tenant = await tenantData.get(scope.tenantId);
      content = {
        type: 'document',
        document: {
          link: await downloadUrl(key, file.fileName),
          filename: file.fileName,
          caption: body.text?.body ?? `Receipt for bill ${bill.bill.purchaseId} from ${tenant?.displayName ?? scope.tenantId}`,
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
    scope.log.info('whatsapp sent', { purchaseId: body.purchaseId, type: content.type, messageId: sent.messages[0]?.id, typed: Boolean(body.recipientConfirmed) });
    return sent;
  });
}
