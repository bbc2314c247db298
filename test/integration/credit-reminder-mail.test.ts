import { beforeAll, describe, expect, inject, it } from 'vitest';
import { customerData } from '../../functions/customers/data.js';
import { transact } from '../../functions/lib/db.js';
import { placeBill as saveBill } from '../../functions/purchases/service.js';
import { toPaise } from '../../shared/money.js';
import type { AccountView } from '../../shared/schemas/account.js';
import type { AuditRecord } from '../../shared/schemas/audit.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { purchaseBody } from '../../shared/schemas/purchase.js';
import { call, tokenOf } from './client.js';
import { sentMail } from './mail.js';
import { accountBill, adminToken, demoScopeAt, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * Dues reminders by e-mail (docs/customer-credit.md, "Reminders"): a customer with an e-mail address gets the
 * WhatsApp text by e-mail too, through SES (the emulator's store here), within the same once-a-week limit; the
 * answer names the channels and the audit records them. A customer without an address is reminded on WhatsApp only.
 */
const managerToken = () => tokenOf('manager@demo.shop');
let shelf: Shelf;

beforeAll(async () => {
  shelf = await stockedProduct({ name: 'Reminder Dal 1kg', quantity: 100, mrp: 150, buyingPrice: 100, gst: 0 });
});

/** A customer allowed on account who bought `bags` bags on account 40 days ago. */
async function owingCustomer(customer: Customer, bags: number) {
  const set = await call<AccountView>('PUT', `/account/${customer.customerId}`, { token: await managerToken(), body: { onAccount: true, limit: 5000 } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const body = accountBill(shelf, customer, bags);
  await saveBill(demoScopeAt(new Date(Date.now() - 40 * 86_400_000).toISOString()), purchaseBody.parse(body));
  return body.netAmount;
}

const whatsAppTo = async (mobile: string) =>
  ((await (await fetch(`${inject('whatsappUrl')}/messages`)).json()) as { messages: { to: string; body: { text?: { body: string } } }[] }).messages.filter((m) => m.to === `91${mobile}`);
const mailTo = async (address: string) => (await sentMail()).filter((m) => m.to.includes(address));

describe('a dues reminder by e-mail', () => {
  it('goes beside the WhatsApp message to a customer with an address, with the same words, once a week, named in the answer and the audit', async () => {
    const customer = await newCustomer();
    const address = customer.emailId!;
    const owed = await owingCustomer(customer, 2);
    const sent = await call<{ message: string; text: string; channels: string[] }>('POST', `/account/${customer.customerId}/remind`, { token: await managerToken() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.channels).toEqual(['WhatsApp', 'e-mail']);
    expect(sent.body.message).toMatch(new RegExp(`^Reminder sent to .+ on WhatsApp and by e-mail \\(${address.replace(/\./g, '\\.')}\\)\\.$`));

    const mails = await mailTo(address);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toBe(sent.body.text);
    expect(mail.text).toContain(`you owe ₹${owed.toFixed(2)} on your account`);
    expect(mail.text).toMatch(/The oldest unpaid bill is of \d\d\/\d\d\/\d{4}\./);
    expect(mail.subject).toMatch(new RegExp(`^Payment reminder from .+: ₹${owed.toFixed(2)} due$`));
    // The UPI link for the exact amount, when the shop has a UPI ID, is a link in the HTML part.
    const upi = /upi:\/\/pay\S+/.exec(mail.text)?.[0];
    if (upi) expect(mail.html).toContain(`<a href="${upi.replace(/&/g, '&#38;')}">`);
    expect((await whatsAppTo(customer.mobileNumber)).at(-1)?.body.text?.body).toBe(sent.body.text);

    // The weekly limit holds for both channels: no second message nor mail.
    const again = await call<{ message: string }>('POST', `/account/${customer.customerId}/remind`, { token: await managerToken() });
    expect(again.status).toBe(409);
    expect(await mailTo(address)).toHaveLength(1);
    expect(await whatsAppTo(customer.mobileNumber)).toHaveLength(1);

    const audit = await call<AuditRecord[]>('GET', `/audit?entity=account&entityId=${customer.customerId}&size=20`, { token: await adminToken() });
    expect(audit.status).toBe(200);
    const reminded = audit.body.filter((r) => r.after.reminded !== undefined);
    expect(reminded).toHaveLength(1);
    expect(reminded[0]!.after).toMatchObject({ channels: ['WhatsApp', 'e-mail'], email: address, balance: toPaise(owed) });
  });

  it('is not sent to a customer without an address, who is reminded on WhatsApp only; reminding all says who got an e-mail', async () => {
    // The staff's customer form asks for an address; a customer kept from before may have none.
    const saved = await newCustomer();
    const noAddress: Customer = { ...saved, emailId: undefined };
    await transact([customerData.replace('demo', noAddress, saved.version)]);
    await owingCustomer(noAddress, 1);
    const sent = await call<{ message: string; channels: string[] }>('POST', `/account/${noAddress.customerId}/remind`, { token: await managerToken() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.channels).toEqual(['WhatsApp']);
    expect(sent.body.message).toMatch(/^Reminder sent to .+ on WhatsApp\.$/);
    expect(await mailTo(saved.emailId!)).toHaveLength(0);

    const withAddress = await newCustomer();
    await owingCustomer(withAddress, 1);
    const all = await call<{ sent: number[]; emailed: number[]; skipped: { customerId: number }[] }>('POST', '/accounts/remind', { token: await managerToken(), body: { minAge: 30 } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.sent).toContain(withAddress.customerId);
    expect(all.body.emailed).toContain(withAddress.customerId);
    expect(all.body.emailed).not.toContain(noAddress.customerId);
    expect(all.body.skipped.map((s) => s.customerId)).toContain(noAddress.customerId);
    expect(await mailTo(withAddress.emailId!)).toHaveLength(1);
  });
});
