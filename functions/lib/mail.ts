import { randomBytes } from 'node:crypto';
import { ses } from './aws.js';
import { config } from './config.js';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Sends an e-mail through SES (the SES emulator locally); with attachments it goes as a raw MIME message. */
export async function sendMail(mail: Mail): Promise<string | undefined> {
  const content = mail.attachments?.length
    ? { Raw: { Data: new TextEncoder().encode(mimeMessage(config.mailFrom(), mail)) } }
    : {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
        },
      };
  const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const out = await (await ses()).send(
    new SendEmailCommand({ FromEmailAddress: config.mailFrom(), Destination: { ToAddresses: mail.to }, Content: content }),
  );
  return out.MessageId;
}

/** Base64 in lines of 76 characters, as MIME requires. */
const base64Lines = (data: Uint8Array | string) =>
  (Buffer.from(data).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** A header value that may hold non-ASCII text (a shop name, ₹) as an RFC 2047 encoded word. */
const headerText = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`);

/** A file name safe inside a quoted MIME parameter. */
const safeFileName = (name: string) => name.replace(/[^\w.-]/g, '_');

/**
 * The raw message: multipart/mixed holding the text (and HTML) body and the attachments. Every part is base64, so
 * rupee signs and long lines survive any mail relay.
 */
export function mimeMessage(from: string, mail: Mail): string {
  const mixed = `mixed-${randomBytes(12).toString('hex')}`;
  const alternative = `alt-${randomBytes(12).toString('hex')}`;
  const textPart = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  const body = mail.html
    ? [
        `Content-Type: multipart/alternative; boundary="${alternative}"`,
        '',
        `--${alternative}`,
        textPart('text/plain', mail.text),
        `--${alternative}`,
        textPart('text/html', mail.html),
        `--${alternative}--`,
      ].join('\r\n')
    : textPart('text/plain', mail.text);
  const attachments = (mail.attachments ?? []).map((a) =>
    [
      `Content-Type: ${a.contentType}; name="${safeFileName(a.fileName)}"`,
      `Content-Disposition: attachment; filename="${safeFileName(a.fileName)}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(a.data),
    ].join('\r\n'),
  );
  return [
    `From: ${from}`,
    `To: ${mail.to.join(', ')}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    body,
    ...attachments.flatMap((part) => [`--${mixed}`, part]),
    `--${mixed}--`,
    '',
  ].join('\r\n');
}
