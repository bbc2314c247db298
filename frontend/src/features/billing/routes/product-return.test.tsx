import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURN_DONE, RETURN_QUANTITY_NOT_ZERO, RETURN_QUANTITY_REQUIRED, SELECT_RETURN_LINES } from '../../../../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs, type Call } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { returnAmount, returnBodyOf, returnProblem, returnRowsOf, tick } from '../components/return-rows.js';
import { billLine, storedBill } from '../test-fixtures.js';
import ProductReturn from './product-return.js';

// Bath Soap: 3 sold at ₹45.00, 1 returned before, 2 left. Toor Dal 1kg: 2 sold at ₹150.50. Sona Rice: all returned.
const soap = billLine(1, 'Bath Soap', 'BS1', 45, 3, 1);
const dal = billLine(2, 'Toor Dal 1kg', 'TD1', 150.5, 2);
const rice = billLine(3, 'Sona Rice 5kg', 'SR5', 400, 1, 1);
const bill = storedBill([soap, dal, rice], { returnQuantity: 2, returnAmount: 445 });

describe('Return rules', () => {
  it('offers the lines with units left, ticking offers all of them, and unticking clears', () => {
    const rows = returnRowsOf(bill);
    expect(rows.map((r) => [r.productName, r.remaining, r.rate])).toEqual([
      ['Bath Soap', 2, 4_500],
      ['Toor Dal 1kg', 2, 15_050],
    ]);
    expect(tick(rows[0]!, true).quantity).toBe('2');
    expect(tick(tick(rows[0]!, true), false)).toMatchObject({ ticked: false, quantity: '' });
  });

  it('reports the section 5 messages in order, and never more than remains', () => {
    const [s, d] = returnRowsOf(bill) as [ReturnType<typeof returnRowsOf>[number], ReturnType<typeof returnRowsOf>[number]];
    expect(returnProblem([s, d])?.message).toBe(SELECT_RETURN_LINES);
    expect(returnProblem([{ ...s, ticked: true, quantity: ' ' }, d])).toEqual({ index: 0, message: RETURN_QUANTITY_REQUIRED });
    expect(returnProblem([s, { ...d, ticked: true, quantity: '0' }])).toEqual({ index: 1, message: RETURN_QUANTITY_NOT_ZERO });
    expect(returnProblem([{ ...s, ticked: true, quantity: '1.5' }, d])?.message).toBe('Return Quantity of Bath Soap is invalid.');
    expect(returnProblem([{ ...s, ticked: true, quantity: '-1' }, d])?.message).toBe('Return Quantity of Bath Soap is invalid.');
    expect(returnProblem([{ ...s, ticked: true, quantity: 'two' }, d])?.message).toBe('Return Quantity of Bath Soap is invalid.');
    expect(returnProblem([{ ...s, ticked: true, quantity: '3' }, d])?.message).toBe('Return Quantity of Bath Soap (BS1) should not be more than 2.');
    expect(returnProblem([{ ...s, ticked: true, quantity: '2' }, d])).toBeUndefined();
  });

  it('works the Return Amount as rate × units of the ticked lines, and the body the server checks', () => {
    const [s, d] = returnRowsOf(bill);
    const rows = [{ ...s!, ticked: true, quantity: '1' }, { ...d!, ticked: true, quantity: '2' }];
    // 1 × ₹45.00 + 2 × ₹150.50 = ₹346.00
    expect(returnAmount(rows)).toBe(34_600);
    expect(returnBodyOf(rows, 'ONLINE', { print: true, mail: false })).toEqual({
      paymentMode: 'ONLINE',
      purchasedProduct: [
        { purchasedProductId: 1, productName: 'Bath Soap', returnQuantity: 1 },
        { purchasedProductId: 2, productName: 'Toor Dal 1kg', returnQuantity: 2 },
      ],
      returnAmount: 346,
      print: true,
      mail: false,
    });
  });
});

