import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format.js';
import { gstinCheckCharacter, parseDocumentNumber } from '../../shared/gst.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { CreditNote, OrderRow, Purchase, Receipt } from '../../shared/schemas/purchase.js';
import { rootLogger } from '../../functions/lib/logger.js';
import { CREDIT_NOTE_NOT_FOUND, purchaseBody, returnBody } from '../../shared/schemas/purchase.js';
import { returnGoods, saveBill } from '../../functions/purchases/service.js';
import { apiUrl, call } from './client.js';
import { completeCheckout, createOrder, reportCheckout } from './payment-fixtures.js';
import { mustAdd, newShopper, stocked } from './storefront-fixtures.js';
import { latestMailTo, sentMail } from './mail.js';
import { pdfText } from './pdf-text.js';
import { adminToken, bill, cashierToken, line, mustPlace, newCustomer, stockedProduct, type Shelf } from './pos-fixtures.js';

/** A valid GSTIN of a state: the check character worked out, so the server's checksum test passes. */
const gstinOf = (state: string, pan = 'AABCT1332L') => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;

let rice: Shelf;
let soap: Shelf;

/** Gives a product an HSN code and unit through the bulk edit, as the owner does on the products-without-HSN screen. */
async function giveHsn(shelf: Shelf, hsnCode: string, unit: string) {
  const token = await adminToken();
  const [product] = (await call<Record<string, unknown>[]>('GET', `/product/listOfProducts/${shelf.productId}`, { token })).body;
  const saved = await call('PUT', '/product/listOfProducts', { token, body: [{ ...product, hsnCode, unit }] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function b2bCustomer(state: string): Promise<Customer> {
  const plain = await newCustomer();
  const answer = await call<Customer>('PUT', `/customer/${plain.customerId}`, {
    token: await cashierToken(),
    body: { emailId: plain.emailId, address: 'Industrial Estate', gstin: gstinOf(state).toLowerCase(), version: plain.version },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** 2 × rice at ₹500.00 (5% GST) and 1 × soap at ₹90.00 (18% GST). */
const twoLines = (customer: Pick<Customer, 'mobileNumber'>) => bill(customer, [line(rice, 2), line(soap, 1)], { grossAmount: 1090, discount: 0, tax: 61.34, netAmount: 1090 });

beforeAll(async () => {
  rice = await stockedProduct({ name: 'GST Rice 5kg', quantity: 500, mrp: 500, buyingPrice: 400, gst: 5 });
  soap = await stockedProduct({ name: 'GST Soap', quantity: 500, mrp: 90, buyingPrice: 60, gst: 18 });
  await giveHsn(rice, '10063020', 'bag');
  await giveHsn(soap, '3401', 'NOS');
});

describe('tax invoices at the counter', () => {
  it('numbers a bill in the shop series of the financial year and keeps the bill number', async () => {
    const saved = await mustPlace(twoLines(await newCustomer()));
    expect(saved.invoiceNumber).toMatch(/^DEM\/\d{2}-\d{2}\/\d{6}$/);
    expect(saved.invoiceNumber!.length).toBeLessThanOrEqual(16);
    expect(saved).toMatchObject({ documentType: 'TAX_INVOICE', placeOfSupply: '29', supply: 'intra', igst: 0, tax: 61.34 });
    expect(saved.cgst + saved.sgst).toBeCloseTo(61.34, 2);
    expect(saved.cgst).toBe(saved.sgst);
    expect(saved.purchasedProduct.map((l) => [l.hsnCode, l.unit])).toEqual([
      ['10063020', 'BAG'],
      ['3401', 'NOS'],
    ]);
    const opened = await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: await cashierToken() });
    expect(opened.body.invoiceNumber).toBe(saved.invoiceNumber);
    // The customer's order list shows it with each line of the bill.
    const listed = await call<OrderRow[]>('GET', `/purchase/custMobile/${saved.mobileNumber}?page=0&size=5`, { token: await cashierToken() });
    expect(listed.body.map((row) => [row.purchaseId, row.invoiceNumber])).toEqual([
      [saved.purchaseId, saved.invoiceNumber],
      [saved.purchaseId, saved.invoiceNumber],
    ]);
  });

  it('charges IGST to a B2B customer whose GSTIN is of another state, and prints it on the receipt', async () => {
    const buyer = await b2bCustomer('27');
    const saved = await mustPlace(twoLines(buyer));
    expect(saved).toMatchObject({ placeOfSupply: '27', supply: 'inter', cgst: 0, sgst: 0, igst: 61.34, tax: 61.34, customerGstin: gstinOf('27') });
    expect(saved.purchasedProduct.map((l) => [l.igst, l.igstPrice, l.cgstPrice, l.sgstPrice])).toEqual([
      [5, 47.62, 0, 0],
      [18, 13.72, 0, 0],
    ]);
    const receipt = (await call<Receipt>('GET', `/purchase/receipt/${saved.purchaseId}`, { token: await cashierToken() })).body;
    expect(receipt).toMatchObject({ title: 'Tax Invoice', placeOfSupply: '27-Maharashtra', supply: 'inter', reverseCharge: 'No', amountInWords: 'Rupees One Thousand Ninety Only' });
    expect(receipt.totals).toMatchObject({ igst: 61.34, cgst: 0, sgst: 0 });
    expect(receipt.hsnSummary.map((r) => [r.hsnCode, r.unit, r.quantity, r.igst])).toEqual([
      ['10063020', 'BAG', 2, 47.62],
      ['3401', 'NOS', 1, 13.72],
    ]);
  });

  it('keeps CGST + SGST for a B2B customer of the shop state', async () => {
    const saved = await mustPlace(twoLines(await b2bCustomer('29')));
    expect(saved).toMatchObject({ placeOfSupply: '29', supply: 'intra', igst: 0, customerGstin: gstinOf('29') });
  });

  it('gives concurrent tills consecutive numbers without gaps or repeats', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => newCustomer()));
    const answers = await Promise.all(customers.map((c) => mustPlace(bill(c, [line(soap, 1)], { grossAmount: 90, discount: 0, tax: 13.72, netAmount: 90 }))));
    const numbers = answers.map((a) => parseDocumentNumber(a.invoiceNumber!)!);
    const sequences = numbers.map((n) => n.sequence).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(6);
    expect(sequences.at(-1)! - sequences[0]!).toBe(5);
    // Nothing else numbered a bill meanwhile in this test file: the next bill takes the next number.
    const next = await mustPlace(bill(customers[0]!, [line(soap, 1)], { grossAmount: 90, discount: 0, tax: 13.72, netAmount: 90 }));
    expect(parseDocumentNumber(next.invoiceNumber!)!.sequence).toBe(sequences.at(-1)! + 1);
  });
});

describe('the financial year', () => {
  const scopeAt = (iso: string) => ({ tenantId: 'demo', actor: { userName: 'cashier@demo.shop', now: new Date(iso) }, log: rootLogger });

  it('starts a new series on 1 April in India, even when it is still 31 March in UTC', async () => {
    const customer = await newCustomer();
    const body = purchaseBody.parse(bill(customer, [line(soap, 1)], { grossAmount: 90, discount: 0, tax: 13.72, netAmount: 90 }));
    const march = await saveBill(scopeAt('2031-03-31T18:00:00.000Z'), body);
    const april = await saveBill(scopeAt('2031-03-31T18:40:00.000Z'), body);
    const aprilNext = await saveBill(scopeAt('2031-04-02T06:00:00.000Z'), body);
    expect(march.bill.invoiceNumber).toMatch(/^DEM\/30-31\/\d{6}$/);
    expect(april.bill).toMatchObject({ invoiceNumber: 'DEM/31-32/000001', invoiceDate: '2031-04-01', financialYear: '31-32' });
    expect(aprilNext.bill.invoiceNumber).toBe('DEM/31-32/000002');
    // A return in the new year issues a credit note of the new year against the March invoice.
    const returned = await returnGoods(scopeAt('2031-04-03T06:00:00.000Z'), march.bill.purchaseId, returnBody.parse({ paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, whole: true }], returnAmount: 90 }));
    expect(returned.record).toMatchObject({
      creditNoteNumber: 'DEMC/31-32/00001',
      originalInvoiceNumber: march.bill.invoiceNumber,
      originalInvoiceDate: '2031-03-31',
      creditNoteDate: '2031-04-03',
    });
  });
});

