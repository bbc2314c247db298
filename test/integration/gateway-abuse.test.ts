import net from 'node:net';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { apiUrl, call } from './client.js';

/**
 * Whatever a client sends, the local gateway answers it with a 4xx or closes the connection, and goes on serving:
 * raw requests over a socket, as an attacker sends them, not as fetch would.
 */
const target = () => new URL(apiUrl());

interface RawAnswer {
  /** The status line's code, or undefined when the gateway closed without answering. */
  status?: number;
  text: string;
}

/** Sends the parts with the given pause between them; gives up after `limitMs`, as the client would. */
function rawRequest(parts: (string | Buffer)[], options: { pauseMs?: number; limitMs?: number; endAfter?: boolean } = {}): Promise<RawAnswer> {
  const { pauseMs = 0, limitMs = 3000, endAfter = false } = options;
  return new Promise((resolve) => {
    const socket = net.connect(Number(target().port), '127.0.0.1');
    let text = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : undefined, text });
    };
    const timer = setTimeout(finish, limitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', async () => {
      for (const part of parts) {
        if (done || socket.destroyed) return;
        socket.write(part);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
      if (endAfter && !socket.destroyed) socket.end();
    });
  });
}

/** The test stack serves no built web app: its pages answer 503 saying so, which is not a failure of the request. */
const serverFailed = (answer: RawAnswer) => answer.status !== undefined && answer.status >= 500 && !answer.text.includes('The web app is not built');

const get = (path: string) => rawRequest([`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`], { endAfter: true });

const brokenPaths = ['/%E0%A4%A', '/%', '/%%', '/%zz', '/%C0%AF', '/%ED%A0%80', '/..%2F..%2Fetc%2Fpasswd', '/%00', '/a%'];
const apiPrefixes = ['', '/api', '/api/customer', '/api/product/id', '/api/category', '/api/inventory/anyList/false'];

