import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import {
  ADD_PRODUCTS,
  BILL_HAS_RETURNS,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_REQUIRED,
  MAX_BILL_LINES,
  QUANTITY_NOT_ZERO,
  QUANTITY_REQUIRED,
  SELLING_PRICE_NOT_ZERO,
  SELLING_PRICE_REQUIRED,
  TOO_MANY_LINES,
} from '../../../../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs, type Call } from '../../../../../test/web/leave-fixtures.js';
import { theme } from '../../../app/theme.js';
import { clearSession, updateSession } from '../../../lib/session.js';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import {
  ADD_IN_INVENTORY,
  billBody,
  billFigures,
  calculateProblem,
  canAddRow,
  chooseProduct,
  rowDiscount,
  startingRows,
  stockMessages,
  type BillRow,
} from '../components/bill-rows.js';
import { billLine, storedBill } from '../test-fixtures.js';
import { loadReceiptDialog } from '../components/receipt-modal.js';
import PlaceOrder from './place-order.js';

// The receipt's code is fetched while a bill is saved; here it is at hand before the first save.
beforeAll(async () => {
  await loadReceiptDialog();
});

const dal: InventorySuggestion = {
  productId: 11,
  productName: 'Toor Dal 1kg',
  artcode: 'TD1',
  barcode: '8901234500011',
  mrp: 200,
  sellingPrice: 180,
  buyingPrice: 150,
  gst: 5,
  cgst: 2.5,
  sgst: 2.5,
  nrp: 171.43,
  inventoryId: 3,
  stockId: 21,
  quantity: 5,
};
const soap: InventorySuggestion = { ...dal, productId: 12, productName: 'Neem Soap', artcode: 'NS1', barcode: '8901234500028', mrp: 50, sellingPrice: 50, gst: 18, cgst: 9, sgst: 9, stockId: 22, quantity: 1 };

const row = (product: InventorySuggestion | null, quantity: string, rate = product ? String(product.sellingPrice) : ''): BillRow => ({ key: Math.random(), product, quantity, rate });

