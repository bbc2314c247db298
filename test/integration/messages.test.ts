import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS, reserveTries, SENDS_PER_DAY, SHOP_MESSAGES_PER_HOUR } from '../../functions/lib/abuse-limits.js';
import { NOT_A_CUSTOMER, notTheCustomers } from '../../functions/messages/service.js';
import { ROLE } from '../../shared/roles.js';
import type { AuditRecord } from '../../shared/schemas/audit.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { SUBJECT_FIXED } from '../../shared/schemas/message.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import { call, tokenOf } from './client.js';
import { latestMailTo, sentMail } from './mail.js';
import { pdfText } from './pdf-text.js';
import { seedStaffShop } from './people.js';
import { adminToken, bill, cashierToken, line, mustPlace, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

interface Recorded {
  id: string;
  to: string;
  type: string;
  phoneNumberId: string;
  body: { document?: { link: string; filename: string; caption: string }; text?: { body: string } };
}

const recorded = async (): Promise<Recorded[]> => ((await (await fetch(`${inject('whatsappUrl')}/messages`)).json()) as { messages: Recorded[] }).messages;

let customer: Customer;
let saved: Purchase;
let oil: Shelf;
/** A bill of one bottle of oil for the customer. */
// ₹165.00 at 5%: taxable ₹157.14, tax ₹7.86.
const oilBill = (who: Customer) => mustPlace(bill(who, [line(oil, 1)], { grossAmount: 165, discount: 0, tax: 7.86, netAmount: 165 }));

beforeAll(async () => {
  oil = await stockedProduct({ name: 'Sunflower Oil 1L', quantity: 20, mrp: 165, buyingPrice: 139, gst: 5 });
  customer = await newCustomer();
  saved = await oilBill(customer);
});

const email = async (body: Record<string, unknown>, token?: string) =>
  call<{ message: string; messageId?: string }>('POST', '/message/email', { token: token ?? (await cashierToken()), body: { content: 'Thank you for shopping with us.', ...body } });
const whatsapp = async (body: Record<string, unknown>, token?: string) =>
  call<{ message: string; messages: { id: string }[] }>('POST', '/message/whatsapp', { token: token ?? (await cashierToken()), body: { messaging_product: 'whatsapp', ...body } });
const billHistory = async (purchaseId: number) =>
  (await call<AuditRecord[]>('GET', `/audit?entity=bill&entityId=${purchaseId}&size=100`, { token: await adminToken() })).body;

describe('POST /message/email', () => {
  it("sends the content through SES with the bill's receipt attached as a PDF", async () => {
    const answer = await call<{ message: string; messageId: string }>('POST', '/message/email', {
      token: await cashierToken(),
      body: { toAddress: 'family@example.in', content: 'Your bill <b>is</b> attached.', purchaseId: saved.purchaseId, recipientConfirmed: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Mail sent.');
    const mail = await latestMailTo('family@example.in');
    expect(mail.subject).toBe(`Receipt for bill ${saved.purchaseId} from Sri Lakshmi General Stores`);
    expect(mail.text).toContain('Your bill <b>is</b> attached.');
    expect(mail.html).toContain('Your bill &#60;b&#62;is&#60;/b&#62; attached.');
    expect(mail.attachments.map((a) => a.filename)).toEqual([`Receipt_${saved.purchaseId}.pdf`]);
    const [page] = await pdfText(Buffer.from(mail.attachments[0]!.content, 'base64'));
    expect(page).toContain('Net Amount ₹165.00');
  });

  it('refuses an address that is not an e-mail', async () => {
    const answer = await call<{ message: string }>('POST', '/message/email', { token: await cashierToken(), body: { toAddress: 'nobody', content: 'Hi' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Enter the Valid Email Id!!!');
  });

  it('answers 404 for a bill that does not exist', async () => {
    const answer = await call<{ message: string }>('POST', '/message/email', {
      token: await cashierToken(),
      body: { toAddress: 'family@example.in', content: 'Hi', purchaseId: 999_999 },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Bill not found.');
  });
});

describe('POST /message/whatsapp', () => {
  it('sends a text through the Cloud API to the number with prefix 91', async () => {
    const answer = await call<{ messaging_product: string; contacts: { wa_id: string }[]; messages: { id: string }[] }>('POST', '/message/whatsapp', {
      token: await cashierToken(),
      body: { to: customer.mobileNumber, messaging_product: 'whatsapp', type: 'text', text: { body: 'Thank you for shopping with us' } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.contacts[0]!.wa_id).toBe(`91${customer.mobileNumber}`);
    expect(answer.body.messages[0]!.id).toMatch(/^wamid\./);
    const sent = (await recorded()).find((m) => m.id === answer.body.messages[0]!.id);
    expect(sent).toMatchObject({ to: `91${customer.mobileNumber}`, type: 'text', phoneNumberId: '100000000000001', body: { text: { body: 'Thank you for shopping with us' } } });
  });

  it('sends the receipt PDF as a document the Cloud API can fetch by its link', async () => {
    const answer = await call<{ messages: { id: string }[] }>('POST', '/message/whatsapp', {
      token: await cashierToken(),
      body: { to: `91${customer.mobileNumber}`, messaging_product: 'whatsapp', purchaseId: saved.purchaseId },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sent = (await recorded()).find((m) => m.id === answer.body.messages[0]!.id)!;
    expect(sent).toMatchObject({ to: `91${customer.mobileNumber}`, type: 'document' });
    expect(sent.body.document).toMatchObject({ filename: `Receipt_${saved.purchaseId}.pdf`, caption: `Receipt for bill ${saved.purchaseId} from Sri Lakshmi General Stores` });
    const fetched = await fetch(sent.body.document!.link);
    expect(fetched.status).toBe(200);
    const [page] = await pdfText(Buffer.from(await fetched.arrayBuffer()));
    expect(page).toContain('Payment Mode: Cash · Payment Status: Paid');
  });

  it.each([
    ['a number that is not a mobile', { to: '12345', type: 'text', text: { body: 'Hi' } }, 'Enter the Valid Mobile Number !'],
    ['an image message without its image', { to: '9876543210', type: 'image' }, 'The image of the message is required.'],
    ['another messaging product', { to: '9876543210', messaging_product: 'sms', type: 'text', text: { body: 'Hi' } }, "messaging_product must be 'whatsapp'."],
  ])('refuses %s', async (_, body, message) => {
    const answer = await call<{ message: string }>('POST', '/message/whatsapp', { token: await cashierToken(), body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

describe('who a message may go to', () => {
  it("sends a bill to its customer's own e-mail and mobile without a confirmation, and records nothing", async () => {
    const mine = await oilBill(customer);
    const mail = await email({ toAddress: customer.emailId!.toUpperCase(), purchaseId: mine.purchaseId });
    expect(mail.status, JSON.stringify(mail.body)).toBe(200);
    // Compared ignoring case, sent as typed.
    expect((await latestMailTo(customer.emailId!.toUpperCase())).subject).toBe(`Receipt for bill ${mine.purchaseId} from Sri Lakshmi General Stores`);
    expect((await whatsapp({ to: customer.mobileNumber, purchaseId: mine.purchaseId })).status).toBe(200);
    expect((await billHistory(mine.purchaseId)).filter((r) => r.action === 'sendTyped')).toEqual([]);
  });

  it("refuses a bill to anyone else's address or number unless the cashier confirmed it typed, and sends nothing", async () => {
    const mine = await oilBill(customer);
    const mailsBefore = (await sentMail()).length;
    const mail = await email({ toAddress: 'stranger@example.in', purchaseId: mine.purchaseId });
    expect(mail.status).toBe(400);
    expect(mail.body.message).toBe(notTheCustomers('e-mail'));
    const other = await newCustomer();
    const message = await whatsapp({ to: other.mobileNumber, purchaseId: mine.purchaseId });
    expect(message.status).toBe(400);
    expect(message.body.message).toBe(notTheCustomers('WhatsApp'));
    expect((await email({ toAddress: 'stranger@example.in', purchaseId: mine.purchaseId, recipientConfirmed: false })).status).toBe(400);
    expect((await sentMail()).length).toBe(mailsBefore);
  });

  it('sends a bill to a typed and confirmed address, recorded in the audit trail with who sent it and where', async () => {
    const mine = await oilBill(customer);
    expect((await email({ toAddress: 'Family.Member@example.in', purchaseId: mine.purchaseId, recipientConfirmed: true })).status).toBe(200);
    expect((await latestMailTo('Family.Member@example.in')).attachments.map((a) => a.filename)).toEqual([`Receipt_${mine.purchaseId}.pdf`]);
    expect((await whatsapp({ to: '919812345670', purchaseId: mine.purchaseId, recipientConfirmed: true })).status).toBe(200);
    const sends = (await billHistory(mine.purchaseId)).filter((r) => r.action === 'sendTyped');
    expect(sends).toEqual([
      expect.objectContaining({ by: 'cashier@demo.shop', entity: 'bill', entityId: String(mine.purchaseId), after: { sentBy: 'WhatsApp', to: '9812345670' } }),
      expect.objectContaining({ by: 'cashier@demo.shop', after: { sentBy: 'e-mail', to: 'family.member@example.in' } }),
    ]);
  });

  it("sends a message without a bill only to a customer's mobile, or to a typed and confirmed address (recorded)", async () => {
    expect((await whatsapp({ to: customer.mobileNumber, type: 'text', text: { body: 'Sale on Sunday' } })).status).toBe(200);
    const stranger = await whatsapp({ to: '9812345671', type: 'text', text: { body: 'Sale on Sunday' } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(NOT_A_CUSTOMER.WhatsApp);
    const unconfirmed = await email({ toAddress: customer.emailId! });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toBe(NOT_A_CUSTOMER['e-mail']);

    expect((await email({ toAddress: 'notes@example.in', recipientConfirmed: true })).status).toBe(200);
    expect((await latestMailTo('notes@example.in')).subject).toBe('A message from Sri Lakshmi General Stores');
    const records = (await call<AuditRecord[]>('GET', '/audit?entity=message&entityId=e-mail&size=100', { token: await adminToken() })).body;
    expect(records[0]).toMatchObject({ by: 'cashier@demo.shop', action: 'sendTyped', after: { sentBy: 'e-mail', to: 'notes@example.in' } });
  });

  it("refuses a subject of the caller's: the shop's subject names the bill and the shop", async () => {
    const answer = await email({ toAddress: customer.emailId!, purchaseId: saved.purchaseId, subject: 'Your account is locked' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SUBJECT_FIXED);
  });
});

describe('how often', () => {
  it(`sends one bill at most ${SENDS_PER_DAY} times a day, by e-mail and WhatsApp together, then 429 with Retry-After`, async () => {
    const mine = await oilBill(customer);
    for (let i = 0; i < SENDS_PER_DAY; i++) {
      const answer = i % 2 ? await whatsapp({ to: customer.mobileNumber, purchaseId: mine.purchaseId }) : await email({ toAddress: customer.emailId!, purchaseId: mine.purchaseId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const mailsBefore = (await sentMail()).length;
    const refused = await email({ toAddress: customer.emailId!, purchaseId: mine.purchaseId });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`^This bill was already sent ${SENDS_PER_DAY} times today\\. It can be sent again in \\d+ hours\\.$`));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect((await whatsapp({ to: customer.mobileNumber, purchaseId: mine.purchaseId })).status).toBe(429);
    expect((await sentMail()).length).toBe(mailsBefore);
    // Another bill of the same customer is counted on its own.
    expect((await email({ toAddress: customer.emailId!, purchaseId: (await oilBill(customer)).purchaseId })).status).toBe(200);
  });

  it(`sends at most ${SENDS_PER_DAY} messages without a bill to one address a day`, async () => {
    const send = () => email({ toAddress: 'daily.notes@example.in', recipientConfirmed: true });
    for (let i = 0; i < SENDS_PER_DAY; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^This customer was already sent \d+ messages today\. Please try again in \d+ hours\.$/);
    // The same mailbox written another way (letter case, a +tag) is the same address to a mail server, and to the limit.
    for (const alias of ['Daily.Notes@Example.in', 'daily.notes+1@example.in', 'DAILY.NOTES+promo@EXAMPLE.IN']) {
      expect((await email({ toAddress: alias, recipientConfirmed: true })).status, alias).toBe(429);
    }
  });

  it(`sends at most ${SHOP_MESSAGES_PER_HOUR} messages a shop an hour, whoever sends them, then 429 with when to try again`, async () => {
    // A shop of its own, whose hour is filled to one short of the limit through the same counter the sends use.
    const shop = 'msglimit';
    await seedStaffShop(shop, 'Message Limit Stores', [['owner', ROLE.TENANT_MANAGER], ['cashier', ROLE.CASHIER, 'owner']]);
    const now = new Date();
    for (let i = 1; i < SHOP_MESSAGES_PER_HOUR; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, SHOP_MESSAGES_PER_HOUR - i) }, () => reserveTries(shop, [[LIMITS.messagesOfShop, 'shop']], now)));
    }
    const [cashier, shopOwner] = await Promise.all([tokenOf(`cashier@${shop}.shop`), tokenOf(`owner@${shop}.shop`)]);
    expect((await email({ toAddress: 'last.one@example.in', recipientConfirmed: true }, cashier)).status).toBe(200);
    const refused = await email({ toAddress: 'one.more@example.in', recipientConfirmed: true }, shopOwner);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`^Your shop has sent ${SHOP_MESSAGES_PER_HOUR} messages in the last hour, the most it may\\. Please try again in \\d+ minutes?\\.$`));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // Other shops send on.
    expect((await email({ toAddress: customer.emailId!, purchaseId: (await oilBill(customer)).purchaseId })).status).toBe(200);
  });

  it('counts only what is sent: refused recipients and unknown bills use up none of a bill’s sends', async () => {
    const mine = await oilBill(customer);
    for (let i = 0; i < SENDS_PER_DAY; i++) expect((await email({ toAddress: 'stranger@example.in', purchaseId: mine.purchaseId })).status).toBe(400);
    expect((await whatsapp({ to: customer.mobileNumber, purchaseId: 999_999 })).status).toBe(404);
    for (let i = 0; i < SENDS_PER_DAY; i++) expect((await whatsapp({ to: customer.mobileNumber, purchaseId: mine.purchaseId })).status).toBe(200);
  });
});
