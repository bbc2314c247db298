import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InventorySuggestion } from '../../../shared/schemas/inventory.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../test/web/render.js';
import { clearSession, startSession } from '../lib/session.js';
import { ProductSuggest, exactSuggestion, narrowSuggestions, suggestionQueryText } from './product-suggest.js';

const line = (productId: number, productName: string, artcode: string, barcode: string, more: Partial<InventorySuggestion> = {}): InventorySuggestion => ({
  productId,
  productName,
  artcode,
  barcode,
  mrp: 899,
  sellingPrice: 899,
  buyingPrice: 760,
  gst: 5,
  cgst: 2.5,
  sgst: 2.5,
  nrp: 856.19,
  inventoryId: 40 + productId,
  stockId: 10 + productId,
  quantity: 36,
  ...more,
});

const rice = line(1, 'India Gate Basmati Rice', 'HSN1001', '8901000007919');
const riceSmall = line(1, 'India Gate Basmati Rice', 'HSN1009', '8901000007920', { stockId: 19 });
const atta = line(2, 'Aashirvaad Whole Wheat Atta', 'HSN1002', '8901000015838');

const fetchMock = vi.fn<typeof fetch>();
/** What the server answers per asked text. */
let answers: Record<string, InventorySuggestion[]>;
const asked = () => fetchMock.mock.calls.map(([input]) => decodeURIComponent(new URL(String(input), 'http://localhost').pathname));

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
  answers = {};
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname);
    const match = /^\/api\/inventory\/anyList\/(true|false)\/(.+)$/.exec(path);
    if (!match) return jsonResponse(404, { message: `No stub for ${path}` });
    return jsonResponse(200, answers[match[2]!.toLowerCase()] ?? []);
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The picker in a form-like harness that shows what was chosen. */
function Harness({ onChoice }: { onChoice: (chosen: InventorySuggestion | null) => void }) {
  const [value, setValue] = useState<InventorySuggestion | null>(null);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <ProductSuggest
        label="Product"
        includeNeverReceived
        value={value}
        onChange={(chosen) => {
          setValue(chosen);
          onChoice(chosen);
        }}
      />
      <p>chosen: {value ? `${value.productName} ${value.artcode}` : 'none'}</p>
    </form>
  );
}

const renderPicker = () => {
  const onChoice = vi.fn();
  renderWithApp(<Harness onChoice={onChoice} />);
  return { onChoice, input: screen.getByRole('textbox', { name: 'Product' }) };
};

describe('the texts asked for', () => {
  it('asks for 4 to 10 characters, and the first 10 of a longer text', () => {
    expect(suggestionQueryText('ind')).toBeUndefined();
    expect(suggestionQueryText('  indi ')).toBe('indi');
    expect(suggestionQueryText('India Gate Basmati')).toBe('India Gate');
    expect(suggestionQueryText('8901000007919')).toBe('8901000007');
  });

  it('narrows a longer text and lets Enter take an exact code, or the only one left', () => {
    expect(narrowSuggestions([rice, riceSmall, atta], 'india gate basmati')).toEqual([rice, riceSmall]);
    expect(exactSuggestion([rice, riceSmall], '8901000007920')).toBe(riceSmall);
    expect(exactSuggestion([rice, riceSmall], 'hsn1001')).toBe(rice);
    expect(exactSuggestion([rice, riceSmall], 'India Gate')).toBeUndefined();
    expect(exactSuggestion([rice, atta], 'aash')).toBe(atta);
  });
});

describe('choosing a product from the suggestions', () => {
  it('asks the server only from 4 characters, then offers every match with its artcode, barcode and stock', async () => {
    answers.indi = [rice, riceSmall];
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, 'ind');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, 'i');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('India Gate Basmati Rice');
    expect(options[0]).toHaveTextContent('HSN1001 · 8901000007919 · 36 in stock · MRP ₹899.00');
    expect(asked()).toEqual(['/api/inventory/anyList/true/indi']);
  });

  it("says 'No Suggestion' when nothing matches", async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, 'zzzz');
    expect(await screen.findByText('No Suggestion')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('takes the option picked with the arrow keys and Enter, and forgets it when the text changes', async () => {
    answers.indi = [rice, riceSmall];
    const user = userEvent.setup();
    const { input, onChoice } = renderPicker();
    await user.type(input, 'indi');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoice).toHaveBeenLastCalledWith(riceSmall);
    expect(screen.getByText('chosen: India Gate Basmati Rice HSN1009')).toBeInTheDocument();
    expect(input).toHaveValue('India Gate Basmati Rice');
    expect(screen.getByText(/Product Id 1 · HSN1009 · 36 in stock/)).toBeInTheDocument();

    // Typing over a choice means the product is no longer one of the suggestions.
    await user.type(input, 'x');
    expect(onChoice).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('chosen: none')).toBeInTheDocument();
    expect(input).toHaveValue('India Gate Basmati Ricex');
  });

  it('takes a clicked option', async () => {
    answers.aash = [atta];
    const user = userEvent.setup();
    const { input, onChoice } = renderPicker();
    await user.type(input, 'aash');
    await user.click(await screen.findByRole('option', { name: /Aashirvaad/ }));
    expect(onChoice).toHaveBeenLastCalledWith(atta);
  });

  it('picks the line of a scanned barcode at once: the code and Enter, as a USB scanner types them', async () => {
    answers['8901000007'] = [rice, riceSmall];
    const user = userEvent.setup();
    const { input, onChoice } = renderPicker();
    await user.click(input);
    await user.keyboard('8901000007920{Enter}');
    await waitFor(() => expect(onChoice).toHaveBeenLastCalledWith(riceSmall));
    expect(screen.getByText('chosen: India Gate Basmati Rice HSN1009')).toBeInTheDocument();
    expect(asked()).toContain('/api/inventory/anyList/true/8901000007');
  });

  it("says 'No Suggestion' for a scanned code nobody has, and chooses nothing", async () => {
    answers['8909999999'] = [];
    const user = userEvent.setup();
    const { input, onChoice } = renderPicker();
    await user.click(input);
    await user.keyboard('8909999999123{Enter}');
    expect(await screen.findByText('No Suggestion')).toBeInTheDocument();
    expect(onChoice).not.toHaveBeenCalledWith(expect.objectContaining({ productId: expect.any(Number) }));
  });
});
