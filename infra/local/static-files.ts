import { readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The built web app as a CDN would send it: brotli or gzip by the browser's Accept-Encoding, each file compressed
 * once (at the strongest setting, as a build step would) and kept while the file is unchanged.
 */
type Encoding = 'br' | 'gzip' | 'identity';

/** Text types worth compressing; images and fonts are compressed already. */
const compressible = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
const cache = new Map<string, { mtimeMs: number; body: Buffer }>();

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

function encoded(file: string, encoding: Encoding): Buffer {
  const { mtimeMs } = statSync(file);
  const key = `${encoding}:${file}`;
  const hit = cache.get(key);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : encoding === 'gzip'
        ? gzipSync(raw, { level: 9 })
        : raw;
  cache.set(key, { mtimeMs, body });
  return body;
}

/** Answers with `file`, compressed when its type and the client allow; `headers` add caching and the like. */
export function sendStaticFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, contentType: string, headers: Record<string, string>) {
  const encoding = compressible.test(contentType) ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
  const body = encoded(file, encoding);
  res.writeHead(200, {
    ...headers,
    'content-type': contentType,
    'content-length': String(body.length),
    vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