describe('credit notes', () => {
  type ReturnAnswer = { returnId: number; creditNote: CreditNote; purchase: Purchase; mailSent?: boolean };
  const returnOf = async (purchaseId: number, body: unknown) => call<ReturnAnswer>('POST', `/purchase/return/${purchaseId}`, { token: await cashierToken(), body });

  it('reverse the tax at the bill rates, in their own series, and add up to the line when returned in parts', async () => {
    const saved = await mustPlace(bill(await newCustomer(), [line(rice, 3)], { grossAmount: 1500, discount: 0, tax: 71.42, netAmount: 1500 }));
    const first = await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 500 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const note = first.body.creditNote;
    expect(note.creditNoteNumber).toMatch(/^DEMC\/\d{2}-\d{2}\/\d{5}$/);
    expect(note).toMatchObject({ originalInvoiceNumber: saved.invoiceNumber, originalInvoiceDate: saved.saleDate, supply: 'intra', taxable: 476.2, cgst: 11.9, sgst: 11.9, tax: 23.8, value: 500 });
    expect(note.cgst + note.sgst).toBeCloseTo(23.8, 2);
    expect(note.lines[0]).toMatchObject({ hsnCode: '10063020', unit: 'BAG', quantity: 1, gst: 5 });
    const rest = await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, whole: true }], returnAmount: 1000 });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const second = rest.body.creditNote;
    expect(parseDocumentNumber(second.creditNoteNumber!)!.sequence).toBe(parseDocumentNumber(note.creditNoteNumber!)!.sequence + 1);
    expect(Math.round((note.taxable + second.taxable) * 100)).toBe(Math.round(saved.taxable * 100));
    expect(Math.round((note.tax + second.tax) * 100)).toBe(Math.round(saved.tax * 100));

    // Printed again later: the same credit note, as JSON and as its A4 PDF, listed on the bill's receipt.
    const token = await cashierToken();
    const again = await call<CreditNote>('GET', `/purchase/creditNote/${saved.purchaseId}/${first.body.returnId}`, { token });
    expect(again.body).toEqual(note);
    const pdf = await fetch(`${apiUrl()}/purchase/creditNote/${saved.purchaseId}/${first.body.returnId}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdfText(Buffer.from(await pdf.arrayBuffer()))).join(' ')).toContain(note.creditNoteNumber!);
    const receipt = await call<Receipt>('GET', `/purchase/receipt/${saved.purchaseId}`, { token });
    expect(receipt.body.creditNotes.map((c) => c.returnId)).toEqual([first.body.returnId, rest.body.returnId]);
    const missing = await call<{ message: string }>('GET', `/purchase/creditNote/${saved.purchaseId}/99`, { token });
    expect(missing).toMatchObject({ status: 404, body: { message: CREDIT_NOTE_NOT_FOUND } });
  });

  it('reverse IGST for an inter-state invoice, and are mailed with the receipt', async () => {
    const saved = await mustPlace(twoLines(await b2bCustomer('33')));
    const answer = await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, whole: true }], returnAmount: 90, mail: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.creditNote).toMatchObject({ supply: 'inter', placeOfSupply: '33-Tamil Nadu', igst: 13.72, cgst: 0, sgst: 0, customerGstin: gstinOf('33') });
    // Rule 53: a registered recipient's address, the rate beside the tax reversed, and the signature line.
    expect(answer.body.creditNote.customerAddress).toBe('Industrial Estate');
    const token = await cashierToken();
    const pdf = await fetch(`${apiUrl()}/purchase/creditNote/${saved.purchaseId}/${answer.body.returnId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).join('\n').split('\n');
    expect(text.join(' ')).toContain(`GSTIN: ${gstinOf('33')} · Industrial Estate`);
    expect(text).toContain('18% ₹13.72');
    expect(text).toContain('Authorised Signatory');
    expect(answer.body.mailSent).toBe(true);
  });

  it('print again on the till’s 80 mm roll: the same credit note, one line under another', async () => {
    const saved = await mustPlace(twoLines(await newCustomer()));
    const returned = await returnOf(saved.purchaseId, { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 500 });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const note = returned.body.creditNote;
    const token = await cashierToken();
    const roll = await fetch(`${apiUrl()}/purchase/creditNote/${saved.purchaseId}/${returned.body.returnId}/pdf?paper=roll80`, { headers: { Authorization: `Bearer ${token}` } });
    expect(roll.status).toBe(200);
    expect(roll.headers.get('content-type')).toBe('application/pdf');
    expect(roll.headers.get('content-disposition')).toBe(`attachment; filename="Credit_Note_${saved.purchaseId}_${returned.body.returnId}_80mm.pdf"`);
    const bytes = Buffer.from(await roll.arrayBuffer());
    const [page] = (await PDFDocument.load(bytes)).getPages();
    expect(page!.getWidth()).toBeCloseTo((80 / 25.4) * 72, 1);
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    // 1 × ₹500.00 of rice at 5% within the state: taxable 476.20, tax 23.80 = CGST 11.90 + SGST 11.90 (500 × 2.5 / 105 = 11.905 each).
    expect(pages[0]!.split('\n')).toEqual(
      expect.arrayContaining([
        'Credit Note',
        `Credit Note No. ${note.creditNoteNumber}`,
        `Against invoice ${saved.invoiceNumber} of ${formatDate(saved.saleDate)}`,
        'Place of supply: 29-Karnataka',
        'HSN 10063020 · 1 BAG × ₹500.00',
        'Taxable ₹476.20',
        'CGST 2.5% ₹11.90 · SGST 2.5% ₹11.90',
        'Taxable value',
        '₹476.20',
        'Total',
        '₹500.00',
        'Total in words: Rupees Five Hundred Only',
      ]),
    );
    const a4 = await fetch(`${apiUrl()}/purchase/creditNote/${saved.purchaseId}/${returned.body.returnId}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await PDFDocument.load(Buffer.from(await a4.arrayBuffer()))).getPages()[0]!.getWidth()).toBeCloseTo(595.28, 1);
    const unknownPaper = await call<{ message: string }>('GET', `/purchase/creditNote/${saved.purchaseId}/${returned.body.returnId}/pdf?paper=roll58`, { token });
    expect(unknownPaper.status).toBe(400);
    expect(JSON.stringify(unknownPaper.body)).toContain('Choose the paper: a4 or roll80.');
  });
});

describe('storefront orders', () => {
  it('are supplied where they are shipped: another state is IGST; the invoice and the order mail name the customer as typed and the shipping address', async () => {
    const typedName = `Kavya Raman ${String(Date.now()).slice(-6)}`;
    const shopper = await newShopper('demo', typedName);
    const [tea] = await stocked([{ quantity: 5, mrp: 200, gst: 5, name: 'GST Shipped Tea' }]);
    await mustAdd(shopper, tea, 2);
    const shippingAddress = { name: 'Kavya', line: '4 Beach Road', city: 'Chennai', pincode: '600001', state: '33' };
    const order = await createOrder(shopper, { currency: 'INR', shippingAddress });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const result = await completeCheckout(order.body.id, 'success');
    if (result.kind !== 'success') throw new Error('the simulator refused the payment');
    const outcome = await reportCheckout(shopper, result.response);
    expect(outcome.body.purchaseId, JSON.stringify(outcome.body)).toBeDefined();
    const saved = (await call<Purchase>('GET', `/purchase/${outcome.body.purchaseId}`, { token: await cashierToken() })).body;
    // Tea ₹400.00 at 5%: IGST ₹19.04 (two halves of ₹9.52); the ₹100.00 delivery charge at the tea's 5%: taxable ₹95.24, IGST ₹4.76.
    expect(saved).toMatchObject({ placeOfSupply: '33', supply: 'inter', cgst: 0, sgst: 0, igst: 23.8, deliveryCharge: 100, netAmount: 500 });
    expect(saved.invoiceNumber).toMatch(/^DEM\/\d{2}-\d{2}\/\d{6}$/);
    // Rule 46: the invoice names the address of delivery, on the screen, the PDF and the signature line under it.
    const token = await cashierToken();
    const receipt = (await call<Receipt>('GET', `/purchase/receipt/${saved.purchaseId}`, { token })).body;
    expect(receipt.deliveryAddress).toBe('Kavya, 4 Beach Road, Chennai 600001, 33-Tamil Nadu');
    const pdf = await fetch(`${apiUrl()}/purchase/receipt/${saved.purchaseId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).join('\n').split('\n');
    expect(text).toContain('Ship to: Kavya, 4 Beach Road, Chennai 600001, 33-Tamil Nadu');
    expect(text.slice(-3, -1)).toEqual([`For ${receipt.shop.displayName}`, 'Authorised Signatory']);
    // The name as the customer typed it, not the sign-in name made from it, on the invoice and in the order mail,
    // which says where the order goes: the shipping address, not the profile's Bengaluru address.
    expect(saved.customerName).toBe(typedName);
    const mailTo = shopper.customer.emailId!;
    await expect.poll(async () => (await sentMail()).some((m) => m.to.includes(mailTo) && m.subject.includes('order confirmed'))).toBe(true);
    const mail = await latestMailTo(mailTo);
    expect(mail.text).toContain(`Dear ${typedName},`);
    expect(mail.text).toContain('to Kavya, 4 Beach Road, Chennai 600001, 33-Tamil Nadu.');
    // The customer's next checkout starts from this address.
    const own = await call<Customer>('GET', `/customer/appUser/${shopper.customer.appUserId}`, { token: shopper.token });
    expect(own.body.shippingAddress).toEqual(shippingAddress);
  });

  it('refuses a shipping address without a valid state or PIN code', async () => {
    const shopper = await newShopper();
    const bad = await createOrder(shopper, { currency: 'INR', shippingAddress: { name: 'K', line: 'x', city: 'y', pincode: '12', state: '28' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/6-digit PIN code|Choose a state from the list/);
  });
});

describe('validation messages', () => {
  it('refuse a GSTIN with a wrong check character, naming the mistake', async () => {
    const plain = await newCustomer();
    const wrong = gstinOf('29').slice(0, 14) + (gstinOf('29').endsWith('A') ? 'B' : 'A');
    const answer = await call('PUT', `/customer/${plain.customerId}`, { token: await cashierToken(), body: { emailId: plain.emailId, gstin: wrong } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('This GSTIN is not valid: its last character does not match.');
  });

  it('refuse a state other than the GSTIN state', async () => {
    const plain = await newCustomer();
    const answer = await call('PUT', `/customer/${plain.customerId}`, { token: await cashierToken(), body: { emailId: plain.emailId, gstin: gstinOf('27'), state: '29' } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('This GSTIN is registered in 27-Maharashtra: choose that state.');
  });

  it('refuse an HSN code of 5 digits and a unit outside the GST list', async () => {
    const token = await adminToken();
    const [product] = (await call<Record<string, unknown>[]>('GET', `/product/listOfProducts/${rice.productId}`, { token })).body;
    const hsn = await call('PUT', '/product/listOfProducts', { token, body: [{ ...product, hsnCode: '10063' }] });
    expect(hsn.status).toBe(400);
    expect(JSON.stringify(hsn.body)).toContain('An HSN code has 4, 6 or 8 digits.');
    const unit = await call('PUT', '/product/listOfProducts', { token, body: [{ ...product, unit: 'KG' }] });
    expect(unit.status).toBe(400);
    expect(JSON.stringify(unit.body)).toContain('GST unit list');
  });
});

describe('products without an HSN code', () => {
  it('are listed until they get one', async () => {
    const shelf = await stockedProduct({ name: 'No HSN Yet', quantity: 1, mrp: 10, buyingPrice: 5, gst: 0 });
    const token = await adminToken();
    const listed = async () => (await call<{ productId: number }[]>('GET', '/product/withoutHsn', { token })).body.map((p) => p.productId);
    expect(await listed()).toContain(shelf.productId);
    await giveHsn(shelf, '0713', 'KGS');
    expect(await listed()).not.toContain(shelf.productId);
  });
});

describe('the printed invoice', () => {
  it('is a tax invoice with HSN, place of supply, the amount in words and the HSN summary', async () => {
    const saved = await mustPlace(twoLines(await b2bCustomer('27')));
    const pdf = await fetch(`${apiUrl()}/purchase/receipt/${saved.purchaseId}/pdf`, { headers: { authorization: `Bearer ${await cashierToken()}` } });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).join('\n');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Invoice No. ${saved.invoiceNumber}`);
    expect(text).toContain('Place of supply: 27-Maharashtra');
    expect(text).toContain('Reverse charge: No');
    expect(text).toContain('Rupees One Thousand Ninety Only');
    expect(text).toContain('HSN 10063020');
  });
});

describe('an issued invoice', () => {
  it('never changes: printed, partly returned and printed again, it is the same invoice with its credit note listed under it', async () => {
    const token = await cashierToken();
    const customer = await newCustomer();
    const saved = await mustPlace(twoLines(customer));
    const print = async () => {
      const receipt = (await call<Receipt>('GET', `/purchase/receipt/${saved.purchaseId}`, { token })).body;
      const pdf = await fetch(`${apiUrl()}/purchase/receipt/${saved.purchaseId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
      expect(pdf.status).toBe(200);
      return { receipt, text: (await pdfText(Buffer.from(await pdf.arrayBuffer()))).join('\n').split('\n') };
    };
    const before = await print();
    expect(before.receipt.creditNotes).toEqual([]);

    // One of the two bags of rice comes back, and the answer mails the receipt with the credit note.
    const returned = await call<{ returnId: number; creditNote: CreditNote; mailSent?: boolean }>('POST', `/purchase/return/${saved.purchaseId}`, {
      token,
      body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 500, mail: true },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const note = returned.body.creditNote;
    const after = await print();

    // Field for field the invoice is the one issued: its lines, quantities, figures, totals, summary and words.
    const invoiceOf = ({ creditNotes: _notes, purchase: _bill, ...invoice }: Receipt) => invoice;
    expect(invoiceOf(after.receipt)).toEqual(invoiceOf(before.receipt));
    expect(after.receipt.lines.map((l) => [l.quantity, l.unit, l.netAmount, l.purchasedPrice])).toEqual([
      [2, 'BAG', 1000, 1000],
      [1, 'NOS', 90, 90],
    ]);
    expect(after.receipt.totals).toMatchObject({ totalSellingAmount: 1090, netAmount: 1090, returnAmount: 0 });
    expect(after.receipt.amountInWords).toBe('Rupees One Thousand Ninety Only');
    // The return is its own document, listed under the invoice and printable on its own.
    expect(after.receipt.creditNotes).toEqual([{ returnId: returned.body.returnId, creditNoteNumber: note.creditNoteNumber, creditNoteDate: note.creditNoteDate, value: 500 }]);
    const creditLine = `Credit note ${note.creditNoteNumber} of ${formatDate(note.creditNoteDate)}: ₹500.00`;
    expect(after.text.filter((t) => t !== creditLine)).toEqual(before.text);
    expect(after.text).toContain(creditLine);
    const notePdf = await fetch(`${apiUrl()}/purchase/creditNote/${saved.purchaseId}/${returned.body.returnId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect((await pdfText(Buffer.from(await notePdf.arrayBuffer()))).join('\n')).toContain(note.creditNoteNumber!);

    // The mail after the return carries the same invoice (with the credit note listed) and the credit note.
    expect(returned.body.mailSent).toBe(true);
    const mail = await latestMailTo(customer.emailId!);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`Receipt_${saved.purchaseId}.pdf`, `Credit_Note_${saved.purchaseId}_${returned.body.returnId}.pdf`]);
    const mailed = (await pdfText(Buffer.from(mail.attachments[0]!.content, 'base64'))).join('\n').split('\n');
    expect(mailed).toEqual(after.text);
    expect(mail.text).toContain(`× 2 BAG @ ₹500.00 = ₹1,000.00`);
  });
});

describe('the customer’s name on documents', () => {
  it('is printed as the customer typed it, not as the sign-in name made from it', async () => {
    const token = await cashierToken();
    const mobileNumber = `9${String(Date.now()).slice(-9)}`;
    const typed = `Kaveri  Traders ${mobileNumber.slice(-4)}`;
    const made = await call<Customer>('POST', '/customer/save', { token, body: { customerName: typed, mobileNumber, emailId: `kaveri${mobileNumber}@example.in`, address: 'Peenya, Bengaluru' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ customerName: `KaveriTraders${mobileNumber.slice(-4)}@demo.shop`, legalName: `Kaveri Traders ${mobileNumber.slice(-4)}` });
    const saved = await mustPlace(twoLines(made.body));
    expect(saved.customerName).toBe(`Kaveri Traders ${mobileNumber.slice(-4)}`);
    const pdf = await fetch(`${apiUrl()}/purchase/receipt/${saved.purchaseId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect((await pdfText(Buffer.from(await pdf.arrayBuffer()))).join('\n')).toContain(`Customer: Kaveri Traders ${mobileNumber.slice(-4)} (${mobileNumber})`);
    const returned = await call<{ creditNote: CreditNote }>('POST', `/purchase/return/${saved.purchaseId}`, {
      token,
      body: { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 2, whole: true }], returnAmount: 90 },
    });
    expect(returned.body.creditNote.customerName).toBe(`Kaveri Traders ${mobileNumber.slice(-4)}`);
  });
});
