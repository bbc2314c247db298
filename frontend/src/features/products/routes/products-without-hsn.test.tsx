import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../../shared/schemas/catalogue.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession, updateSession } from '../../../lib/session.js';
import ProductEditScreen from './product-edit.js';
import ProductsWithoutHsnScreen from './products-without-hsn.js';

/** The shop's catalogue as the server keeps it: two products still without an HSN code, one with. */
let catalogue: Product[];
const product = (productId: number, productName: string, hsnCode?: string): Product => ({
  productId,
  productName,
  categoryId: 1,
  description: `About ${productName}`,
  size: '1 kg',
  colour: 'NA',
  unit: 'KGS',
  image: `t/demo/products/${productId}.png`,
  imageUrl: `http://s3.test/${productId}.png`,
  version: 1,
  ...(hsnCode ? { hsnCode } : {}),
});

const fetchMock = vi.fn<typeof fetch>();
/** Products without a code beyond the list the server answers (which stops at 1,000). */
let uncounted = 0;
const saves: unknown[] = [];

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
  updateSession({ userName: 'owner@demo.shop', user: { appUserId: 1, userName: 'owner@demo.shop', appUserRole: [] }, features: ['ProductList', 'ProductEdit'] });
  catalogue = [product(1, 'Toor Dal'), product(2, 'Basmati Rice'), product(3, 'Sugar', '1701')];
  saves.length = 0;
  uncounted = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (call === 'GET /api/product/withoutHsn') return jsonResponse(200, catalogue.filter((p) => !p.hsnCode));
    if (call === 'GET /api/product/withoutHsn/count') return jsonResponse(200, uncounted + catalogue.filter((p) => !p.hsnCode).length);
    if (call.startsWith('GET /api/product/listOfProducts/')) {
      const ids = decodeURIComponent(url.pathname.split('/').pop()!).split(',').map(Number);
      return jsonResponse(200, catalogue.filter((p) => ids.includes(p.productId)));
    }
    if (call === 'GET /api/category/all') return jsonResponse(200, [{ categoryId: 1, categoryName: 'Groceries' }]);
    if (call.startsWith('GET /api/product/suggestion/')) return jsonResponse(200, []);
    if (call === 'PUT /api/product/listOfProducts') {
      const rows = JSON.parse(String(init?.body)) as (Partial<Product> & { productId: number })[];
      saves.push(rows);
      catalogue = catalogue.map((p) => {
        const row = rows.find((r) => r.productId === p.productId);
        return row ? { ...p, hsnCode: row.hsnCode || undefined, unit: row.unit ?? p.unit, version: p.version! + 1 } : p;
      });
      return jsonResponse(200, catalogue.filter((p) => rows.some((r) => r.productId === p.productId)));
    }
    return jsonResponse(404, { message: `No stub for ${call}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The screen and the bulk edit it opens, as the app routes them. */
const renderScreens = () =>
  renderWithApp(<ProductsWithoutHsnScreen />, { at: '/product/withoutHsn', screens: [{ path: '/product/edit', element: <ProductEditScreen /> }], elsewhere: ['/product'] }).router;

const listed = () => within(screen.getByRole('table', { name: 'Products without HSN code' }));

describe('Products without HSN code', () => {
  it('lists the products without a code; one given its code in the bulk edit leaves the list', async () => {
    const user = userEvent.setup();
    const router = renderScreens();
    expect(await screen.findByText('2 products without an HSN code')).toBeInTheDocument();
    expect(listed().getByRole('cell', { name: 'Toor Dal' })).toBeInTheDocument();
    expect(listed().getByRole('cell', { name: 'Basmati Rice' })).toBeInTheDocument();
    expect(listed().queryByRole('cell', { name: 'Sugar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Give HSN codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/edit'));
    const dalCode = await screen.findByRole('textbox', { name: 'HSN code, row 1' });
    expect(screen.getByRole('textbox', { name: 'Product Name, row 1' })).toHaveValue('Toor Dal');
    // A code of 5 digits is refused with the rule, before anything is sent.
    await user.type(dalCode, '07134');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/4, 6 or 8 digits/)).toBeInTheDocument();
    expect(saves).toEqual([]);
    await user.clear(dalCode);
    await user.type(dalCode, '07136000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Back on the list, which the server now answers without the dal.
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/withoutHsn'), { timeout: 10_000 });
    expect(await screen.findByText('1 product without an HSN code', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved 2 products.');
    expect(listed().getByRole('cell', { name: 'Basmati Rice' })).toBeInTheDocument();
    expect(listed().queryByRole('cell', { name: 'Toor Dal' })).not.toBeInTheDocument();
    expect(saves).toEqual([[expect.objectContaining({ productId: 1, hsnCode: '07136000', unit: 'KGS' }), expect.objectContaining({ productId: 2 })]]);
  });

  it('counts every product without a code where the list stops', async () => {
    uncounted = 1_500;
    renderScreens();
    expect(await screen.findByText('1,502 products without an HSN code: the first 2 are listed')).toBeInTheDocument();
  });

  it('says so when every product has its code', async () => {
    catalogue = [product(3, 'Sugar', '1701')];
    renderScreens();
    expect(await screen.findByText('Every product has an HSN code.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
