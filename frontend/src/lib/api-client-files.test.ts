import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productRoutes } from '../../../shared/routes/products.js';
import { templateRoutes } from '../../../shared/routes/templates.js';
import { jsonResponse, tokenAnswer } from '../../../test/web/render.js';
import { ApiError, callApi, callApiForFile } from './api-client.js';
import { clearSession, startSession } from './session.js';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  clearSession();
  startSession(tokenAnswer(3600));
});
afterEach(() => vi.unstubAllGlobals());

const requestOf = (call = 0) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('callApi with multipart routes', () => {
  it('sends the FormData as it is, letting the browser write the multipart content type and boundary', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { templateId: 4, templateName: 'June.xlsx' }));
    const form = new FormData();
    form.append('file', new File(['PK'], 'June.xlsx', { type: xlsx }));
    const saved = await callApi(templateRoutes.create, { params: { id: 'new' }, form });
    expect(saved).toEqual({ templateId: 4, templateName: 'June.xlsx' });
    const { url, init, headers } = requestOf();
    expect(url).toBe('/api/template/new');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses to call a multipart route without a form, and never sends a form as JSON', async () => {
    await expect(callApi(templateRoutes.replace, { params: { id: 3 } })).rejects.toThrow('takes its body as a FormData form');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await callApi(productRoutes.deleteAll, { body: [1, 2] });
    expect(requestOf().headers.get('Content-Type')).toBe('application/json');
    expect(requestOf().init.body).toBe('[1,2]');
  });
});

describe('file answers and refusals', () => {
  it('answers a file as a Blob, and with the name the server gave it', async () => {
    const file = () =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: { 'content-type': xlsx, 'content-disposition': 'attachment; filename="Template.xlsx"' },
      });
    fetchMock.mockResolvedValueOnce(file()).mockResolvedValueOnce(file());
    const blob = await callApi(templateRoutes.current);
    // A Blob (jsdom's and Node's are different classes, so checked by shape).
    expect(blob).toMatchObject({ size: 4, type: xlsx });
    const download = await callApiForFile(templateRoutes.current);
    expect(download.fileName).toBe('Template.xlsx');
    expect(requestOf(1).url).toBe('/api/template/get');
    expect(requestOf(1).headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('keeps the rows and fields of a bulk save’s refusal', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Row 2: Product Already Exists',
        details: [
          { row: 2, path: 'productName', message: 'Product Already Exists' },
          { row: 3, path: 'size', message: 'Size is required.' },
        ],
      }),
    );
    const error = (await callApi(productRoutes.saveAll, { body: [] }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Row 2: Product Already Exists');
    expect(error.details).toEqual([
      { row: 2, path: 'productName', message: 'Product Already Exists' },
      { row: 3, path: 'size', message: 'Size is required.' },
    ]);
  });
});
