import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountView, Approval, LedgerEntry } from '../../shared/schemas/account.js';
import type { AuditRecord } from '../../shared/schemas/audit.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { receivePayment } from '../../functions/accounts/service.js';
import { openBill, placeBill as saveBill } from '../../functions/purchases/service.js';
import { dailyReport } from '../../functions/reports/daily-mail.js';
import { tenantData } from '../../functions/tenants/data.js';
import { accountPaymentBody } from '../../shared/schemas/account.js';
import { purchaseBody } from '../../shared/schemas/purchase.js';
import type { Receivables } from '../../shared/schemas/account.js';
import { shopDay } from '../../shared/bill.js';
import { apiUrl, call, tokenOf } from './client.js';
import { pdfText } from './pdf-text.js';
import { accountBill, adminToken, cashierToken, demoScopeAt, newCustomer, placeBill, stockedProduct, type Shelf } from './pos-fixtures.js';

/**
 * Customer credit (docs/customer-credit.md): a bill's "On account" part moves the customer's balance in the bill's
 * own transaction under the limit, a manager's code lets one bill past it, payments, returns and write-offs are
 * ledger entries with their running balance, and no till, however many at once, takes a customer over the limit.
 */
const managerToken = () => tokenOf('manager@demo.shop');

let shelf: Shelf;
beforeAll(async () => {
  shelf = await stockedProduct({ name: 'Khata Rice 5kg', quantity: 500, mrp: 200, buyingPrice: 150, gst: 0 });
});

const billOf = (customer: Customer, quantity: number, onAccount: number, extra: Record<string, unknown> = {}) => accountBill(shelf, customer, quantity, onAccount, extra);

const accountOf = async (customer: Customer) => {
  const answer = await call<AccountView>('GET', `/account/${customer.customerId}`, { token: await cashierToken() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

async function allEntries(customer: Customer): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const answer = await call<LedgerEntry[]>('GET', `/account/${customer.customerId}/entries?size=3${cursor ? `&cursor=${cursor}` : ''}`, { token: await managerToken() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    entries.push(...answer.body);
    cursor = answer.headers.get('x-next-page') ?? undefined;
  } while (cursor);
  return entries;
}

/** The ledger is whole: entries numbered 1…n, each balance the one before plus its amount, the last the balance. */
async function expectLedgerAdds(customer: Customer) {
  const entries = (await allEntries(customer)).reverse();
  let balance = 0;
  entries.forEach((e, i) => {
    expect(e.entryNo).toBe(i + 1);
    balance = Math.round((balance + e.amount) * 100) / 100;
    expect(e.balanceAfter).toBe(balance);
  });
  expect((await accountOf(customer)).balance).toBe(balance);
  return entries;
}

async function creditCustomer(limit: number): Promise<Customer> {
  const customer = await newCustomer();
  const set = await call<AccountView>('PUT', `/account/${customer.customerId}`, { token: await managerToken(), body: { onAccount: true, limit } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body).toMatchObject({ onAccount: true, limit, balance: 0 });
  return customer;
}

const nameOf = (customer: Customer) => customer.legalName ?? customer.customerName.split('@')[0];

describe('the shop sets who may buy on account', () => {
  it('refuses an account sale to a customer not allowed one, and lets only the owner or a manager set the terms', async () => {
    const customer = await newCustomer();
    const refused = await placeBill(billOf(customer, 1, 200));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`${nameOf(customer)} may not buy on account. The owner or a manager can allow it on the customer's account.`);
    const byCashier = await call('PUT', `/account/${customer.customerId}`, { token: await cashierToken(), body: { onAccount: true, limit: 100000 } });
    expect(byCashier.status).toBe(403);
    expect((await accountOf(customer)).onAccount).toBe(false);
  });
});

describe('a bill on account', () => {
  it('adds its on-account part to the balance in the bill, and refuses one that passes the limit naming the due and the limit', async () => {
    const customer = await creditCustomer(5000);
    // 20 bags make ₹4,000.00: all of it on account.
    const first = await placeBill(billOf(customer, 20, 4000));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The invoice says what went on account and what the customer owes after it.
    expect(first.body.account).toEqual({ amount: 4000, balanceAfter: 4000 });
    expect(first.body.tenders).toEqual([{ method: 'account', label: 'On account', amount: 4000 }]);
    const { bill } = await openBill('demo', first.body.purchaseId, true);
    expect(bill.account).toEqual({ amount: 400000, balanceAfter: 400000 });
    expect(bill.tenders).toEqual([{ method: 'account', amount: 400000 }]);

    const second = await placeBill(billOf(customer, 5, 500));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await accountOf(customer)).balance).toBe(4500);

    const over = await placeBill(billOf(customer, 6, 1200));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      `Credit limit exceeded: ${nameOf(customer)} owes ₹4,500.00 of a ₹5,000.00 limit; this bill puts ₹1,200.00 on account. A manager can approve it.`,
    );
    expect((await accountOf(customer)).balance).toBe(4500);
  });

  it('passes the limit with a manager’s code, once, naming the manager on the entry and the bill', async () => {
    const customer = await creditCustomer(1000);
    const asCashier = await call('POST', `/account/${customer.customerId}/approval`, { token: await cashierToken(), body: { amount: 1200 } });
    expect(asCashier.status).toBe(403);
    const approval = await call<Approval>('POST', `/account/${customer.customerId}/approval`, { token: await managerToken(), body: { amount: 1200 } });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    expect(approval.body.code).toMatch(/^\d{6}$/);

    const tooMuch = await placeBill(billOf(customer, 7, 1400, { accountApproval: approval.body.code }));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('This approval code is not valid for this customer, or has expired. Ask the manager for a new one.');

    const approved = await placeBill(billOf(customer, 6, 1200, { accountApproval: approval.body.code }));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await openBill('demo', approved.body.purchaseId, true)).bill.account).toEqual({ amount: 120000, balanceAfter: 120000, approvedBy: 'manager@demo.shop' });
    const [entry] = await allEntries(customer);
    expect(entry).toMatchObject({ kind: 'bill', amount: 1200, balanceAfter: 1200, approvedBy: 'manager@demo.shop', purchaseId: approved.body.purchaseId });

    const again = await placeBill(billOf(customer, 1, 200, { accountApproval: approval.body.code }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This approval code is not valid for this customer, or has expired. Ask the manager for a new one.');
    expect((await accountOf(customer)).balance).toBe(1200);
  });

  it('never lets bills made at once at several tills take the customer past the limit', async () => {
    const customer = await creditCustomer(1000);
    // Eight tills each put ₹200.00 on account at the same moment: five fit the ₹1,000.00 limit.
    const answers = await Promise.all(Array.from({ length: 8 }, () => placeBill(billOf(customer, 1, 200))));
    const saved = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body.message).toMatch(/^Credit limit exceeded: .* owes ₹1,000\.00 of a ₹1,000\.00 limit/);
    expect(saved).toHaveLength(5);
    const entries = await expectLedgerAdds(customer);
    expect(entries.map((e) => e.balanceAfter)).toEqual([200, 400, 600, 800, 1000]);
  }, 60_000);
});

