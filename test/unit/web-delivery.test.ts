import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/gateway.js';
import { freePort } from '../../infra/local/ports.js';
import { newSigningKey } from '../../infra/local/signing-key.js';
import { chooseEncoding } from '../../infra/local/static-files.js';
import { contentSecurityPolicy, razorpayOrigins, securityHeaders } from '../../infra/web-security.js';

/** The local gateway serving a small web build as CloudFront serves the real one. */
let webRoot: string;
let server: Server;
let base: string;
const script = `export const greeting = ${JSON.stringify('namaste '.repeat(2000))};\n`;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'shop-web-delivery-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(webRoot, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const port = await freePort();
  server = await startGateway({
    port,
    webRoot,
    issuer: 'http://127.0.0.1:9/local_pool',
    audience: 'client',
    signingKey: newSigningKey().jwk,
    invokeKeyId: 'test-only-key',
    loadDomain: async () => async () => ({ statusCode: 200, body: '{}' }),
    invokable: {},
    securityHeaders: securityHeaders({ assets: 'http://127.0.0.1:4569', checkout: 'http://localhost:8007', qrImages: ['http://127.0.0.1:8007'] }),
  });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(webRoot, { recursive: true, force: true });
});

/** Node's fetch decodes bodies itself; the raw answer shows what went over the wire. */
async function raw(pathName: string, acceptEncoding?: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${pathName}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local gateway serving the web app', () => {
  it('compresses with brotli or gzip as the browser accepts, and sends plain text to one that accepts neither', async () => {
    const br = await raw('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await raw('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await raw('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    for (const answer of [br, gzip, plain]) expect(answer.headers.vary).toBe('Accept-Encoding');
    // Images are compressed already.
    expect((await raw('/assets/logo-abc123.png', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('keeps hashed files a year and has the shell revalidated on every load', async () => {
    expect((await raw('/assets/index-abc123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw('/index.html', 'br')).headers['cache-control']).toBe('no-cache');
    // A screen path gets the shell, revalidated as well.
    const screen = await raw('/category/12', 'br');
    expect(screen.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(screen.body).toString()).toContain('<div id="root">');
  });

  it('adds the security headers to pages, files and API answers alike', async () => {
    for (const pathName of ['/', '/assets/index-abc123.js', '/api/no/such/route']) {
      const { headers } = await raw(pathName, 'br');
      expect(headers['content-security-policy'], pathName).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], pathName).toContain("script-src 'self' http://localhost:8007");
      expect(headers['content-security-policy'], pathName).toContain("img-src 'self' data: blob: http://127.0.0.1:4569 http://127.0.0.1:8007;");
      expect(headers['x-content-type-options'], pathName).toBe('nosniff');
      expect(headers['referrer-policy'], pathName).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security'], pathName).toMatch(/^max-age=\d+; includeSubDomains$/);
    }
  });
});

describe('choosing an encoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});

describe('the web app’s Content-Security-Policy in AWS', () => {
  const directives = new Map(
    contentSecurityPolicy({ assets: 'https://assets.example.s3.ap-south-1.amazonaws.com', ...razorpayOrigins })
      .split('; ')
      .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]),
  );

  it('shows images from the app, the assets bucket and Razorpay’s QR image host (rzp.io) only', () => {
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://assets.example.s3.ap-south-1.amazonaws.com', 'https://rzp.io']);
  });

  it('lets the QR image host load images only: no script, frame or call reaches it', () => {
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'default-src']) expect(directives.get(directive), directive).not.toContain('https://rzp.io');
  });
});
