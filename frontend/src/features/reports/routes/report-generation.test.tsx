import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import ReportGeneration from './report-generation.js';

const shop = { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Stores', version: 3 } as Tenant;

const tea = {
  productId: 7,
  productName: 'Masala Tea',
  artcode: 'TEA1',
  barcode: '8902000000001',
  mrp: 120,
  sellingPrice: 110,
  buyingPrice: 80,
  gst: 5,
  cgst: 2.5,
  sgst: 2.5,
  nrp: 104.76,
  inventoryId: 41,
  stockId: 17,
  quantity: 10,
};
const stockLine = (i: number) => ({ stockId: i, productName: `Masala Tea ${i}`, artcode: `TEA${i}`, quantity: 10, price: 110, mrp: 120, createdOn: '2026-10-30T05:00:00.000Z', low: false });
const byName = (ids: number[], count: number) => ({ subject: 'Masala Tea', page: 0, size: 5, count, rows: ids.map(stockLine), totals: { lines: count }, charts: {} });
const stockByName = /^GET \/report\/stock\/Masala%20Tea\?/;

/** Stock report filtered by a product name picked from the suggestions. */
async function generateStockByName() {
  const user = userEvent.setup({ delay: null });
  await user.click((await screen.findAllByLabelText(/Report Type/))[0]!);
  await user.click(await screen.findByRole('option', { name: 'Stock' }));
  await user.click(screen.getAllByLabelText(/Filter By/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Product Name' }));
  await user.type(screen.getByRole('textbox', { name: /Product Name/ }), 'masa');
  await user.click(await screen.findByRole('option', { name: /Masala Tea/ }));
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  return user;
}

async function generateCurrentStock() {
  const user = userEvent.setup({ delay: null });
  await user.click((await screen.findAllByLabelText(/Report Type/))[0]!);
  await user.click(await screen.findByRole('option', { name: 'Stock' }));
  await user.click(screen.getAllByLabelText(/Filter By/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Current Stock' }));
  await user.click(screen.getByRole('button', { name: 'Generate' }));
}

describe('Report Generation', () => {
  beforeEach(() => signInAs('MANAGER', ['ReportList']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("keeps the server's refusal of a report on the screen", async () => {
    serve([
      ['GET /tenant/currentTenant', [200, shop]],
      [/^GET \/report\/stock/, [400, { message: 'Choose a date range of at most one year.' }]],
    ]);
    const { router } = renderScreen(<ReportGeneration />, { path: '/reportGeneration', elsewhere: ['/error'] });
    await generateCurrentStock();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a date range of at most one year.');
    expect(router.state.location.pathname).toBe('/reportGeneration');
  });

  it("pages a report by product name with the server's cursors: Next sends the cursor the page answered, Previous shows the page before", async () => {
    const calls = serve([
      ['GET /tenant/currentTenant', [200, shop]],
      [/^GET \/inventory\/anyList\/false\/masa$/, [200, [tea]]],
      [stockByName, (call) => (call.key.includes('cursor=after-five.signed') ? [200, byName([6, 7], 7)] : [200, byName([1, 2, 3, 4, 5], 7), { 'x-next-page': 'after-five.signed' }])],
    ]);
    renderScreen(<ReportGeneration />, { path: '/reportGeneration', elsewhere: ['/error'] });
    const user = await generateStockByName();
    expect(await screen.findByText('Masala Tea 1')).toBeInTheDocument();
    expect(screen.queryByText(/or more/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Masala Tea 6')).toBeInTheDocument();
    const asked = calls.filter((c) => stockByName.test(c.key)).map((c) => new URL(c.key.split(' ')[1]!, 'http://localhost').searchParams);
    expect(asked.map((q) => [q.get('page'), q.get('cursor')])).toEqual([
      ['0', null],
      ['1', 'after-five.signed'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Masala Tea 1')).toBeInTheDocument();
    expect(screen.queryByText('Masala Tea 6')).not.toBeInTheDocument();
  });

  it('says when a product name matches 1,000 or more lines, and that the list holds the first 1,000', async () => {
    serve([
      ['GET /tenant/currentTenant', [200, shop]],
      [/^GET \/inventory\/anyList\/false\/masa$/, [200, [tea]]],
      [stockByName, [200, byName([1, 2, 3, 4, 5], 1000), { 'x-next-page': 'after-five.signed' }]],
    ]);
    renderScreen(<ReportGeneration />, { path: '/reportGeneration', elsewhere: ['/error'] });
    await generateStockByName();
    expect(await screen.findByText('1,000 or more stock lines match “Masala Tea”: the first 1,000 are listed. Type more of the product name to narrow the list.')).toBeInTheDocument();
    expect(screen.getByText('1,000 or more')).toBeInTheDocument();
  });

  it('goes to the error screen with the message when the report fails to load', async () => {
    serve([
      ['GET /tenant/currentTenant', [200, shop]],
      [/^GET \/report\/stock/, [500, { message: 'The table is not reachable.' }]],
    ]);
    const { router } = renderScreen(<ReportGeneration />, { path: '/reportGeneration', elsewhere: ['/error'] });
    await generateCurrentStock();
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(router.state.location.state).toEqual({ message: expect.stringContaining('The table is not reachable.') });
  });
});
