import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession } from '../../../lib/session.js';
import { ProductRowsForm } from './product-rows-form.js';
import { emptyRow } from './product-rows.js';

const EXISTS = 'Product Already Exists';
const fetchMock = vi.fn<typeof fetch>();
const stored = [
  { productId: 19, productName: 'Tata Tea Gold', categoryId: 5 },
  { productId: 4, productName: 'Tata Sampann Toor Dal', categoryId: 1 },
];
let saveAnswer: () => Response;
let uploads = 0;

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
  uploads = 0;
  saveAnswer = () => jsonResponse(200, [{ productId: 30, productName: 'Saved' }]);
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (call === 'GET /api/category/all') {
      return jsonResponse(200, [
        { categoryId: 1, categoryName: 'Groceries' },
        { categoryId: 5, categoryName: 'Tea, Coffee & Drinks' },
      ]);
    }
    if (call.startsWith('GET /api/product/suggestion/')) {
      const text = decodeURIComponent(url.pathname.split('/').pop()!);
      return jsonResponse(200, stored.filter((p) => p.productName.toLowerCase().startsWith(text)).slice(0, 20));
    }
    if (call === 'POST /api/upload/image') {
      uploads += 1;
      return jsonResponse(200, { key: `t/demo/uploads/upload-${uploads}`, uploadUrl: `http://s3.test/up-${uploads}`, method: 'PUT', headers: { 'content-type': 'image/png' } });
    }
    if (call.startsWith('PUT /up-')) return new Response(null, { status: 200 });
    if (call === 'POST /api/product/saveAll') return saveAnswer();
    return jsonResponse(404, { message: `No stub for ${call}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

const calls = (pattern: RegExp) => fetchMock.mock.calls.filter(([input, init]) => pattern.test(`${init?.method ?? 'GET'} ${String(input)}`));
const row = (n: number) => screen.getByRole('group', { name: `Row ${n}` });
const nameField = (n: number) => screen.getByRole('textbox', { name: `Product Name, row ${n}` });

function renderForm(rows = 2) {
  return renderWithApp(<ProductRowsForm mode="add" initialRows={Array.from({ length: rows }, emptyRow)} />, {
    at: '/product/new',
    elsewhere: ['/product'],
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Puts text in a field in one go (typing letter by letter is slow in jsdom and only matters for the name checks). */
async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRow(user: User, n: number, name: string) {
  await paste(user, nameField(n), name);
  await user.click(within(row(n)).getByRole('combobox', { name: `Category, row ${n}` }));
  await user.click(await screen.findByRole('option', { name: 'Groceries' }));
  await paste(user, within(row(n)).getByRole('textbox', { name: `Size, row ${n}` }), '1 kg');
  await paste(user, within(row(n)).getByRole('textbox', { name: `Colour, row ${n}` }), 'White');
  await paste(user, within(row(n)).getByRole('textbox', { name: `Description, row ${n}` }), 'Loose packed');
  const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], `row-${n}.png`, { type: 'image/png' });
  await user.upload(row(n).querySelector<HTMLInputElement>('input[type="file"]')!, picture);
}

const savedRows = () => JSON.parse(String(calls(/^POST \/api\/product\/saveAll/)[0]![1]!.body)) as Record<string, unknown>[];

describe('bulk add: duplicate names as they are typed', () => {
  it('flags a stored product’s name in any letter case and spacing, for a second, asking for the name typed once', async () => {
    const user = userEvent.setup();
    renderForm();
    await paste(user, nameField(1), 'TATA  tea gold');
    const flash = await within(row(1)).findByText(EXISTS);
    expect(nameField(1)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(flash).not.toBeInTheDocument(), { timeout: 2000 });
    // The name given at once, one request: the stored names starting with the whole name.
    expect(calls(/suggestion/).map(([input]) => String(input))).toEqual(['/api/product/suggestion/tata%20tea%20gold']);
    // The name stays as typed: the user decides what to change.
    expect(nameField(1)).toHaveValue('TATA  tea gold');
  });

  it('asks again for the whole name as it grows after a pause', async () => {
    const user = userEvent.setup();
    renderForm();
    await paste(user, nameField(1), 'Tata');
    await waitFor(() => expect(calls(/suggestion/)).toHaveLength(1));
    expect(within(row(1)).queryByText(EXISTS)).not.toBeInTheDocument();
    await user.paste(' Tea Gold');
    expect(await within(row(1)).findByText(EXISTS)).toBeInTheDocument();
    expect(calls(/suggestion/).map(([input]) => String(input))).toEqual(['/api/product/suggestion/tata', '/api/product/suggestion/tata%20tea%20gold']);
  });

  it('does not flag a name that only starts like a stored one', async () => {
    const user = userEvent.setup();
    renderForm();
    await paste(user, nameField(1), 'Tata Tea Gold Premium');
    await waitFor(() => expect(calls(/suggestion/)).toHaveLength(1));
    expect(within(row(1)).queryByText(EXISTS)).not.toBeInTheDocument();
  });

  it('flags the row being typed when another row already has the name, not the other row', async () => {
    const user = userEvent.setup();
    renderForm();
    await paste(user, nameField(1), 'Moong Dal');
    await user.type(nameField(2), 'moong dal');
    expect(await within(row(2)).findByText(EXISTS)).toBeInTheDocument();
    expect(within(row(1)).queryByText(EXISTS)).not.toBeInTheDocument();
  });
});

describe('bulk add: saving', () => {
  it('refuses a save with a duplicate row, saying which row, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRow(user, 1, 'Kesar Badam Milk');
    await fillRow(user, 2, 'Tata Tea Gold');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Row 2: ${EXISTS}`);
    // Unlike the message while typing, this one stays until the name is changed.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(within(row(2)).getByText(EXISTS)).toBeInTheDocument();
    expect(calls(/saveAll|upload/)).toHaveLength(0);
    await paste(user, nameField(2), ' Jar');
    expect(within(row(2)).queryByText(EXISTS)).not.toBeInTheDocument();
  });

  it('uploads each picture, leaves out rows without a name, and shows the server’s row problems on their rows', async () => {
    saveAnswer = () =>
      jsonResponse(400, { message: `Row 3: ${EXISTS}`, details: [{ row: 3, path: 'productName', message: EXISTS }] });
    const user = userEvent.setup();
    renderForm(3);
    await fillRow(user, 1, 'Kesar Badam Milk');
    await fillRow(user, 3, 'Rooh Afza');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`Row 3: ${EXISTS}`);
    expect(within(row(3)).getByText(EXISTS)).toBeInTheDocument();
    expect(within(row(1)).queryByText(EXISTS)).not.toBeInTheDocument();
    // The empty row is sent empty, so the server counts rows as the screen shows them.
    expect(savedRows()).toEqual([
      { productName: 'Kesar Badam Milk', categoryId: 1, description: 'Loose packed', size: '1 kg', colour: 'White', unit: 'NOS', image: 't/demo/uploads/upload-1' },
      { productName: '' },
      { productName: 'Rooh Afza', categoryId: 1, description: 'Loose packed', size: '1 kg', colour: 'White', unit: 'NOS', image: 't/demo/uploads/upload-2' },
    ]);
    expect(calls(/^PUT http:\/\/s3\.test\/up-/)).toHaveLength(2);

    // A retry after fixing the name does not upload the same pictures again.
    saveAnswer = () => jsonResponse(200, [{ productId: 31, productName: 'Kesar Badam Milk' }, { productId: 32, productName: 'Rooh Afza Syrup' }]);
    await paste(user, nameField(3), ' Syrup');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('page /product')).toBeInTheDocument();
    expect(calls(/^POST \/api\/upload\/image/)).toHaveLength(2);
  });

  it('requires every field of a named row, the picture too, with the server’s messages', async () => {
    const user = userEvent.setup();
    renderForm(1);
    await paste(user, nameField(1), 'Kesar Badam Milk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const card = row(1);
    for (const message of ['Category is required.', 'Size is required.', 'Colour is required.', 'Description is required.', 'Image is required.']) {
      expect(await within(card).findByText(message)).toBeInTheDocument();
    }
    expect(calls(/saveAll/)).toHaveLength(0);
  });

  it('refuses a file that is not a picture as soon as it is chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(1);
    const pdf = new File(['%PDF-1.4'], 'list.pdf', { type: 'application/pdf' });
    await user.upload(row(1).querySelector<HTMLInputElement>('input[type="file"]')!, pdf);
    expect(within(row(1)).getByText('Please choose an image file (PNG, JPEG, WebP or GIF).')).toBeInTheDocument();
    expect(calls(/upload/)).toHaveLength(0);
  });
});
