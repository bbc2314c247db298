import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import { call } from './client.js';
import { latestMailTo } from './mail.js';
import { pdfText } from './pdf-text.js';
import { bill, cashierToken, line, mustPlace, newCustomer, stockedProduct } from './pos-fixtures.js';

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

beforeAll(async () => {
  const oil = await stockedProduct({ name: 'Sunflower Oil 1L', quantity: 10, mrp: 165, buyingPrice: 139, gst: 5 });
  customer = await newCustomer();
  // ₹165.00 at 5%: taxable ₹157.14, tax ₹7.86.
  saved = await mustPlace(bill(customer, [line(oil, 1)], { grossAmount: 165, discount: 0, tax: 7.86, netAmount: 165 }));
});

describe('POST /message/email', () => {
  it("sends the content through SES with the bill's receipt attached as a PDF", async () => {
    const answer = await call<{ message: string; messageId: string }>('POST', '/message/email', {
      token: await cashierToken(),
      body: { toAddress: 'family@example.in', content: 'Your bill <b>is</b> attached.', purchaseId: saved.purchaseId },
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
