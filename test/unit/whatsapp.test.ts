import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports.js';
import { startWhatsAppSimulator } from '../../infra/local/whatsapp-sim.js';
import { sendWhatsApp, whatsappNumber } from '../../functions/lib/whatsapp.js';

let simulator: Awaited<ReturnType<typeof startWhatsAppSimulator>>;

beforeAll(async () => {
  const port = await freePort();
  simulator = await startWhatsAppSimulator({ port, token: 'unit-token', phoneNumberId: '555' });
  Object.assign(process.env, { WHATSAPP_API_URL: `http://127.0.0.1:${port}`, WHATSAPP_TOKEN: 'unit-token', WHATSAPP_PHONE_NUMBER_ID: '555' });
});

afterAll(async () => {
  await simulator.stop();
});

describe('the WhatsApp Cloud API client', () => {
  it('prefixes a 10-digit mobile with 91 and keeps a number that has it', () => {
    expect(whatsappNumber('98765 43210')).toBe('919876543210');
    expect(whatsappNumber('919876543210')).toBe('919876543210');
  });

  it('posts the Graph API message with the bearer token and answers the message id', async () => {
    const sent = await sendWhatsApp('9876543210', { type: 'text', text: { body: 'Namaste' } });
    expect(sent.contacts).toEqual([{ input: '919876543210', wa_id: '919876543210' }]);
    expect(simulator.messages.at(-1)).toMatchObject({
      id: sent.messages[0]!.id,
      phoneNumberId: '555',
      to: '919876543210',
      body: { messaging_product: 'whatsapp', recipient_type: 'individual', type: 'text', text: { body: 'Namaste' } },
    });
  });

  it("reports Graph's own error message when the token is refused", async () => {
    process.env.WHATSAPP_TOKEN = 'wrong';
    await expect(sendWhatsApp('9876543210', { type: 'text', text: { body: 'Hi' } })).rejects.toMatchObject({
      status: 502,
      message: 'WhatsApp did not accept the message: Invalid OAuth access token - Cannot parse access token',
    });
    process.env.WHATSAPP_TOKEN = 'unit-token';
  });

  it('says WhatsApp is not set up when no credentials are configured', async () => {
    delete process.env.WHATSAPP_TOKEN;
    await expect(sendWhatsApp('9876543210', { type: 'text', text: { body: 'Hi' } })).rejects.toMatchObject({
      status: 503,
      message: 'WhatsApp is not set up for this shop yet.',
    });
    process.env.WHATSAPP_TOKEN = 'unit-token';
  });
});