describe('Return Order screen', () => {
  beforeEach(() => signInAs('CASHIER', ['ProductReturn', 'CustomerPurchaseList']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('ticks a line, checks the quantity, calculates, submits and says Return done.', async () => {
    const calls: Call[] = serve([
      ['GET /purchase/review/41', [200, bill]],
      [
        'POST /purchase/return/41',
        [200, { message: RETURN_DONE, returnId: 2, refund: 90, pointsBack: 0, pointsTakenBack: 1, purchase: { ...bill, version: 2 }, creditNote: { creditNoteNumber: 'DEMC/26-27/00002' } }],
      ],
    ]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ProductReturn />, { path: '/productReturn/:id', url: '/productReturn/41', elsewhere: ['/customerPurchase/:id'] });
    const lines = await screen.findByRole('table', { name: 'Return lines' });
    expect(within(lines).queryByText('Sona Rice 5kg')).not.toBeInTheDocument();
    const quantity = screen.getByLabelText('Return Quantity of Bath Soap');
    expect(quantity).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByRole('dialog', { name: 'Check the return' })).toHaveTextContent(SELECT_RETURN_LINES);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByLabelText('Return Bath Soap'));
    expect(quantity).toBeEnabled();
    expect(quantity).toHaveValue('2');
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findAllByText(RETURN_QUANTITY_REQUIRED)).not.toHaveLength(0);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findAllByText(RETURN_QUANTITY_NOT_ZERO)).not.toHaveLength(0);
    await user.clear(quantity);
    await user.type(quantity, '3');
    // 3 of 2 is not priced.
    expect(screen.getByLabelText('Price of Bath Soap')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findAllByText('Return Quantity of Bath Soap (BS1) should not be more than 2.')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.getByLabelText('Price of Bath Soap')).toHaveTextContent('₹90.00');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.getByLabelText('Return Amount')).toHaveTextContent('₹90.00');
    await user.click(screen.getByLabelText('ONLINE'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const done = await screen.findByRole('dialog');
    expect(within(done).getByText(RETURN_DONE)).toBeInTheDocument();
    expect(within(done).getByText(/Refund ₹90.00 \(ONLINE\); 1 points earned on this bill taken back/)).toBeInTheDocument();
    expect(within(done).getByText('Credit note DEMC/26-27/00002 against invoice DEM/26-27/000041')).toBeInTheDocument();
    const sent = calls.find((c) => c.key === 'POST /purchase/return/41')!.body;
    expect(sent).toEqual({
      paymentMode: 'ONLINE',
      purchasedProduct: [{ purchasedProductId: 1, productName: 'Bath Soap', returnQuantity: 2 }],
      returnAmount: 90,
      print: false,
      mail: false,
    });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerPurchase/9740000001'));
  });

  it('prints the credit note the return issued, not the invoice, which never changes', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const creditNote = {
      shop: { displayName: 'Demo Stores', address: '1, MG Road, Bengaluru 560001', gstNumber: '29AAACD1234F1Z5', state: '29-Karnataka' },
      purchaseId: 41,
      returnId: 2,
      creditNoteNumber: 'DEMC/26-27/00002',
      creditNoteDate: '2026-06-12',
      originalInvoiceNumber: 'DEM/26-27/000041',
      originalInvoiceDate: '2026-06-01',
      customerName: 'Ravi Kumar',
      mobileNumber: '9740000001',
      placeOfSupply: '29-Karnataka',
      supply: 'intra' as const,
      documentType: 'TAX_INVOICE' as const,
      lines: [{ productName: 'Bath Soap', artcode: 'BS1', hsnCode: '3401', unit: 'NOS', quantity: 2, rate: 45, gst: 18, taxable: 76.28, cgst: 6.86, sgst: 6.86, igst: 0, value: 90 }],
      taxable: 76.28,
      cgst: 6.86,
      sgst: 6.86,
      igst: 0,
      tax: 13.72,
      value: 90,
      valueInWords: 'Rupees Ninety Only',
      paymentMode: 'CASH',
      refund: 90,
    };
    const calls: Call[] = serve([
      ['GET /purchase/review/41', [200, bill]],
      ['POST /purchase/return/41', [200, { message: RETURN_DONE, returnId: 2, refund: 90, pointsBack: 0, pointsTakenBack: 0, purchase: { ...bill, version: 2 }, creditNote }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<ProductReturn />, { path: '/productReturn/:id', url: '/productReturn/41', elsewhere: ['/customerPurchase/:id'] });
    await screen.findByRole('table', { name: 'Return lines' });
    await user.click(screen.getByLabelText('Return Bath Soap'));
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await user.click(screen.getByLabelText('CASH'));
    await user.click(screen.getByLabelText('Print'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const done = await screen.findByRole('dialog');
    const note = await within(done).findByLabelText('Credit note');
    expect(note).toHaveTextContent('Credit Note No: DEMC/26-27/00002');
    expect(note).toHaveTextContent('Against invoice DEM/26-27/000041');
    expect(note).toHaveTextContent('Authorised Signatory');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // The invoice is not read, so not printed.
    expect(calls.some((c) => c.key.startsWith('GET /purchase/receipt'))).toBe(false);
  });

  it("keeps the server's refusal on screen and reads the units left again", async () => {
    let reviews = 0;
    serve([
      [
        'GET /purchase/review/41',
        () => {
          reviews += 1;
          // Another till returned the last soap meanwhile: the second read has 1 left.
          return [200, reviews === 1 ? bill : storedBill([billLine(1, 'Bath Soap', 'BS1', 45, 3, 2), dal], { version: 2 })];
        },
      ],
      ['POST /purchase/return/41', [400, { message: 'Return Quantity of Bath Soap (BS1) should not be more than 1.' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<ProductReturn />, { path: '/productReturn/:id', url: '/productReturn/41' });
    await user.click(await screen.findByLabelText('Return Bath Soap'));
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Return Quantity of Bath Soap (BS1) should not be more than 1.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Return Quantity of Bath Soap')).toHaveValue(''));
    await user.click(screen.getByLabelText('Return Bath Soap'));
    expect(screen.getByLabelText('Return Quantity of Bath Soap')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Calculate' })).toBeInTheDocument();
  });

  it('goes to the error screen with the message when the return fails for another reason than a refusal', async () => {
    serve([
      ['GET /purchase/review/41', [200, bill]],
      ['POST /purchase/return/41', [500, { message: 'The table is not reachable.' }]],
    ]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ProductReturn />, { path: '/productReturn/:id', url: '/productReturn/41', elsewhere: ['/error'] });
    await user.click(await screen.findByLabelText('Return Bath Soap'));
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(router.state.location.state).toEqual({ message: expect.stringContaining('The table is not reachable.') });
  });
});
