import { readdir, readFile, stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The built web app as a CDN would send it: brotli or gzip by the browser's Accept-Encoding, each file compressed
 * once (at the strongest setting, as a build step would) and kept while the file is unchanged.
 *
 * Compression runs on libuv's thread pool, never on the event loop: brotli at quality 11 takes a few hundred
 * milliseconds a file on a busy machine, and done synchronously for a page's first dozen files it would stall every
 * other request of the stack (API calls, sign-in) past the server's header timeout.
 */
type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text types worth compressing; images and fonts are compressed already. */
const compressible = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
/** One compression per file and encoding: requests that arrive while it runs share its promise. */
const cache = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();

/** The best encoding the client accepts (a `q=0` refuses one); brotli first, it is the smaller. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

function compress(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  }
  return encoding === 'gzip' ? gzipAsync(raw, { level: 9 }) : Promise.resolve(raw);
}

async function encoded(file: string, encoding: Encoding): Promise<Buffer> {
  const { mtimeMs } = await stat(file);
  const key = `${encoding}:${file}`;
  const hit = cache.get(key);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = readFile(file).then((raw) => compress(raw, encoding));
  cache.set(key, { mtimeMs, body });
  // A failed read is not remembered: the next request tries again.
  body.catch(() => cache.get(key)?.body === body && cache.delete(key));
  return body;
}

/** Answers with `file`, compressed when its type and the client allow; `headers` add caching and the like. */
export async function sendStaticFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: string,
  contentType: string,
  headers: Record<string, string>,
) {
  const encoding = compressible.test(contentType) ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
  const body = await encoded(file, encoding);
  res.writeHead(200, {
    ...headers,
    'content-type': contentType,
    'content-length': String(body.length),
    vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Compresses the built app's text files with brotli in the background, one at a time, as a CDN's origin would have
 * them ready: the first page load then finds them done. `mime` maps a file's extension to its content type.
 */
export async function warmStaticFiles(root: string, mime: Record<string, string>): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (compressible.test(mime[path.extname(file)] ?? '')) await encoded(file, 'br').catch(() => undefined);
  }
}