describe('Place Order rules', () => {
  it('starts with 4 empty rows, and the same product and artcode twice adds 1 to the existing line', () => {
    let rows = startingRows();
    expect(rows).toHaveLength(4);
    rows = chooseProduct(rows, 0, dal, dal.sellingPrice);
    expect(rows[0]).toMatchObject({ product: { productId: 11 }, quantity: '1', rate: '180' });
    rows = chooseProduct(rows, 1, dal, dal.sellingPrice);
    expect(rows[0]!.quantity).toBe('2');
    expect(rows[1]!.product).toBeNull();
    // Every row taken: one more is added so a scanner can keep scanning.
    rows = chooseProduct(chooseProduct(chooseProduct(rows, 1, soap, 50), 2, { ...soap, artcode: 'NS2', stockId: 23 }, 50), 3, { ...dal, artcode: 'TD2', stockId: 24 }, 180);
    expect(rows).toHaveLength(5);
    expect(rows[4]!.product).toBeNull();
  });

  it('shows the stock left per line, earlier lines of the same product reducing later ones, and Add in inventory', () => {
    const rows = [row(dal, '3'), row(dal, '3'), row(soap, '1'), row({ ...soap, productId: 13, inventoryId: 0, stockId: 0 }, '1'), row(null, '')];
    expect(stockMessages(rows)).toEqual([undefined, '2  in Stock', undefined, ADD_IN_INVENTORY, undefined]);
    expect(stockMessages([row(soap, '2')])).toEqual(['1  in Stock']);
  });

  it('recomputes the discount percent rounded up when the rate is edited', () => {
    expect(rowDiscount(row(dal, '1', '180'))).toBe(10);
    expect(rowDiscount(row(dal, '1', '199'))).toBe(1);
    expect(rowDiscount(row(dal, '1', '133.33'))).toBe(34);
    expect(rowDiscount(row(dal, '1', 'abc'))).toBeUndefined();
  });

  it('reports the section 5 messages in order', () => {
    expect(calculateProblem(false, [row(dal, '1')])?.message).toBe(CUSTOMER_REQUIRED);
    expect(calculateProblem(true, startingRows())?.message).toBe(ADD_PRODUCTS);
    expect(calculateProblem(true, [row(dal, '')])?.message).toBe(QUANTITY_REQUIRED);
    expect(calculateProblem(true, [row(dal, '0')])?.message).toBe(QUANTITY_NOT_ZERO);
    expect(calculateProblem(true, [row(dal, '1', '')])?.message).toBe(SELLING_PRICE_REQUIRED);
    expect(calculateProblem(true, [row(dal, '1', '0')])?.message).toBe(SELLING_PRICE_NOT_ZERO);
    expect(calculateProblem(true, [row(dal, '1.5')])?.message).toBe('Please correct the Quantity of Toor Dal 1kg');
    expect(calculateProblem(true, [row(dal, '9')])?.message).toBe('5  in Stock');
    expect(calculateProblem(true, [row(dal, '2'), row(null, '')])).toBeUndefined();
  });

  it('offers no row beyond the most lines a bill can save, and Calculate refuses more', () => {
    const product = (i: number): InventorySuggestion => ({ ...dal, productId: 100 + i, artcode: `A${i}`, stockId: 100 + i });
    let rows = startingRows();
    for (let i = 0; i < MAX_BILL_LINES; i++) rows = chooseProduct(rows, rows.findIndex((r) => !r.product), product(i), dal.sellingPrice);
    expect(rows).toHaveLength(MAX_BILL_LINES);
    expect(rows.every((r) => r.product)).toBe(true);
    expect(canAddRow(rows)).toBe(false);
    expect(calculateProblem(true, rows)).toBeUndefined();
    expect(calculateProblem(true, [...rows, row(product(MAX_BILL_LINES), '1')])?.message).toBe(TOO_MANY_LINES);
  });

  it('works the totals of a worked example and redeems in both branches', () => {
    // Toor Dal: MRP ₹200, rate ₹180, 5% GST, 2 units -> ₹360.00 of which tax ₹17.14 (CGST 8.57, SGST 8.57).
    // Neem Soap: MRP ₹50, rate ₹50, 18% GST, 1 unit -> ₹50.00 of which tax ₹7.62 (CGST = SGST = 50 × 9 / 118 = 3.81).
    const rows = [row(dal, '2'), row(soap, '1'), row(null, '')];
    const plain = billFigures(rows);
    expect(plain.totals).toEqual({ gross: 45_000, discount: 4_000, taxable: 38_524, cgst: 1_238, sgst: 1_238, igst: 0, tax: 2_476, net: 41_000 });
    expect(plain.paid).toBe(41_000);
    expect(plain.pointsEarned).toBe(4);

    // 150 points are below the net: all are used.
    const some = billFigures(rows, 150);
    expect(some).toMatchObject({ redeemed: 15_000, pointsUsed: 150, paid: 26_000 });
    // 500 points cover it: the bill is ₹0 and 90 points stay.
    const all = billFigures(rows, 500);
    expect(all).toMatchObject({ redeemed: 41_000, pointsUsed: 410, paid: 0, pointsEarned: 0 });

    const body = billBody({
      customer: { customerId: 7, mobileNumber: '9740000001', customerName: 'Meena' },
      rows,
      figures: some,
      redeem: true,
      paymentMode: 'Cash',
      print: false,
      mail: false,
    });
    expect(body).toMatchObject({ grossAmount: 450, discount: 40, tax: 24.76, netAmount: 260, redeemAmount: 150, redeem: true });
    expect(body.purchasedProduct).toEqual([
      expect.objectContaining({ productId: 11, artcode: 'TD1', quantity: 2, price: 200, sellingPrice: 180, cgst: 2.5, sgst: 2.5, purchasedPrice: 360 }),
      expect.objectContaining({ productId: 12, artcode: 'NS1', quantity: 1, price: 50, sellingPrice: 50, cgst: 9, sgst: 9, purchasedPrice: 50 }),
    ]);
  });
});

const meena: Customer = { customerId: 7, customerName: 'MeenaIyer@demo.shop', mobileNumber: '9740000001', emailId: 'meena@example.in', creditPoints: 150 };

/** At the till: Place Order, the customer of mobile 9740000001, one product found by its code, and Calculate. */
async function calculateOne(customerName: string, code: string, productName: string) {
  const user = userEvent.setup();
  renderScreen(<PlaceOrder />, { path: '/purchaseUpdated/new', elsewhere: ['/purchase'] });
  await user.type(await screen.findByRole('combobox', { name: 'Mobile Number' }), '9740000001');
  await waitFor(() => expect(screen.getByLabelText('Customer Name')).toHaveValue(customerName));
  await user.type(screen.getByLabelText('Name/Code, row 1'), `${code}{Enter}`);
  await screen.findByText(productName);
  await user.click(screen.getByRole('button', { name: 'Calculate' }));
  return user;
}

