import { inject } from 'vitest';

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Attached files, their content base64 (the SES emulator keeps raw messages' attachments). */
  attachments: { filename: string; contentType: string; content: string }[];
  at: number;
}

/** Mail the SES emulator received, newest last. */
export async function sentMail(): Promise<SentMail[]> {
  const response = await fetch(`${inject('sesUrl')}/store`);
  const store = (await response.json()) as {
    emails: {
      destination: { to: string[] };
      subject: string;
      body: { text?: string; html?: string };
      attachments?: { filename: string; contentType: string; content: string }[];
      at: number;
    }[];
  };
  return store.emails.map((m) => ({
    to: m.destination.to,
    subject: m.subject,
    text: m.body.text ?? '',
    html: m.body.html,
    attachments: m.attachments ?? [],
    at: m.at,
  }));
}

export async function latestMailTo(address: string): Promise<SentMail> {
  const mine = (await sentMail()).filter((m) => m.to.includes(address));
  const last = mine.at(-1);
  if (!last) throw new Error(`No mail to ${address}`);
  return last;
}
