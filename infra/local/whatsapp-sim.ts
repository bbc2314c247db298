import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Emulator } from './emulators.js';

/** A message the simulator accepted, as `GET /messages` lists it. */
export interface SimulatedMessage {
  id: string;
  at: string;
  phoneNumberId: string;
  to: string;
  type: string;
  /** The request body as sent. */
  body: Record<string, unknown>;
}

export interface WhatsAppSimulatorOptions {
  port: number;
  token: string;
  phoneNumberId: string;
}

const MESSAGE_PATH = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/;

/** Graph API errors have this shape; the client code reads `error.message`. */
const graphError = (message: string, code: number, type = 'OAuthException') => ({
  error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') },
});

const isLink = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/** Why the Cloud API would refuse this message body, or undefined when it would accept it. */
function problemOf(body: Record<string, unknown>): string | undefined {
  if (body.messaging_product !== 'whatsapp') return '(#100) The parameter messaging_product is required.';
  if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return '(#100) Invalid parameter: to must be a phone number with its country code.';
  const part = body[String(body.type)] as Record<string, unknown> | undefined;
  switch (body.type) {
    case 'text':
      return typeof part?.body === 'string' && part.body.trim() ? undefined : '(#100) The parameter text[body] is required.';
    case 'image':
    case 'document':
      return isLink(part?.link) ? undefined : `(#100) Invalid parameter: ${String(body.type)}[link] must be a URL.`;
    case 'template':
      return typeof part?.name === 'string' ? undefined : '(#100) The parameter template[name] is required.';
    default:
      return `(#100) Unsupported message type ${String(body.type)}.`;
  }
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The WhatsApp Cloud API for the local stack: answers `POST /{version}/{phoneNumberId}/messages` as Graph does
 * (bearer token checked, the message validated, `wamid` ids answered, Graph-shaped errors) and records what it
 * accepted, readable at `GET /messages` (newest last) and cleared by `DELETE /messages`.
 */
export async function startWhatsAppSimulator(options: WhatsAppSimulatorOptions): Promise<Emulator & { messages: SimulatedMessage[] }> {
  const messages: SimulatedMessage[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/messages' && req.method === 'GET') return reply(res, 200, { messages });
    if (url.pathname === '/messages' && req.method === 'DELETE') {
      messages.length = 0;
      return reply(res, 200, { messages });
    }
    const match = MESSAGE_PATH.exec(url.pathname);
    if (!match || req.method !== 'POST') return reply(res, 404, graphError('Unknown path components', 2500));
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      return reply(res, 401, graphError('Invalid OAuth access token - Cannot parse access token', 190));
    }
    if (match[2] !== options.phoneNumberId) {
      return reply(res, 400, graphError(`Unsupported post request. Object with ID '${match[2]}' does not exist`, 100, 'GraphMethodException'));
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return reply(res, 400, graphError('(#100) The request body is not valid JSON.', 100));
      }
      const problem = problemOf(body);
      if (problem) return reply(res, 400, graphError(problem, 100));
      const to = String(body.to);
      const id = `wamid.${randomBytes(24).toString('base64url')}`;
      messages.push({ id, at: new Date().toISOString(), phoneNumberId: match[2]!, to, type: String(body.type), body });
      reply(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    name: 'whatsapp-simulator',
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