describe('Place Order screen', () => {
  beforeEach(() => signInAs('CASHIER', ['PurchaseEdit']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('finds the customer, adds scanned lines (twice adds 1), calculates, and redeems and unticks', async () => {
    serve([
      [/^GET \/customer\/mobile/, [200, ['9740000001']]],
      ['GET /customer/validate/9740000001', [200, meena]],
      [/^GET \/inventory\/anyList\/false\/8901234500/, [200, [dal, soap]]],
      [/^GET \/inventory\/anyList\/false\/neem/i, [200, [soap]]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PlaceOrder />, { path: '/purchaseUpdated/new', elsewhere: ['/purchase'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Products' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText(CUSTOMER_REQUIRED)).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Mobile Number' }), '9740000001');
    await waitFor(() => expect(screen.getByLabelText('Customer Name')).toHaveValue('MeenaIyer'));
    expect(screen.getAllByText('Credit Points: 150', { exact: false }).length).toBeGreaterThan(0);

    // A scanner types the barcode and Enter, twice: one line of 2.
    await user.type(screen.getByLabelText('Name/Code, row 1'), '8901234500011{Enter}');
    await screen.findByText('Toor Dal 1kg');
    await user.type(screen.getByLabelText('Name/Code, row 2'), '8901234500011{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity, row 1')).toHaveValue('2'));
    await user.type(screen.getByLabelText('Name/Code, row 2'), 'neem{Enter}');
    await screen.findByText('Neem Soap');

    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByLabelText('Net Amount')).toHaveTextContent('₹410.00');
    expect(screen.getByLabelText('Gross Amount')).toHaveTextContent('₹450.00');
    expect(screen.getByLabelText('Discount')).toHaveTextContent('₹40.00');
    expect(screen.getByLabelText('Tax')).toHaveTextContent('₹24.76');
    expect(screen.getByText('CGST ₹12.38 · SGST ₹12.38')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Redeem'));
    expect(screen.getByLabelText('Net Amount')).toHaveTextContent('₹260.00');
    await user.click(screen.getByLabelText('Redeem'));
    expect(screen.getByLabelText('Net Amount')).toHaveTextContent('₹410.00');
  });

  it('asks for Calculate again after any edit, and saves the bill with the points redeemed', async () => {
    const calls: Call[] = serve([
      [/^GET \/customer\/mobile/, [200, ['9740000001']]],
      ['GET /customer/validate/9740000001', [200, meena]],
      [/^GET \/inventory\/anyList\/false\/8901234500/, [200, [dal, soap]]],
      ['POST /purchase', [200, { purchaseId: 41 }]],
      ['GET /purchase/receipt/41', [500, { message: 'not in this test' }]],
    ]);
    const user = await calculateOne('MeenaIyer', '8901234500011', 'Toor Dal 1kg');
    expect(await screen.findByLabelText('Net Amount')).toHaveTextContent('₹180.00');

    await user.clear(screen.getByLabelText('Rate, row 1'));
    await user.type(screen.getByLabelText('Rate, row 1'), '170');
    expect(screen.getByLabelText('Discount, row 1')).toHaveTextContent('15%');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByLabelText('Net Amount')).toHaveTextContent('₹170.00');
    await user.click(screen.getByLabelText('Redeem'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.key === 'POST /purchase')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /purchase')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ customerId: 7, mobileNumber: '9740000001', paymentMode: 'Cash', redeem: true, grossAmount: 200, discount: 30, netAmount: 20, redeemAmount: 150 });
    expect(await within(await screen.findByRole('dialog')).findByText('not in this test')).toBeInTheDocument();
  });

  it('bills from the keyboard: a scan fills quantity 1 and moves to the next search; F2, F4, F8 and F9 change, remove, calculate and save', async () => {
    const calls: Call[] = serve([
      [/^GET \/customer\/mobile/, [200, ['9740000001']]],
      ['GET /customer/validate/9740000001', [200, meena]],
      [/^GET \/inventory\/anyList\/false\/8901234500/, [200, [dal, soap]]],
      ['POST /purchase', [200, { purchaseId: 42 }]],
      ['GET /purchase/receipt/42', [500, { message: 'not in this test' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PlaceOrder />, { path: '/purchaseUpdated/new', elsewhere: ['/purchase'] });
    expect(await screen.findByRole('group', { name: 'Keys' })).toHaveTextContent('F8 Calculate');
    await user.type(await screen.findByRole('combobox', { name: 'Mobile Number' }), '9740000001');
    await waitFor(() => expect(screen.getByLabelText('Name/Code, row 1')).toHaveFocus());

    await user.keyboard('8901234500011{Enter}');
    await screen.findByText('Toor Dal 1kg');
    expect(screen.getByLabelText('Quantity, row 1')).toHaveValue('1');
    await waitFor(() => expect(screen.getByLabelText('Name/Code, row 2')).toHaveFocus());
    await user.keyboard('8901234500028{Enter}');
    await screen.findByText('Neem Soap');
    await waitFor(() => expect(screen.getByLabelText('Name/Code, row 3')).toHaveFocus());

    // F2: the last line's quantity, selected; a quantity over the stock is told in a dialog with OK.
    await user.keyboard('{F2}');
    expect(screen.getByLabelText('Quantity, row 2')).toHaveFocus();
    await user.keyboard('3{Enter}');
    expect(screen.getByLabelText('Quantity, row 2')).toHaveValue('3');
    expect(screen.getByLabelText('Name/Code, row 3')).toHaveFocus();
    await user.keyboard('{F8}');
    const dialog = await screen.findByRole('dialog', { name: 'Check the bill' });
    expect(dialog).toHaveTextContent(/1\s+in Stock/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Quantity, row 2')).toHaveFocus();
    // Put right, the message goes at once.
    await user.keyboard('1');
    expect(screen.queryByText(/1\s+in Stock/)).not.toBeInTheDocument();

    // F4 removes the line of the focused field; F8 calculates and F9 saves.
    await user.keyboard('{F4}');
    expect(screen.queryByText('Neem Soap')).not.toBeInTheDocument();
    await user.keyboard('{F10}');
    expect(screen.getByRole('group', { name: 'Keys' })).toHaveTextContent('Print off');
    await user.keyboard('{F8}');
    expect(await screen.findByLabelText('Net Amount')).toHaveTextContent('₹180.00');
    await user.keyboard('{F9}');
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /purchase')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /purchase')!.body).toMatchObject({ print: false, purchasedProduct: [{ productId: 11, quantity: 1 }] });
  });

  it('charges IGST to a registered business of another state, as the server will store the bill', async () => {
    updateSession({ tenant: { tenantId: 'demo', displayName: 'Demo', address: 'Bengaluru', gstNumber: '29ABCDE1234F1ZW', state: '29', emailId: 'a@demo.shop' } as Tenant });
    const puneHotels: Customer = { ...meena, customerName: 'PuneHotels', gstin: '27AAGCM3114P1Z8', state: '27' };
    serve([
      [/^GET \/customer\/mobile/, [200, ['9740000001']]],
      ['GET /customer/validate/9740000001', [200, puneHotels]],
      [/^GET \/inventory\/anyList\/false\/8901234500/, [200, [dal, soap]]],
    ]);
    await calculateOne('PuneHotels', '8901234500011', 'Toor Dal 1kg');
    // 1 × ₹180.00 at 5%: tax ₹8.58 (two halves of 180 × 2.5 / 105 = 4.29), all of it IGST.
    expect(await screen.findByLabelText('Tax')).toHaveTextContent('₹8.58');
    expect(screen.getByText('IGST ₹8.58')).toBeInTheDocument();
    expect(screen.queryByText(/CGST/)).not.toBeInTheDocument();
  });

  it('sends the same idempotency key when a save whose answer was lost is tried again, and on a double click', async () => {
    let posts = 0;
    const calls: Call[] = serve([
      [/^GET \/customer\/mobile/, [200, ['9740000001']]],
      ['GET /customer/validate/9740000001', [200, meena]],
      [/^GET \/inventory\/anyList\/false\/neem/i, [200, [soap]]],
      [
        'POST /purchase',
        () => {
          posts += 1;
          // The first save reaches the server but its answer is lost on the way back.
          if (posts === 1) throw new TypeError('Failed to fetch');
          return [200, { purchaseId: 42 }];
        },
      ],
      ['GET /purchase/receipt/42', [500, { message: 'not in this test' }]],
    ]);
    const user = await calculateOne('MeenaIyer', 'neem', 'Neem Soap');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The bill was not saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    expect(await within(await screen.findByRole('dialog')).findByText('not in this test')).toBeInTheDocument();

    const keys = calls.filter((c) => c.key === 'POST /purchase').map((c) => (c.body as { idempotencyKey?: string }).idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('registers a customer who is not found, and keeps the bill when the server refuses it', async () => {
    serve([
      [/^GET \/customer\/mobile/, [200, []]],
      ['GET /customer/validate/9880000002', [200, 'False']],
      ['POST /customer/save', [200, { ...meena, customerId: 8, customerName: 'Ravi@demo.shop', mobileNumber: '9880000002', creditPoints: 0 }]],
      [/^GET \/inventory\/anyList\/false\/neem/i, [200, [soap]]],
      ['POST /purchase', [409, { message: 'Only 0 in Stock for Neem Soap (NS1).' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PlaceOrder />, { path: '/purchaseUpdated/new', elsewhere: ['/purchase'] });
    await user.type(await screen.findByRole('combobox', { name: 'Mobile Number' }), '9880000002');
    expect(await screen.findByText(CUSTOMER_NOT_FOUND)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Customer Name'), 'Ravi');
    await user.type(screen.getByLabelText('Email'), 'ravi@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the Valid Email Id!!!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'example.in');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Customer Name')).toHaveValue('Ravi'));
    expect(screen.queryByText(CUSTOMER_NOT_FOUND)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Name/Code, row 1'), 'neem{Enter}');
    await screen.findByText('Neem Soap');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.getByLabelText('Redeem')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only 0 in Stock for Neem Soap (NS1).')).toBeInTheDocument();
    expect(screen.getByText('Neem Soap')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculate' })).toBeInTheDocument();
  });
});

/** A screen opened at an address with navigation state, as the order lists' Edit opens Place Order. */
function renderWithState(element: ReactElement, path: string, entry: { pathname: string; state: unknown }) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router };
}

describe('Place Order without PurchaseEdit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('explains that the role does not include billing, reads nothing and offers no form', async () => {
    signInAs('CASHIER', ['PurchaseList']);
    const calls: Call[] = serve([]);
    renderScreen(<PlaceOrder />, { path: '/purchaseEdit/:id', url: '/purchaseEdit/41', elsewhere: ['/home'] });
    expect(await screen.findByText('Your role does not include placing or changing bills.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Update Products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('Place Order editing a saved bill', () => {
  beforeEach(() => signInAs('CASHIER', ['PurchaseEdit']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  // Bill 41: 2 × Toor Dal at ₹180.00 and 1 × Neem Soap at ₹50.00, version 3; Meena held 12 points before it.
  const bill41 = storedBill([billLine(1, 'Toor Dal 1kg', 'TD1', 180, 2), billLine(2, 'Neem Soap', 'NS1', 50, 1)], { version: 3 });

  it('loads /purchaseEdit/{id} from the server with a loader meanwhile, then Save sends PUT with the bill, its lines and version', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const calls: Call[] = serve([
      ['GET /purchase/41', () => new Promise((resolve) => (answer = resolve))],
      ['PUT /purchase/41', (call) => [200, { ...bill41, version: 4, purchasedProduct: (call.body as { purchasedProduct: unknown[] }).purchasedProduct }]],
      ['GET /purchase/receipt/41', [500, { message: 'not in this test' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PlaceOrder />, { path: '/purchaseEdit/:id', url: '/purchaseEdit/41', elsewhere: ['/purchase'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Products' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading the bill')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate' })).not.toBeInTheDocument();
    answer([200, bill41]);

    await waitFor(() => expect(screen.getByLabelText('Customer Name')).toHaveValue('MeenaIyer'));
    expect(screen.getByRole('heading', { level: 1, name: 'Update Products' })).toBeInTheDocument();
    expect(screen.getByText('Bill 41')).toBeInTheDocument();
    expect(screen.getByText('Toor Dal 1kg')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity, row 1')).toHaveValue('2');
    expect(screen.getByLabelText('Rate, row 1')).toHaveValue('180');
    expect(screen.getByLabelText('Quantity, row 2')).toHaveValue('1');
    // The points Meena held before this bill, which the edit may redeem.
    expect(screen.getAllByText('Credit Points: 12', { exact: false }).length).toBeGreaterThan(0);

    await user.clear(screen.getByLabelText('Quantity, row 1'));
    await user.type(screen.getByLabelText('Quantity, row 1'), '3');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // 3 × ₹180.00 + ₹50.00, sold at MRP.
    expect(await screen.findByLabelText('Net Amount')).toHaveTextContent('₹590.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /purchase/41')).toBe(true));
    expect(calls.some((c) => c.key === 'POST /purchase')).toBe(false);
    const sent = calls.find((c) => c.key === 'PUT /purchase/41')!.body as { purchasedProduct: unknown[] } & Record<string, unknown>;
    expect(sent).toMatchObject({ customerId: 7, mobileNumber: '9740000001', version: 3, grossAmount: 590, netAmount: 590, paymentMode: 'Cash' });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.purchasedProduct).toEqual([
      expect.objectContaining({ purchasedProductId: 1, productId: 11, artcode: 'TD1', quantity: 3, sellingPrice: 180 }),
      expect.objectContaining({ purchasedProductId: 2, productId: 12, artcode: 'NS1', quantity: 1, sellingPrice: 50 }),
    ]);
    expect(calls.filter((c) => c.key === 'GET /purchase/41')).toHaveLength(1);
    expect(await within(await screen.findByRole('dialog')).findByText('not in this test')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown bill, and nothing to edit", async () => {
    serve([['GET /purchase/999', [404, { message: 'Bill not found.' }]]]);
    renderScreen(<PlaceOrder />, { path: '/purchaseEdit/:id', url: '/purchaseEdit/999' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bill not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Update Products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order List' })).toHaveAttribute('href', '/purchase');
  });

  it('tells why a bill with returns cannot be edited instead of offering a Save the server would refuse', async () => {
    serve([['GET /purchase/41', [200, { ...bill41, returnQuantity: 1, status: 'Partly Returned' }]]]);
    renderScreen(<PlaceOrder />, { path: '/purchaseEdit/:id', url: '/purchaseEdit/41' });
    expect(await screen.findByRole('alert')).toHaveTextContent(BILL_HAS_RETURNS);
    expect(screen.queryByRole('button', { name: 'Calculate' })).not.toBeInTheDocument();
  });

  it('uses a bill passed in navigation state without reading it, and shows a refused PUT on the screen', async () => {
    const calls: Call[] = serve([['PUT /purchase/41', [409, { message: 'This bill was changed by someone else. Please reload it and try again.' }]]]);
    const user = userEvent.setup();
    const { router } = renderWithState(<PlaceOrder />, '/purchaseEdit/:id', { pathname: '/purchaseEdit/41', state: { purchase: bill41 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Products' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Customer Name')).toHaveValue('MeenaIyer'));
    expect(screen.getByLabelText('Quantity, row 1')).toHaveValue('2');
    // The state is dropped from the history entry: a reload reads the bill as it is then.
    await waitFor(() => expect(router.state.location.state).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This bill was changed by someone else. Please reload it and try again.')).toBeInTheDocument();
    // The bill itself is never read (the customer's account is, for the On account part).
    const billCalls = calls.filter((c) => c.key.includes('/purchase'));
    expect(billCalls.map((c) => c.key)).toEqual(['PUT /purchase/41']);
    expect((billCalls[0]!.body as { version: number }).version).toBe(3);
  });

  it('opens a bill of the most lines with no row to add, and says why', async () => {
    serve([]);
    const lines = Array.from({ length: MAX_BILL_LINES }, (_, i) => billLine(i + 1, `Item ${i + 1}`, `IT${i + 1}`, 50, 1));
    renderWithState(<PlaceOrder />, '/purchaseEdit/:id', { pathname: '/purchaseEdit/41', state: { purchase: storedBill(lines) } });
    expect(await screen.findByLabelText(`Quantity, row ${MAX_BILL_LINES}`)).toHaveValue('1');
    expect(screen.queryByLabelText(`Quantity, row ${MAX_BILL_LINES + 1}`)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add row' })).toBeDisabled();
    expect(screen.getByText(TOO_MANY_LINES)).toBeInTheDocument();
  });

  it('starts a new bill at /purchaseEdit/new', async () => {
    const calls = serve([]);
    renderScreen(<PlaceOrder />, { path: '/purchaseEdit/:id', url: '/purchaseEdit/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculate' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /purchase'))).toEqual([]);
  });
});
