import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import http, { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mediaPath } from '../../shared/assets.js';
import { allRoutes, matchPath, routeKey, type RouteEntry } from '../../shared/routes/index.js';
import type { ApiEvent } from '../../functions/lib/handler.js';
import { serveMedia } from './media.js';
import { sharedCache } from './shared-cache.js';
import { sendStaticFile, warmStaticFiles } from './static-files.js';

type LambdaFn = (event: unknown, context: unknown) => Promise<unknown>;

export interface GatewayOptions {
  port: number;
  /** The built web app (`frontend/dist`); the API alone is served when absent. */
  webRoot?: string;
  /** cognito-local's issuer, e.g. http://127.0.0.1:9229/local_abc */
  issuer: string;
  audience: string;
  /**
   * The public key of the data folder's own signing key (signing-key.ts). Only tokens it verifies are accepted: a
   * token signed with the key pair published in cognito-local's package is refused like any forgery.
   */
  signingKey: JWK;
  /** Loads a domain's Lambda handler (`functions/<domain>/handler.ts`). */
  loadDomain: (domain: string) => Promise<LambdaFn>;
  /** Lambda functions callable through the Lambda Invoke API (Cognito triggers). */
  invokable: Record<string, () => Promise<LambdaFn>>;
  /**
   * The access key id the local stack's own processes sign Invoke API calls with (cognito-local's config, the
   * report command). It is made afresh at each start; calls signed with anything else are refused, so neither a
   * web page nor another program on the machine can mint a user's claims or send the report mails on demand.
   */
  invokeKeyId: string;
  /**
   * Settles once the data the API serves is in place (the demo shop's first seed). API calls made earlier wait for
   * it rather than finding no users yet; the web app and the Invoke API are served at once.
   */
  ready?: Promise<unknown>;
  /** Headers every answer carries: the Content-Security-Policy and friends (infra/web-security.ts). */
  securityHeaders?: Record<string, string>;
}

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/** API Gateway picks the most specific route: literal segments win over `{param}` ones, left to right. */
function specificity(path: string): number[] {
  return path.split('/').map((segment) => (segment.startsWith('{') ? 0 : 1));
}
function moreSpecific(a: RouteEntry, b: RouteEntry): number {
  const sa = specificity(a.route.path);
  const sb = specificity(b.route.path);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const d = (sb[i] ?? 0) - (sa[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

export function findRoute(method: string, apiPath: string): { entry: RouteEntry; params: Record<string, string> } | null {
  const candidates = allRoutes
    .filter((e) => e.route.method === method)
    .map((entry) => ({ entry, params: matchPath(entry.route.path, apiPath) }))
    .filter((c): c is { entry: RouteEntry; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => moreSpecific(a.entry, b.entry));
  return candidates[0] ?? null;
}

/** API Gateway's payload limit: larger bodies are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A request the gateway refuses itself, as API Gateway would, before any function sees it. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const TOO_LARGE = 'The request is too large. Send at most 10 MB.';
const BAD_ADDRESS = 'The address of the request is not valid.';

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return reject(new Refusal(413, TOO_LARGE));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        // Stop keeping what arrives; the answer closes the connection (see `send`).
        req.removeAllListeners('data');
        req.resume();
        reject(new Refusal(413, TOO_LARGE));
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('aborted', () => reject(new Refusal(400, 'The request ended before its body did.')));
  });
}

/** Decodes a path, or null when its percent-encoding is broken (`/%E0%A4%A`). */
function decodePath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const isText = (contentType: string | undefined) => !contentType || /json|text|x-www-form-urlencoded/.test(contentType);

function send(res: http.ServerResponse, status: number, body: unknown) {
  // After a refusal the rest of the request may still be arriving: close rather than read it to find the next one.
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(status === 413 || status === 400 ? { connection: 'close' } : {}) });
  res.end(JSON.stringify(body));
}

/** What the HTTP parser refuses (a bad method, a broken request line, overlong headers, a slow sender) ends here. */
function refuseMalformed(error: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/** The access key id in a SigV4 `Authorization` header (`AWS4-HMAC-SHA256 Credential=<id>/<date>/...`). */
const signingKeyId = (authorization: string | undefined) => authorization?.match(/^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\//)?.[1];

/**
 * The local stand-in for CloudFront + API Gateway: serves the web app, and under `/api` matches the route table,
 * verifies the Cognito JWT with the data folder's own key (as the HTTP API authorizer does with the pool's JWKS), builds an API Gateway v2
 * event and calls the domain's handler. It also answers the Lambda Invoke API for cognito-local's trigger.
 */
export function startGateway(options: GatewayOptions): Promise<http.Server> {
  const jwks = createLocalJWKSet({ keys: [options.signingKey] });
  const handlers = new Map<string, Promise<LambdaFn>>();
  const publicCache = sharedCache();
  const domainHandler = (domain: string) => {
    if (!handlers.has(domain)) handlers.set(domain, options.loadDomain(domain));
    return handlers.get(domain)!;
  };

  async function verify(authorization: string | undefined): Promise<Record<string, string> | null> {
    const token = authorization?.match(/^Bearer (.+)$/i)?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, audience: options.audience });
      if (payload.token_use !== 'id') return null;
      return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
    } catch {
      return null;
    }
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, rawQuery: string) {
    const apiPath = rawPath.slice('/api'.length) || '/';
    const method = req.method ?? 'GET';
    // API Gateway refuses a path it cannot decode before any route sees it.
    if (decodePath(apiPath) === null) return send(res, 400, { message: BAD_ADDRESS });
    const found = findRoute(method, apiPath);
    if (!found) return send(res, 404, { message: 'Not Found' });
    const { entry, params } = found;
    let claims: Record<string, string> | null = null;
    if (entry.route.access !== 'public') {
      claims = await verify(req.headers.authorization);
      if (!claims) return send(res, 401, { message: 'Unauthorized' });
    }
    const raw = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const text = isText(headers['content-type']);
    const query: Record<string, string> = {};
    new URLSearchParams(rawQuery).forEach((v, k) => {
      query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
    });
    const event: ApiEvent = {
      version: '2.0',
      routeKey: routeKey(entry.route),
      rawPath: apiPath,
      rawQueryString: rawQuery,
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(params).length ? params : undefined,
      body: raw.length ? (text ? raw.toString('utf8') : raw.toString('base64')) : undefined,
      isBase64Encoded: raw.length > 0 && !text,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: { method, path: apiPath, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey: routeKey(entry.route),
        stage: 'api',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
      },
    } as ApiEvent;
    if (!claims) delete (event.requestContext as { authorizer?: unknown }).authorizer;
    const fn = await domainHandler(entry.domain);
    const run = async (e: ApiEvent) => (await fn(e, { awsRequestId: e.requestContext.requestId, functionName: entry.domain })) as APIGatewayProxyStructuredResultV2;
    // The public catalogue is answered from the cache CloudFront keeps in AWS; the function sees only its misses.
    const result =
      method === 'GET' && entry.route.cache?.shared
        ? await publicCache.serve(`${apiPath}?${rawQuery}`, headers['if-none-match'], () => {
            const { 'if-none-match': _held, ...rest } = headers;
            return run({ ...event, headers: rest, requestContext: { ...event.requestContext, requestId: randomUUID() } });
          })
        : await run(event);
    const body = result.body ? (result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body)) : Buffer.alloc(0);
    res.writeHead(result.statusCode ?? 200, result.headers as http.OutgoingHttpHeaders);
    res.end(body);
  }

  async function handleInvoke(req: http.IncomingMessage, res: http.ServerResponse, name: string) {
    if (req.method !== 'POST') return send(res, 405, { Type: 'User', message: 'The Invoke API takes POST.' });
    if (signingKeyId(req.headers.authorization) !== options.invokeKeyId) {
      return send(res, 403, { Type: 'User', message: 'The security token included in the request is invalid.' });
    }
    const load = options.invokable[name];
    if (!load) return send(res, 404, { Type: 'User', message: `Function not found: ${name}` });
    let payload: unknown;
    try {
      payload = JSON.parse((await readBody(req)).toString('utf8') || 'null');
    } catch (error) {
      if (error instanceof Refusal) throw error;
      return send(res, 400, { Type: 'User', message: 'Could not parse request body into json.' });
    }
    try {
      const fn = await load();
      const result = await fn(payload, { awsRequestId: randomUUID(), functionName: name });
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }));
    }
  }

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    const decoded = decodePath(rawPath);
    if (decoded === null || decoded.includes('\0')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(BAD_ADDRESS);
      return;
    }
    const root = options.webRoot;
    if (!root || !existsSync(path.join(root, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built. Run "npm run build" (npm start does this for you).');
      return;
    }
    const safe = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    let file = path.join(root, safe);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(root, 'index.html');
    const ext = path.extname(file);
    return sendStaticFile(req, res, file, mime[ext] ?? 'application/octet-stream', {
      'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }

  const server = http.createServer((req, res) => {
    // An aborted upload is an event of this request only, never of the process.
    req.on('error', () => undefined);
    for (const [name, value] of Object.entries(options.securityHeaders ?? {})) res.setHeader(name, value);
    const raw = req.url ?? '/';
    // Only origin-form targets (`/path?query`): an absolute or `*` target is not a request for this site.
    if (!raw.startsWith('/')) return send(res, 400, { message: BAD_ADDRESS });
    const queryAt = raw.indexOf('?');
    const rawPath = queryAt < 0 ? raw : raw.slice(0, queryAt);
    const rawQuery = queryAt < 0 ? '' : raw.slice(queryAt + 1);
    const invoke = rawPath.match(/^\/2015-03-31\/functions\/([\w-]+)\/invocations$/);
    const work = invoke
      ? handleInvoke(req, res, invoke[1]!)
      : rawPath === '/api' || rawPath.startsWith('/api/')
        ? Promise.resolve(options.ready).then(() => handleApi(req, res, rawPath, rawQuery))
        : rawPath.startsWith(`${mediaPath}/`)
          ? serveMedia(req, res, rawPath)
          : serveStatic(req, res, rawPath);
    work.catch((error: Error) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof Refusal) return send(res, error.status, { message: error.message });
      console.error(`Gateway error on ${req.method} ${rawPath}:`, error);
      send(res, 502, { message: 'Something went wrong!!! Please try again.' });
    });
  });
  // Bounded waits, so a client that sends its headers or body a byte at a time cannot hold a connection for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  server.on('clientError', refuseMalformed);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      if (options.webRoot) void warmStaticFiles(options.webRoot, mime);
      resolve(server);
    });
  });
}
