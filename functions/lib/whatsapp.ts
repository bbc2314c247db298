import { config } from './config.js';
import { AppError } from './errors.js';
import { secretJson } from './secrets.js';

/** The message kinds the product sends (WhatsApp Cloud API message objects). */
export type WhatsAppContent =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: 'image'; image: { link: string; caption?: string } }
  | { type: 'document'; document: { link: string; filename?: string; caption?: string } };

/** What `POST /{version}/{phoneNumberId}/messages` answers. */
export interface WhatsAppSent {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string }[];
}

interface Credentials {
  token: string;
  phoneNumberId: string;
}

/** Locally the environment carries the credentials; in AWS the secret does, so the token never sits in a template. */
async function credentials(): Promise<Credentials> {
  const arn = config.whatsapp.secretArn();
  const fromSecret = arn ? await secretJson(arn) : {};
  const token = config.whatsapp.token() ?? fromSecret.token;
  const phoneNumberId = config.whatsapp.phoneNumberId() ?? fromSecret.phoneNumberId;
  if (!token || !phoneNumberId) throw new AppError(503, 'WhatsApp is not set up for this shop yet.');
  return { token, phoneNumberId };
}

/** A 10-digit Indian mobile gets the country code 91 (spec 2 section 9); a number that already has it is kept. */
export function whatsappNumber(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/**
 * Sends one message through the WhatsApp Cloud API (Graph API `POST /{version}/{phoneNumberId}/messages` with a
 * bearer token). Locally the base URL points at the simulator; the request is the same.
 */
export async function sendWhatsApp(to: string, content: WhatsAppContent): Promise<WhatsAppSent> {
  const { token, phoneNumberId } = await credentials();
  const url = `${config.whatsapp.apiUrl().replace(/\/$/, '')}/${config.whatsapp.apiVersion()}/${encodeURIComponent(phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: whatsappNumber(to), ...content }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError(502, 'WhatsApp could not be reached. Please try again.');
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<WhatsAppSent> & { error?: { message?: string } };
  if (!response.ok || !answer.messages?.length) {
    throw new AppError(502, `WhatsApp did not accept the message: ${answer.error?.message ?? `status ${response.status}`}`);
  }
  return answer as WhatsAppSent;
}