describe('payments, returns and write-offs', () => {
  it('takes a split payment against the balance, refusing more than is owed unless it is an advance', async () => {
    const customer = await creditCustomer(3000);
    expect((await placeBill(billOf(customer, 10, 2000))).status).toBe(200);
    const over = await call<{ message: string }>('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body: { tenders: [{ method: 'cash', amount: 2500 }] } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`${nameOf(customer)} owes ₹2,000.00; this payment is ₹2,500.00. Take at most ₹2,000.00, or record the rest as an advance.`);

    const key = randomUUID();
    const paid = await call<LedgerEntry>('POST', `/account/${customer.customerId}/payment`, {
      token: await cashierToken(),
      body: { tenders: [{ method: 'cash', amount: 500 }, { method: 'upi', amount: 700, reference: 'UTR123' }], idempotencyKey: key },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ kind: 'payment', amount: -1200, balanceAfter: 800 });
    expect(paid.body.tenders?.map((t) => [t.label, t.amount])).toEqual([['Cash', 500], ['UPI', 700]]);
    // The same payment sent again (a network retry) is the one payment.
    const repeat = await call<LedgerEntry>('POST', `/account/${customer.customerId}/payment`, {
      token: await cashierToken(),
      body: { tenders: [{ method: 'cash', amount: 500 }, { method: 'upi', amount: 700, reference: 'UTR123' }], idempotencyKey: key },
    });
    expect(repeat.body.entryNo).toBe(paid.body.entryNo);

    const advance = await call<LedgerEntry>('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body: { tenders: [{ method: 'cash', amount: 1000 }], advance: true } });
    expect(advance.status, JSON.stringify(advance.body)).toBe(200);
    expect(advance.body).toMatchObject({ balanceAfter: -200, advance: true });
    await expectLedgerAdds(customer);
  });

  it('credits a return refunded to the account', async () => {
    const customer = await creditCustomer(3000);
    const sold = await placeBill(billOf(customer, 5, 1000));
    expect(sold.status).toBe(200);
    const back = await call('POST', `/purchase/return/${sold.body.purchaseId}`, {
      token: await cashierToken(),
      body: { refundTenders: [{ method: 'account', amount: 400 }], purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 2 }], returnAmount: 400 },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const entries = await expectLedgerAdds(customer);
    expect(entries.at(-1)).toMatchObject({ kind: 'return', amount: -400, balanceAfter: 600, purchaseId: sold.body.purchaseId, returnId: 1 });
  });

  it('lets only the owner write dues off, with a reason, never more than is owed, in the audit trail', async () => {
    const customer = await creditCustomer(3000);
    expect((await placeBill(billOf(customer, 3, 600))).status).toBe(200);
    const byManager = await call('POST', `/account/${customer.customerId}/writeOff`, { token: await managerToken(), body: { amount: 100, reason: 'Damaged in transit' } });
    expect(byManager.status).toBe(403);
    const tooMuch = await call<{ message: string }>('POST', `/account/${customer.customerId}/writeOff`, { token: await adminToken(), body: { amount: 700, reason: 'Customer left town' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(`${nameOf(customer)} owes ₹600.00: at most that can be written off.`);
    const off = await call<LedgerEntry>('POST', `/account/${customer.customerId}/writeOff`, { token: await adminToken(), body: { amount: 150, reason: 'Customer left town' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ kind: 'writeOff', amount: -150, balanceAfter: 450, reason: 'Customer left town', by: 'admin@demo.shop' });
    await expectLedgerAdds(customer);

    const audit = await call<AuditRecord[]>('GET', `/audit?entity=account&entityId=${customer.customerId}&size=20`, { token: await adminToken() });
    expect(audit.status).toBe(200);
    const kinds = audit.body.map((r) => r.after.kind ?? (r.after.onAccount !== undefined ? 'terms' : undefined));
    expect(kinds).toEqual(['writeOff', 'bill', 'terms']);
  });
});

describe('the statement of a period', () => {
  it('prints the balance brought forward, each entry with its balance, and the balance carried forward, as PDF and Excel', async () => {
    const customer = await creditCustomer(5000);
    expect((await placeBill(billOf(customer, 4, 800))).status).toBe(200);
    const paid = await call('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body: { tenders: [{ method: 'upi', amount: 300 }] } });
    expect(paid.status).toBe(200);
    const today = shopDay(new Date());
    const get = async (format: string) => {
      const response = await fetch(`${apiUrl()}/account/${customer.customerId}/statement?from=${today}&to=${today}&format=${format}`, { headers: { authorization: `Bearer ${await managerToken()}` } });
      expect(response.status).toBe(200);
      return { disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const pdf = await get('pdf');
    expect(pdf.disposition).toContain(`Statement_${customer.customerId}_${today}_${today}.pdf`);
    const text = (await pdfText(pdf.bytes)).join('\n');
    expect(text).toContain('Statement of account');
    expect(text).toContain('Balance brought forward ₹0.00 · Billed on account ₹800.00 · Paid and credited ₹300.00 · Balance carried forward ₹500.00');
    expect(text).toContain('Bill on account');
    expect(text).toContain('Payment received');

    const xlsx = await get('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const balances = rows.filter((r) => r[2] === 'Bill on account' || r[2] === 'Payment received').map((r) => [r[2], r[6]]);
    expect(balances).toEqual([
      ['Bill on account', 800],
      ['Payment received', 500],
    ]);
  });
});

describe('receivables', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  /** A bill of `bags` bags wholly on account, made `days` ago through the point of sale's own service. */
  const onAccountDaysAgo = (customer: Customer, bags: number, days: number) => saveBill(demoScopeAt(daysAgo(days)), purchaseBody.parse(billOf(customer, bags, bags * 200)));

  it('ages what each customer owes by their unpaid bills, oldest paid first, with the totals, those over the limit and the total due', async () => {
    const before = await call<{ totalDue: number }>('GET', '/accounts/totalDue', { token: await adminToken() });
    const customer = await creditCustomer(3000);
    await onAccountDaysAgo(customer, 5, 100); // ₹1,000 a hundred days ago
    await onAccountDaysAgo(customer, 2, 45); // ₹400 45 days ago
    await onAccountDaysAgo(customer, 1, 3); // ₹200 three days ago
    // ₹1,100 paid: the oldest bill (₹1,000) and ₹100 of the next are settled.
    expect((await call('POST', `/account/${customer.customerId}/payment`, { token: await cashierToken(), body: { tenders: [{ method: 'cash', amount: 1100 }] } })).status).toBe(200);
    const answer = await call<Receivables>('GET', '/accounts/receivables', { token: await managerToken() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = answer.body.rows.find((r) => r.customerId === customer.customerId)!;
    expect(row).toMatchObject({ balance: 500, limit: 3000, overLimit: false, aged: { d0to30: 200, d31to60: 300, d61to90: 0, d90plus: 0 }, daysOverdue: 45 });
    expect(answer.body.totals.balance).toBeGreaterThanOrEqual(500);

    const old = await call<Receivables>('GET', '/accounts/receivables?minAge=40', { token: await managerToken() });
    expect(old.body.rows.map((r) => r.customerId)).toContain(customer.customerId);
    const none = await call<Receivables>('GET', '/accounts/receivables?minAge=60', { token: await managerToken() });
    expect(none.body.rows.map((r) => r.customerId)).not.toContain(customer.customerId);

    const after = await call<{ totalDue: number }>('GET', '/accounts/totalDue', { token: await adminToken() });
    expect(Math.round((after.body.totalDue - before.body.totalDue) * 100)).toBeGreaterThanOrEqual(50000);
  });

  it('lists a customer past the limit (approved) among those over their limit', async () => {
    const customer = await creditCustomer(500);
    const approval = await call<Approval>('POST', `/account/${customer.customerId}/approval`, { token: await managerToken(), body: { amount: 600 } });
    expect((await placeBill(billOf(customer, 3, 600, { accountApproval: approval.body.code }))).status).toBe(200);
    const answer = await call<Receivables>('GET', '/accounts/receivables', { token: await managerToken() });
    expect(answer.body.overLimit).toContain(customer.customerId);
  });
});

describe('reminders on WhatsApp', () => {
  const recorded = async () =>
    ((await (await fetch(`${inject('whatsappUrl')}/messages`)).json()) as { messages: { to: string; body: { text?: { body: string } } }[] }).messages;

  it('sends the balance, the oldest unpaid bill’s date and a UPI link, at most once a week per customer, and reminds all over an age', async () => {
    const customer = await creditCustomer(3000);
    const owesNothing = await call<{ message: string }>('POST', `/account/${customer.customerId}/remind`, { token: await managerToken() });
    expect(owesNothing.status).toBe(400);
    expect(owesNothing.body.message).toBe(`${nameOf(customer)} owes nothing: there is nothing to remind.`);

    await saveBill(demoScopeAt(new Date(Date.now() - 40 * 86_400_000).toISOString()), purchaseBody.parse(billOf(customer, 3, 600)));
    const sent = await call<{ message: string; text: string }>('POST', `/account/${customer.customerId}/remind`, { token: await managerToken() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.text).toContain(`you owe ₹600.00 on your account`);
    expect(sent.body.text).toMatch(/The oldest unpaid bill is of \d\d\/\d\d\/\d{4}\./);
    const message = (await recorded()).filter((m) => m.to === `91${customer.mobileNumber}`).at(-1);
    expect(message?.body.text?.body).toBe(sent.body.text);

    const again = await call<{ message: string }>('POST', `/account/${customer.customerId}/remind`, { token: await managerToken() });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/was reminded on .*; the next reminder can go 7 days after that\./);

    const other = await creditCustomer(3000);
    await saveBill(demoScopeAt(new Date(Date.now() - 35 * 86_400_000).toISOString()), purchaseBody.parse(billOf(other, 1, 200)));
    const all = await call<{ sent: number[]; skipped: { customerId: number; reason: string }[] }>('POST', '/accounts/remind', { token: await managerToken(), body: { minAge: 30 } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.sent).toContain(other.customerId);
    expect(all.body.skipped.map((s) => s.customerId)).toContain(customer.customerId);
  });
});

describe('a bill on account made offline', () => {
  it('is held for a manager when the server’s balance takes the customer past the limit, and the manager’s sale is approved by them', async () => {
    const customer = await creditCustomer(1000);
    expect((await placeBill(billOf(customer, 4, 800))).status).toBe(200);
    // The till, offline, still believed the customer owed nothing.
    const key = randomUUID();
    const offline = { madeOn: new Date(Date.now() - 600_000).toISOString(), provisionalNumber: `DEM-T7-${Date.now() % 1_000_000}`, deviceId: `till-${randomUUID()}` };
    const held = await placeBill({ ...billOf(customer, 2, 400), idempotencyKey: key, offline });
    expect(held.status, JSON.stringify(held.body)).toBe(409);
    const problems = (held.body as unknown as { details: { problems: { kind: string; message: string }[] } }).details.problems;
    expect(problems).toEqual([
      { kind: 'creditLimit', message: `Credit limit exceeded: ${nameOf(customer)} owes ₹800.00 of a ₹1,000.00 limit; this bill puts ₹400.00 on account. A manager can approve it.` },
    ]);
    expect((await accountOf(customer)).balance).toBe(800);

    const sold = await call<{ state: string }>('POST', `/purchase/held/${key}/sellAgainstNegativeStock`, { token: await managerToken(), body: { reason: 'Regular customer, pays on Friday' } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const [entry] = await allEntries(customer);
    expect(entry).toMatchObject({ kind: 'bill', amount: 400, balanceAfter: 1200, approvedBy: 'manager@demo.shop' });
  });
});

describe('another shop', () => {
  it('never reads nor moves this shop’s account', async () => {
    const customer = await creditCustomer(3000);
    expect((await placeBill(billOf(customer, 2, 400))).status).toBe(200);
    const beta = await tokenOf('admin@beta.shop');
    const read = await call('GET', `/account/${customer.customerId}`, { token: beta });
    expect(JSON.stringify(read.body)).not.toContain(customer.mobileNumber);
    await call('POST', `/account/${customer.customerId}/payment`, { token: beta, body: { tenders: [{ method: 'cash', amount: 400 }], advance: true } });
    await call('POST', `/account/${customer.customerId}/writeOff`, { token: beta, body: { amount: 400, reason: 'Not mine to write off' } });
    expect((await accountOf(customer)).balance).toBe(400);
    expect(await allEntries(customer)).toHaveLength(1);
  });
});

describe("the daily report e-mail", () => {
  // 14/08/2009 in the demo shop: no other test bills or takes payments on that day.
  it('words the day’s new credit given and the dues collected, in the takings but not in Sold', async () => {
    const customer = await creditCustomer(5000);
    // 10:30 IST: 3 bags (₹600.00), ₹400.00 of it on account and ₹200.00 in cash.
    await saveBill(demoScopeAt('2009-08-14T05:00:00Z'), purchaseBody.parse(billOf(customer, 3, 400)));
    // 13:30 IST: ₹250.00 against the balance, ₹150.00 in cash and ₹100.00 by UPI.
    await receivePayment(demoScopeAt('2009-08-14T08:00:00Z'), customer.customerId, accountPaymentBody.parse({ tenders: [{ method: 'cash', amount: 150 }, { method: 'upi', amount: 100 }] }));
    expect((await accountOf(customer)).balance).toBe(150);

    const tenant = (await tenantData.get('demo'))!;
    const day = await dailyReport(tenant, '2009-08-14', new Date('2009-08-14T15:30:00Z'));
    const given = 'New credit given (sold on account, no money received) ₹400.00 − credited back by returns ₹0.00 = Net sold on account ₹400.00: in the profit, in no takings';
    const collected = 'Dues collected ₹250.00 (cash ₹150.00, UPI ₹100.00, card ₹0.00, other online ₹0.00): takings, not in Sold';
    for (const line of [given, collected]) {
      expect(day.text).toContain(line);
      expect(day.html).toContain(line);
    }
    expect(day.text).toContain('Goods billed ₹600.00 − points redeemed ₹0.00 = Sold ₹200.00 (cash ₹200.00, online ₹0.00)');
    // The drawer holds the bill's ₹200.00 and the dues' ₹150.00; the UPI ₹100.00 is online.
    expect(day.text).toContain('Cash in hand ₹350.00 = cash takings ₹350.00 (dues collected ₹150.00 of it) − cash refunds ₹0.00 − expenses paid in cash ₹0.00');
    expect(day.text).toContain('Online balance ₹100.00 = online takings ₹100.00 (dues collected ₹100.00 of it)');

    const dayBefore = await dailyReport(tenant, '2009-08-13', new Date('2009-08-13T15:30:00Z'));
    expect(dayBefore.text).not.toContain('New credit given');
    expect(dayBefore.text).not.toContain('Dues collected');
  });
});
