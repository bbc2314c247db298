import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTER_NUMBER } from '../../../../../shared/schemas/catalogue.js';
import { ARTCODE_REQUIRED, BARCODE_REQUIRED, VALID_PRODUCT, type InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession, updateSession } from '../../../lib/session.js';
import InventoryFormScreen from './inventory-form.js';

const received: InventorySuggestion = {
  productId: 7,
  productName: 'Tata Tea Gold',
  artcode: 'HSN1016',
  barcode: '8901000055433',
  mrp: 320,
  sellingPrice: 304,
  buyingPrice: 268,
  gst: 5,
  cgst: 2.5,
  sgst: 2.5,
  nrp: 289.52,
  inventoryId: 31,
  stockId: 16,
  quantity: 12,
};
const neverReceived: InventorySuggestion = { ...received, productId: 9, productName: 'Tata Salt', artcode: '', barcode: '', inventoryId: 0, stockId: 0, quantity: 0, mrp: 0, sellingPrice: 0, buyingPrice: 0, cgst: 0, sgst: 0, gst: 0, nrp: 0 };

const fetchMock = vi.fn<typeof fetch>();
const saved: unknown[] = [];

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
  updateSession({ features: ['InventoryEdit', 'InventoryList'] });
  saved.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname);
    if (path === '/api/inventory/anyList/true/tata') return jsonResponse(200, [received, neverReceived]);
    if (init?.method === 'POST' && path === '/api/inventory/save') {
      const body = JSON.parse(String(init.body)) as { quantity: number };
      saved.push(body);
      return jsonResponse(200, {
        inventory: { ...received, ...body, inventoryId: 99, vendor: '', inventoryDate: '2026-11-22', source: 'form' },
        stock: { stockId: 16, productName: 'Tata Tea Gold', artcode: 'HSN1016', quantity: 12 + body.quantity },
      });
    }
    return jsonResponse(404, { message: `No stub for ${path}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderForm() {
  const { router } = renderWithApp(<InventoryFormScreen />, { at: '/inventory/:id', elsewhere: ['/inventory'] });
  await router.navigate('/inventory/new');
  await screen.findByRole('textbox', { name: /^Product/ });
}
const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('inventory add', () => {
  it("names every missing or wrong field with the spec's messages and sends nothing", async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(field(/^Product/), 'Tata Tea');
    await user.type(field(/^Quantity/), 'ten');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Typed but not chosen from the suggestions.
    expect(await screen.findByText(VALID_PRODUCT)).toBeInTheDocument();
    expect(screen.getByText(BARCODE_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(ARTCODE_REQUIRED)).toBeInTheDocument();
    // Quantity, CGST, SGST, MRP and Buying Price.
    expect(screen.getAllByText(ENTER_NUMBER)).toHaveLength(5);
    expect(saved).toEqual([]);
  });

  it('fills a received line in from its suggestion, moves on to Quantity, and saves with Enter', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(field(/^Product/), 'tata');
    await user.click(await screen.findByRole('option', { name: /Tata Tea Gold/ }));

    expect(field(/^Barcode/)).toHaveValue('8901000055433');
    expect(field(/^Artcode/)).toHaveValue('HSN1016');
    expect(field(/^MRP/)).toHaveValue('320');
    expect(field(/^Buying Price/)).toHaveValue('268');
    expect(field(/^Selling Price/)).toHaveValue('304');
    await waitFor(() => expect(field(/^Quantity/)).toHaveFocus());

    await user.keyboard('24{Enter}');
    expect(await screen.findByText('Received 24 of Tata Tea Gold (HSN1016). Stock now 36.')).toBeInTheDocument();
    expect(saved).toEqual([
      { productId: 7, productName: 'Tata Tea Gold', vendor: '', artcode: 'HSN1016', barcode: '8901000055433', quantity: 24, cgst: 2.5, sgst: 2.5, mrp: 320, buyingPrice: 268, sellingPrice: 304 },
    ]);
    // Ready for the next product.
    await waitFor(() => expect(field(/^Product/)).toHaveFocus());
    expect(field(/^Product/)).toHaveValue('');
    expect(field(/^Quantity/)).toHaveValue('');
  });

  it('lets a scanner end the barcode with Enter without saving, and leaves Selling Price out when empty', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(field(/^Product/), 'tata');
    await user.click(await screen.findByRole('option', { name: /Tata Salt/ }));
    await waitFor(() => expect(field(/^Barcode/)).toHaveFocus());

    await user.keyboard('8901725181222{Enter}');
    expect(field(/^Artcode/)).toHaveFocus();
    expect(screen.queryByText(ARTCODE_REQUIRED)).not.toBeInTheDocument();
    await user.keyboard('HSN2001');
    await user.type(field(/^Quantity/), '10');
    await user.type(field(/^CGST/), '0');
    await user.type(field(/^SGST/), '0');
    await user.type(field(/^MRP/), '28');
    await user.type(field(/^Buying Price/), '22.50{Enter}');

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ productId: 9, productName: 'Tata Salt', vendor: '', artcode: 'HSN2001', barcode: '8901725181222', quantity: 10, cgst: 0, sgst: 0, mrp: 28, buyingPrice: 22.5 });
  });
});
