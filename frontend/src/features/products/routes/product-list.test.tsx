import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureName } from '../../../../../shared/features.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession, updateSession } from '../../../lib/session.js';
import ProductListScreen from './product-list.js';

const SELECT_FIRST = 'Select product(s) to Modify/Delete.';
const products = Array.from({ length: 7 }, (_, i) => ({
  productId: i + 1,
  productName: `Product ${i + 1}`,
  categoryId: 1,
  description: `About product ${i + 1}`,
  size: '1 kg',
  colour: 'White',
  imageUrl: `http://s3.test/p${i + 1}.png`,
  ...(i === 0 ? { hsnCode: '09041100', unit: 'KGS' } : {}),
}));

const fetchMock = vi.fn<typeof fetch>();
let deleteAnswer: () => Promise<Response>;

function signedInWith(features: FeatureName[]) {
  startSession(tokenAnswer(3600));
  updateSession({ userName: 'admin@demo.shop', user: { appUserId: 1, userName: 'admin@demo.shop', appUserRole: [] }, features });
}

beforeEach(() => {
  clearSession();
  deleteAnswer = async () => jsonResponse(200, []);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (call === 'GET /api/product/all') {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, products.slice(page * 5, page * 5 + 5));
    }
    if (call === 'GET /api/product/count') return jsonResponse(200, products.length);
    // A one-letter search of a large catalogue: the server counts matches up to 1,000.
    if (call === 'GET /api/product/search/k') return jsonResponse(200, products.slice(0, 5));
    if (call === 'GET /api/product/searchCount/k') return jsonResponse(200, 1000);
    if (call === 'GET /api/product/search/kesar') return jsonResponse(200, products.slice(0, 2));
    if (call === 'GET /api/product/searchCount/kesar') return jsonResponse(200, 2);
    if (call === 'GET /api/category/map') return jsonResponse(200, { '1': 'Groceries' });
    if (call === 'DELETE /api/product/deleteAllById') return deleteAnswer();
    return jsonResponse(404, { message: `No stub for ${call}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderList = () => renderWithApp(<ProductListScreen />, { at: '/product', elsewhere: ['/product/edit'] });
const tick = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const selectAll = () => screen.getByRole('checkbox', { name: 'Select all products on this page' });

describe('product list modes', () => {
  it('shows the product columns with pictures and no ticks in view mode', async () => {
    signedInWith(['ProductList', 'ProductEdit', 'ProductDelete']);
    renderList();
    const row = (await screen.findByText('Product 1')).closest('tr')!;
    expect(within(row).getByText('Groceries')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Product 1' })).toHaveAttribute('src', 'http://s3.test/p1.png');
    // The HSN code and GST unit the tax invoice prints; a product without one says so.
    expect(within(row).getByText('09041100 · KGS')).toBeInTheDocument();
    expect(within(screen.getByText('Product 2').closest('tr')!).getByText('None yet')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modify' })).not.toBeInTheDocument();
  });

  it('asks for a selection before Modify or Delete', async () => {
    signedInWith(['ProductList', 'ProductEdit', 'ProductDelete']);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Product 1');
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    await user.click(screen.getByRole('button', { name: 'Modify' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(SELECT_FIRST);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(SELECT_FIRST);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('selects all on a page, keeps ticks across pages, and hands the ids to bulk edit', async () => {
    signedInWith(['ProductList', 'ProductEdit']);
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('Product 1');
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    await user.click(selectAll());
    for (let i = 1; i <= 5; i++) expect(tick(`Product ${i}`)).toBeChecked();
    expect(screen.getByText('5 selected')).toBeInTheDocument();

    await user.click(tick('Product 3'));
    expect(selectAll()).not.toBeChecked();
    expect((selectAll() as HTMLInputElement).indeterminate).toBe(true);
    expect(screen.getByText('4 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 7' }));
    expect(screen.getByText('5 selected')).toBeInTheDocument();
    expect(selectAll()).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Modify' }));
    await screen.findByText('page /product/edit');
    expect(router.state.location.state).toEqual({ ids: [1, 2, 4, 5, 7] });
  });

  it('leaving select mode forgets the ticks', async () => {
    signedInWith(['ProductList', 'ProductEdit']);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Product 1');
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    await user.click(tick('Product 2'));
    await user.click(screen.getByRole('radio', { name: 'View' }));
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    expect(tick('Product 2')).not.toBeChecked();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('deletes after “Are you sure to delete?”, removing the rows at once and restoring them if the server refuses', async () => {
    signedInWith(['ProductList', 'ProductDelete']);
    let refuse: (response: Response) => void = () => undefined;
    deleteAnswer = () => new Promise((resolve) => (refuse = resolve));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Product 1');
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    expect(screen.queryByRole('button', { name: 'Modify' })).not.toBeInTheDocument();
    await user.click(tick('Product 1'));
    await user.click(tick('Product 2'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete products' });
    expect(asked).toHaveTextContent('Are you sure to delete?');
    await user.click(within(asked).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete products' });
    expect(confirm).toHaveTextContent('Are you sure to delete?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.queryByText('Product 1')).not.toBeInTheDocument());
    expect(screen.queryByText('Product 2')).not.toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect(JSON.parse(String(init!.body))).toEqual([1, 2]);

    refuse(jsonResponse(404, { message: 'Product not found.' }));
    expect(await screen.findByRole('dialog', { name: 'Message' })).toHaveTextContent('The products could not be deleted: Product not found.');
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(screen.getByText('Product 2')).toBeInTheDocument();
    // The refused products stay ticked, ready for another try.
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('forgets the ticks of products the server has deleted', async () => {
    signedInWith(['ProductList', 'ProductDelete']);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Product 1');
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    await user.click(tick('Product 3'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete products' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('0 selected')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect(JSON.parse(String(init!.body))).toEqual([3]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no select mode to a user who may only list products', async () => {
    signedInWith(['ProductList']);
    renderList();
    await screen.findByText('Product 1');
    expect(screen.queryByRole('radio', { name: 'Select' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });
});

describe('product search', () => {
  it('says when a prefix matches 1,000 or more products, and the hint goes once the name typed narrows them', async () => {
    signedInWith(['ProductList']);
    const user = userEvent.setup();
    renderList();
    const box = await screen.findByRole('textbox', { name: 'Search by product name' });
    await user.type(box, 'k{Enter}');
    expect(await screen.findByText(/1,000 or more products match “k”/)).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–5 of 1000')).toBeInTheDocument();
    await user.type(box, 'esar{Enter}');
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(screen.queryByText(/or more products match/)).not.toBeInTheDocument();
  });
});
