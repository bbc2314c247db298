import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_REQUIRED, XLSX_TYPE } from '../../../../../shared/spreadsheets.js';
import { jsonResponse, renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession, updateSession } from '../../../lib/session.js';
import InventoryUploadScreen from './inventory-upload.js';

const UPLOAD_ID = '6f1c2b9e-8d4a-4c1e-9b7f-2a5d3e4f6a7b';
const staged = { uploadId: UPLOAD_ID, fileName: 'June.xlsx', rows: 600, batches: 3, batchSize: 250 };
const progress = (batch: number, savedRows: number) => ({ uploadId: UPLOAD_ID, batch, batches: 3, rows: 600, savedRows, done: savedRows === 600 });

const fetchMock = vi.fn<typeof fetch>();
type Answer = () => Promise<Response>;
let stageAnswers: Answer[];
let batchAnswers: Map<number, Answer[]>;
const calls = () =>
  fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname)}${url.search}`;
  });
const batchCalls = () => calls().filter((c) => c.includes('/batch/'));

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
  updateSession({ features: ['InventoryEdit', 'InventoryList'] });
  stageAnswers = [async () => jsonResponse(200, staged)];
  batchAnswers = new Map([
    [1, [async () => jsonResponse(200, progress(1, 250))]],
    [2, [async () => jsonResponse(200, progress(2, 500))]],
    [3, [async () => jsonResponse(200, progress(3, 600))]],
  ]);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname);
    if (init?.method === 'POST' && path === '/api/inventory/saveByFile/admin@demo.shop') return stageAnswers.shift()!();
    const batch = /^\/api\/inventory\/upload\/[\w-]+\/batch\/(\d+)$/.exec(path);
    if (init?.method === 'POST' && batch) return batchAnswers.get(Number(batch[1]))!.shift()!();
    return jsonResponse(404, { message: `No stub for ${path}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

const workbook = (name = 'June.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], name, { type: XLSX_TYPE });

async function chooseAndUpload(user: ReturnType<typeof userEvent.setup>, file = workbook()) {
  renderWithApp(<InventoryUploadScreen />, { at: '/inventoryFile', elsewhere: ['/inventory', '/stock', '/error'] });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

/** A promise the test settles when it wants the server to answer. */
function held() {
  let release!: (response: Response) => void;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release };
}

describe('inventory file upload', () => {
  it('requires a file before anything is sent', async () => {
    const user = userEvent.setup();
    renderWithApp(<InventoryUploadScreen />, { at: '/inventoryFile' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(FILE_REQUIRED)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the batches one after the other, the progress bar following the rows saved', async () => {
    const second = held();
    batchAnswers.set(2, [second.answer]);
    const user = userEvent.setup();
    await chooseAndUpload(user);

    const bar = await screen.findByRole('progressbar', { name: 'Rows saved' });
    await waitFor(() => expect(screen.getByText('Saving batch 2 of 3 · 250 of 600 rows')).toBeInTheDocument());
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    second.release(jsonResponse(200, progress(2, 500)));
    expect(await screen.findByText('Upload complete')).toBeInTheDocument();
    expect(screen.getByText(/Saved 600 rows from June\.xlsx/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rows saved' })).toHaveAttribute('aria-valuenow', '100');
    expect(batchCalls()).toEqual([1, 2, 3].map((n) => `POST /api/inventory/upload/${UPLOAD_ID}/batch/${n}`));
    expect(screen.getByRole('link', { name: 'View stock' })).toHaveAttribute('href', '/stock');
  });

  it('lists every problem of a refused file by row, column and reason, and saves nothing', async () => {
    stageAnswers = [
      async () =>
        jsonResponse(400, {
          message: 'The file was not saved: 2 row(s) have problems. Row 3, artcode: Artcode is required.',
          details: [
            { row: 3, column: 'artcode', reason: 'Artcode is required.' },
            { row: 4, column: 'quantity', reason: 'Enter the number!!!' },
            { row: 4, column: 'mrp', reason: 'Enter the number!!!' },
          ],
        }),
    ];
    const user = userEvent.setup();
    await chooseAndUpload(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was saved');
    expect(alert).toHaveTextContent('Row 3, artcode: Artcode is required.');
    const table = screen.getByRole('table', { name: 'Problems in the file' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'artcode', 'Artcode is required.'],
      ['4', 'quantity', 'Enter the number!!!'],
      ['4', 'mrp', 'Enter the number!!!'],
    ]);
    expect(batchCalls()).toEqual([]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a refusal without rows under the file field', async () => {
    stageAnswers = [async () => jsonResponse(400, { message: 'The file has no rows to upload.' })];
    const user = userEvent.setup();
    await chooseAndUpload(user);
    expect(await screen.findByText('The file has no rows to upload.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks before uploading a file again, and sends it again only when told to', async () => {
    const question = 'This file was already uploaded on 22/11/2026 by admin@demo.shop. Upload it again?';
    stageAnswers = [async () => jsonResponse(409, { message: question }), async () => jsonResponse(200, staged)];
    const user = userEvent.setup();
    await chooseAndUpload(user);

    const dialog = await screen.findByRole('dialog', { name: 'Upload this file again?' });
    expect(dialog).toHaveTextContent(question);
    expect(batchCalls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload again' }));
    expect(await screen.findByText('Upload complete')).toBeInTheDocument();
    expect(calls().filter((c) => c.includes('saveByFile'))).toEqual([
      'POST /api/inventory/saveByFile/admin@demo.shop',
      'POST /api/inventory/saveByFile/admin@demo.shop?confirm=true',
    ]);
  });

  it('leaves a file seen before alone when the answer is no', async () => {
    stageAnswers = [async () => jsonResponse(409, { message: 'This file was already uploaded on 22/11/2026 by admin@demo.shop. Upload it again?' })];
    const user = userEvent.setup();
    await chooseAndUpload(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Don’t upload' }));
    expect(await screen.findByText('The file was not uploaded again.')).toBeInTheDocument();
    expect(calls().filter((c) => c.includes('saveByFile'))).toHaveLength(1);
    expect(batchCalls()).toEqual([]);
  });

  it('tries a failed batch again, stops on a refusal, and resumes from the batch that failed', async () => {
    batchAnswers.set(2, [
      async () => jsonResponse(503, { message: 'Service Unavailable' }),
      async () => jsonResponse(404, { message: 'Unknown upload. Please upload the file again.' }),
      async () => jsonResponse(200, progress(2, 500)),
    ]);
    const user = userEvent.setup();
    await chooseAndUpload(user);

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Saving stopped at batch 2 of 3');
    expect(alert).toHaveTextContent('Unknown upload. Please upload the file again.');
    expect(screen.getByText('250 of 600 rows saved')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Upload complete')).toBeInTheDocument();
    expect(batchCalls().map((c) => c.split('/').at(-1))).toEqual(['1', '2', '2', '2', '3']);
  });
});