describe('the local gateway under malformed requests', () => {
  it('answers broken percent-encodings with 400 on pages and API paths alike', async () => {
    for (const prefix of apiPrefixes) {
      for (const path of brokenPaths) {
        const answer = await get(`${prefix}${path}`);
        // A decodable path ('/%C0%AF' is not, '/..%2F' is) may name nothing: 404 from the API, the app's page otherwise.
        expect(answer.status, `${prefix}${path}`).toBeDefined();
        expect(serverFailed(answer), `${prefix}${path}: ${answer.text.slice(0, 200)}`).toBe(false);
      }
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/api/customer/%E0%A4%A')).status).toBe(400);
  });

  it('survives a few hundred malformed raw requests and still signs a user in', async () => {
    const host = 'Host: localhost\r\n';
    const requests: { name: string; parts: (string | Buffer)[]; pauseMs?: number; limitMs?: number; endAfter?: boolean }[] = [
      ...brokenPaths.flatMap((p) => apiPrefixes.map((prefix) => ({ name: `broken ${prefix}${p}`, parts: [`GET ${prefix}${p} HTTP/1.1\r\n${host}\r\n`] }))),
      { name: 'overlong path', parts: [`GET /${'a'.repeat(40_000)} HTTP/1.1\r\n${host}\r\n`] },
      { name: 'overlong API path', parts: [`GET /api/customer/${'9'.repeat(40_000)} HTTP/1.1\r\n${host}\r\n`] },
      { name: 'overlong header', parts: [`GET / HTTP/1.1\r\n${host}X-Big: ${'b'.repeat(40_000)}\r\n\r\n`] },
      { name: 'many headers', parts: [`GET /api/tenant/list HTTP/1.1\r\n${host}${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v\r\n`).join('')}\r\n`] },
      { name: 'overlong token', parts: [`GET /api/customer/all HTTP/1.1\r\n${host}Authorization: Bearer ${'x.'.repeat(6000)}\r\n\r\n`] },
      ...['FOO', 'G E T', 'get', 'BREW', 'CONNECT', 'PRI', '\u0000GET', 'GET\u0000'].map((m) => ({ name: `method ${m}`, parts: [`${m} / HTTP/1.1\r\n${host}\r\n`] })),
      ...['DELETE', 'PATCH', 'PUT', 'OPTIONS', 'TRACE', 'POST'].map((m) => ({ name: `method ${m} on a page`, parts: [`${m} /index.html HTTP/1.1\r\n${host}content-length: 0\r\n\r\n`] })),
      { name: 'bad version', parts: [`GET / HTTP/9.9\r\n${host}\r\n`] },
      { name: 'no version', parts: ['GET /\r\n\r\n'] },
      { name: 'absolute target', parts: [`GET http://evil.example/ HTTP/1.1\r\n${host}\r\n`] },
      { name: 'asterisk target', parts: [`OPTIONS * HTTP/1.1\r\n${host}\r\n`] },
      { name: 'target without slash', parts: [`GET api/token HTTP/1.1\r\n${host}\r\n`] },
      { name: 'NUL in header', parts: [`GET / HTTP/1.1\r\n${host}X-A: a\u0000b\r\n\r\n`] },
      { name: 'header without colon', parts: [`GET / HTTP/1.1\r\n${host}Broken\r\n\r\n`] },
      { name: 'bare LF', parts: [`GET / HTTP/1.1\n${host}\n`] },
      { name: 'negative length', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Length: -1\r\n\r\n`] },
      { name: 'word length', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Length: abc\r\n\r\n`] },
      { name: 'two lengths', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Length: 2\r\nContent-Length: 5\r\n\r\n{}`] },
      { name: 'length and chunked', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`] },
      { name: 'bad chunk size', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`] },
      { name: 'declared 100 GB', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 100000000000\r\n\r\n{`] },
      { name: 'truncated body', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"username":`], endAfter: true, limitMs: 1500 },
      { name: 'truncated chunked body', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\n\r\n10\r\n{"user`], endAfter: true, limitMs: 1500 },
      { name: 'truncated invoke', parts: [`POST /2015-03-31/functions/pre-token/invocations HTTP/1.1\r\n${host}Content-Length: 900\r\n\r\n{`], endAfter: true, limitMs: 1500 },
      { name: 'JSON garbage', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 9\r\n\r\n{"a":[1,,`] },
      { name: 'deep JSON', parts: [`POST /api/token/generate HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 40000\r\n\r\n${'['.repeat(20_000)}${']'.repeat(20_000)}`] },
      { name: 'binary body', parts: [Buffer.concat([Buffer.from(`POST /api/token/generate HTTP/1.1\r\n${host}Content-Type: application/octet-stream\r\nContent-Length: 256\r\n\r\n`), Buffer.from(Array.from({ length: 256 }, (_, i) => i))])] },
      { name: 'pipelined junk', parts: [`GET /api/tenant/list HTTP/1.1\r\n${host}\r\n\u0001\u0002\u0003 garbage\r\n\r\n`] },
      ...Array.from({ length: 6 }, (_, i) => ({
        name: `slow sender ${i}`,
        parts: `POST /api/token/generate HTTP/1.1\r\n${host}Content-Length: 20\r\n\r\n{"username":"a@b.c"}`.split(''),
        pauseMs: 40,
        limitMs: 2500,
      })),
    ];
    // Random bytes and random request lines, generated.
    const randomRequests = fc.sample(
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
        fc
          .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'), fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }))
          .map(([m, p, h]) => Buffer.from(`${m} /api/${p} HTTP/1.1\r\n${host}X-Junk: ${h}\r\n\r\n`, 'utf8')),
      ),
      { numRuns: 220, seed: 20 },
    );
    requests.push(...randomRequests.map((bytes, i) => ({ name: `random ${i}`, parts: [bytes], limitMs: 1500 })));
    expect(requests.length).toBeGreaterThan(300);

    const answers: { name: string; answer: RawAnswer }[] = [];
    for (let i = 0; i < requests.length; i += 25) {
      const batch = requests.slice(i, i + 25);
      const settled = await Promise.all(batch.map((r) => rawRequest(r.parts, r)));
      settled.forEach((answer, j) => answers.push({ name: batch[j]!.name, answer }));
    }
    const serverErrors = answers.filter(({ answer }) => serverFailed(answer));
    expect(serverErrors.map(({ name, answer }) => `${name}: ${answer.text.slice(0, 200)}`)).toEqual([]);
    const byName = (name: string) => answers.find((a) => a.name === name)!.answer.status;
    expect(byName('overlong header')).toBe(431);
    expect(byName('method FOO')).toBe(400);
    expect(byName('method DELETE on a page')).toBe(405);
    expect(byName('absolute target')).toBe(400);
    expect(byName('declared 100 GB')).toBe(413);
    expect(byName('JSON garbage')).toBe(400);

    const signIn = await call<{ token?: string }>('POST', '/token/generate', {
      body: { username: 'cashier@demo.shop', password: DEMO_PASSWORD },
      headers: { 'x-tenantid': 'demo' },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.token).toBeTruthy();
  }, 120_000);

  it('refuses a body over 10 MB with 413, as API Gateway does, whether declared or streamed', async () => {
    const declared = await rawRequest([`POST /api/token/generate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024 + 1}\r\n\r\n`]);
    expect(declared.status).toBe(413);
    expect(declared.text).toContain('The request is too large. Send at most 10 MB.');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const streamed = await rawRequest(
      [`POST /api/token/generate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, ...Array.from({ length: 11 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))],
      { limitMs: 10_000 },
    );
    expect(streamed.status).toBe(413);
  }, 30_000);

  it("serves the Lambda Invoke API only to the stack's own processes", async () => {
    const invokeUrl = `${target().origin}/2015-03-31/functions/pre-token/invocations`;
    const forged = { triggerSource: 'TokenGeneration_Authentication', request: { userAttributes: { email: 'owner@demo.shop', 'custom:tenantId': 'demo' } }, response: {} };
    const unsigned = await fetch(invokeUrl, { method: 'POST', body: JSON.stringify(forged) });
    expect(unsigned.status).toBe(403);
    const otherKey = await fetch(invokeUrl, {
      method: 'POST',
      headers: { authorization: 'AWS4-HMAC-SHA256 Credential=local/20261125/local/lambda/aws4_request, SignedHeaders=host, Signature=00' },
      body: JSON.stringify(forged),
    });
    expect(otherKey.status).toBe(403);
    expect(await otherKey.text()).not.toContain('claimsToAddOrOverride');
    const reports = await fetch(`${target().origin}/2015-03-31/functions/scheduled-reports/invocations`, { method: 'POST', body: '{}' });
    expect(reports.status).toBe(403);
    // cognito-local holds the stack's access, so its trigger still adds the claims at sign-in.
    expect(inject('lambdaInvoke').accessKeyId).toMatch(/^LOCAL[0-9A-F]{24}$/);
  });
});
