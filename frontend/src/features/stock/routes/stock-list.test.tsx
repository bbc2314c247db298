import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stock, StockMovement } from '../../../../../shared/schemas/inventory.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession, updateSession } from '../../../lib/session.js';
import StockListScreen from './stock-list.js';

const line = (stockId: number, quantity: number, more: Partial<Stock> = {}): Stock => ({
  stockId,
  productId: 100 + stockId,
  productName: `Product ${stockId}`,
  artcode: `HSN${1000 + stockId}`,
  barcode: `890${stockId}`,
  vendor: 'Local Wholesale',
  quantity,
  productPrice: 120,
  mrp: 120,
  buyingPrice: 90,
  sellingPrice: 120,
  cgst: 2.5,
  sgst: 2.5,
  inventoryId: stockId,
  low: quantity <= 5,
  version: 2,
  createdBy: 'admin@demo.shop',
  createdOn: '2026-11-20T04:30:00.000Z',
  updatedBy: 'cashier@demo.shop',
  updatedOn: '2026-11-22T06:00:00.000Z',
  ...more,
});
const lines = [line(1, 40), line(2, 3), line(3, 24), line(4, 0), line(5, 18), line(6, 5), line(7, 60)];
const moves: StockMovement[] = [
  { stockId: 2, productId: 102, productName: 'Product 2', artcode: 'HSN1002', reason: 'sale', ref: 'Bill 34', delta: -2, before: 5, after: 3, by: 'cashier@demo.shop', on: '2026-11-22T06:00:00.000Z', version: 2 },
  { stockId: 2, productId: 102, productName: 'Product 2', artcode: 'HSN1002', reason: 'receipt', ref: 'Inventory 2', delta: 5, before: 0, after: 5, by: 'admin@demo.shop', on: '2026-11-20T04:30:00.000Z', version: 1 },
];

const fetchMock = vi.fn<typeof fetch>();
const paths = () => fetchMock.mock.calls.map(([input]) => decodeURIComponent(new URL(String(input), 'http://localhost').pathname));

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
  updateSession({ features: ['StockList', 'InventoryEdit'] });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    const page = Number(url.searchParams.get('page') ?? 0);
    const answers: Record<string, unknown> = {
      '/api/stock': lines.slice(page * 5, page * 5 + 5),
      '/api/stock/count': lines.length,
      '/api/stock/all': lines,
      '/api/stock/low': lines.filter((l) => l.quantity <= 5),
      '/api/inventory/dates': ['2026-11-22', '2026-11-21'],
      '/api/stock/byDate/2026-11-21': [{ ...lines[0], receivedOnDate: 12 }],
      '/api/stock/byDateCount/2026-11-21': 1,
      '/api/stock/search/hsn1002': [lines[1]],
      '/api/stock/searchCount/hsn1002': 1,
      '/api/stock/movements/2': moves,
      '/api/stock/movementsCount/2': 2,
    };
    if (!(path in answers)) return jsonResponse(404, { message: `No stub for ${path}` });
    // The first page of the current stock carries the next page's cursor, as the server sends it.
    const cursor = path === '/api/stock' && page === 0 ? { 'x-next-page': 'after-five.signed' } : undefined;
    return jsonResponse(200, answers[path], cursor);
  });
});
afterEach(() => vi.unstubAllGlobals());

const table = () => screen.getByRole('table', { name: 'Stock' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const pages = () => screen.queryByRole('button', { name: 'Next page' });

describe('stock list views', () => {
  it('pages the current stock, highlighting quantities of 5 or less', async () => {
    renderWithApp(<StockListScreen />, { at: '/stock' });
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Showing 1–5 of 7')).toBeInTheDocument();
    expect(pages()).toBeInTheDocument();
    const low = bodyRows().filter((row) => within(row).queryByText('(low)'));
    expect(low.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Product 2', 'Product 4']);
    const first = within(bodyRows()[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(first.slice(0, 7)).toEqual(['Local Wholesale', 'Product 1', 'HSN1001', '101', '40', '20/11/2026by admin@demo.shop', '22/11/2026by cashier@demo.shop']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Product 6')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/stock');
    expect(asked.at(-1)!.searchParams.get('cursor')).toBe('after-five.signed');
  });

  it('shows Full View and Low Quantity whole, without pages', async () => {
    const user = userEvent.setup();
    renderWithApp(<StockListScreen />, { at: '/stock' });
    await screen.findByText('Product 1');
    const select = screen.getByRole('combobox', { name: 'View' });

    await user.selectOptions(select, 'full');
    await waitFor(() => expect(bodyRows()).toHaveLength(7));
    expect(pages()).not.toBeInTheDocument();
    expect(screen.getByText('7 records')).toBeInTheDocument();

    await user.selectOptions(select, 'low');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(pages()).not.toBeInTheDocument();
    expect(bodyRows().every((row) => within(row).queryByText('(low)'))).toBe(true);
    expect(paths()).toEqual(expect.arrayContaining(['/api/stock/all', '/api/stock/low']));
  });

  it('lists the lines of an inventory date with the units received that day, and searches by artcode', async () => {
    const user = userEvent.setup();
    renderWithApp(<StockListScreen />, { at: '/stock' });
    await screen.findByText('Product 1');
    const select = screen.getByRole('combobox', { name: 'View' });
    await waitFor(() => expect(within(select).getByRole('option', { name: '21/11/2026' })).toBeInTheDocument());

    await user.selectOptions(select, '21/11/2026');
    expect(await screen.findByRole('columnheader', { name: 'Received that day' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getByText('12')).toBeInTheDocument();
    expect(pages()).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search by product name or artcode' }), 'hsn1002{Enter}');
    await waitFor(() => expect(within(table()).getByText('Product 2')).toBeInTheDocument());
    expect(bodyRows()).toHaveLength(1);
    expect(paths()).toContain('/api/stock/search/hsn1002');
  });

  it("shows a line's history: who, when, why, before and after", async () => {
    const user = userEvent.setup();
    renderWithApp(<StockListScreen />, { at: '/stock' });
    await screen.findByText('Product 2');
    await user.click(screen.getByRole('button', { name: 'History of Product 2 (HSN1002)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock history' });
    const history = await within(dialog).findByRole('table', { name: 'Stock history of Product 2 (HSN1002)' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(3));
    const rows = within(history).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['22/11/2026, 11:30 am', 'cashier@demo.shop', 'SoldBill 34', '−2', '5 → 3'],
      ['20/11/2026, 10:00 am', 'admin@demo.shop', 'ReceivedInventory 2', '+5', '0 → 5'],
    ]);
  });
});
