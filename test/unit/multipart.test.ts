import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import { domainHandler, type ApiEvent, type ApiResult } from '../../functions/lib/handler.js';
import { NOT_MULTIPART, parseMultipart } from '../../functions/lib/multipart.js';
import { answer, route } from '../../shared/routes/define.js';
import { multipartForm } from '../../shared/schemas/common.js';

process.env.LOG_LEVEL = 'error';

/** A body encoded exactly as a browser's fetch encodes a FormData. */
async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

// Bytes that look like the parts of a form (CRLF, dashes, a header line) must come through untouched.
const tricky = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]), Buffer.from('\r\n--not-the-boundary\r\nContent-Type: x\r\n\r\n'), Buffer.from([0, 1, 2])]);

describe('multipart/form-data parsing', () => {
  it('reads text fields and files with their names, types and exact bytes', async () => {
    const form = new FormData();
    form.append('note', 'Diwali stock ₹');
    form.append('file', new Blob([tricky], { type: 'application/vnd.ms-excel' }), 'Stock list.xls');
    const { body, contentType } = await encode(form);
    const parsed = parseMultipart(body, contentType);
    expect(parsed.fields).toEqual({ note: 'Diwali stock ₹' });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'file', fileName: 'Stock list.xls', contentType: 'application/vnd.ms-excel' });
    expect(Buffer.from(parsed.files[0]!.data).equals(tricky)).toBe(true);
  });

  it('keeps only the last segment of a file name sent with a local path, and reads RFC 5987 names', () => {
    const boundary = 'XyZ';
    const body = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="C:\\Users\\ravi\\template.xlsx"',
        '',
        'abc',
        `--${boundary}`,
        `Content-Disposition: form-data; name="other"; filename="x.xlsx"; filename*=UTF-8''%E0%A4%B8%E0%A5%82%E0%A4%9A%E0%A5%80.xlsx`,
        'Content-Type: application/octet-stream',
        '',
        'def',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const parsed = parseMultipart(body, `multipart/form-data; boundary="${boundary}"`);
    expect(parsed.files.map((f) => f.fileName)).toEqual(['template.xlsx', 'सूची.xlsx']);
    expect(parsed.files[0]!.contentType).toBe('application/octet-stream');
    expect(Buffer.from(parsed.files[1]!.data).toString()).toBe('def');
  });

  it('refuses a body that is not a multipart form, or is cut short', async () => {
    expect(() => parseMultipart(Buffer.from('{}'), 'application/json')).toThrow(NOT_MULTIPART);
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.xlsx');
    const { body, contentType } = await encode(form);
    expect(() => parseMultipart(body.subarray(0, body.length - 20), contentType)).toThrow(/could not be read/);
  });
});

const routes = {
  upload: route({
    method: 'POST',
    path: '/upload/{id}',
    access: 'TemplateEdit',
    summary: 'test',
    params: z.object({ id: z.string() }),
    body: multipartForm.superRefine((form, ctx) => {
      if (!form.files.some((f) => f.field === 'file' && f.fileName)) ctx.addIssue({ code: 'custom', message: 'Please choose a file.' });
    }),
    bodyKind: 'multipart',
    response: answer<z.ZodObject<{ fileName: z.ZodString; size: z.ZodNumber; note: z.ZodOptional<z.ZodString> }>>(),
  }),
  rows: route({
    method: 'POST',
    path: '/rows',
    access: 'TemplateEdit',
    summary: 'test',
    body: z.array(z.object({ name: z.string().min(1, 'Name is required.'), size: z.string({ error: 'Size is required.' }) })),
    response: answer<z.ZodNumber>(),
  }),
};

const handler = domainHandler('test', routes, {
  async upload({ body }) {
    const file = body.files.find((f) => f.field === 'file')!;
    return { fileName: file.fileName, size: file.data.length, note: body.fields.note };
  },
  rows: async ({ body }) => body.length,
  // Unit tests have no table: the caller's account stands, and the shop is within its share.
}, { standing: async () => undefined, share: async () => undefined });

function event(routeKey: string, body: Buffer | string | undefined, contentType: string, base64: boolean): ApiEvent {
  const base = structuredClone(sample) as unknown as ApiEvent;
  base.routeKey = routeKey;
  base.requestContext.routeKey = routeKey;
  base.requestContext.authorizer.jwt.claims = { 'custom:tenantId': 'demo', email: 'admin@demo.shop', features: 'TemplateEdit' };
  base.pathParameters = { id: 'new' };
  base.headers = { ...base.headers, 'content-type': contentType };
  base.body = body === undefined ? undefined : base64 ? Buffer.from(body).toString('base64') : String(body);
  base.isBase64Encoded = base64;
  return base;
}
const invoke = async (e: ApiEvent) => {
  const result = (await handler(e, {} as never)) as ApiResult;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) };
};

describe('handler kit with multipart bodies', () => {
  it("parses the base64 body API Gateway hands over and validates it with the route's schema", async () => {
    const form = new FormData();
    form.append('note', 'June');
    form.append('file', new Blob([tricky]), 'template.xlsx');
    const { body, contentType } = await encode(form);
    expect(await invoke(event('POST /upload/{id}', body, contentType, true))).toEqual({
      status: 200,
      body: { fileName: 'template.xlsx', size: tricky.length, note: 'June' },
    });
  });

  it("answers the route's own message for an empty form or one without the file", async () => {
    expect(await invoke(event('POST /upload/{id}', undefined, 'multipart/form-data; boundary=x', true))).toMatchObject({
      status: 400,
      body: { message: 'Please choose a file.' },
    });
    const form = new FormData();
    form.append('note', 'no file');
    const { body, contentType } = await encode(form);
    expect((await invoke(event('POST /upload/{id}', body, contentType, true))).body.message).toBe('Please choose a file.');
  });

  it('answers 400 with a clear message when the body is JSON instead of a form', async () => {
    expect(await invoke(event('POST /upload/{id}', '{"file":"x"}', 'application/json', false))).toMatchObject({
      status: 400,
      body: { message: NOT_MULTIPART },
    });
  });
});

describe('handler kit with list bodies', () => {
  it('names the row (from 1) of the first bad row, and lists every problem with its row', async () => {
    const rows = [{ name: 'Rice', size: '5 kg' }, { name: 'Atta' }, { name: '', size: '1 kg' }];
    const answer = await invoke(event('POST /rows', JSON.stringify(rows), 'application/json', false));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Row 2: Size is required.');
    expect(answer.body.details).toEqual([
      { row: 2, path: 'size', message: 'Size is required.' },
      { row: 3, path: 'name', message: 'Name is required.' },
    ]);
  });
});
