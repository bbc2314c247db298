import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './aws.js';
import { config } from './config.js';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** Sends a plain e-mail through SES (the SES emulator locally). */
export async function sendMail(mail: Mail): Promise<string | undefined> {
  const out = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom(),
      Destination: { ToAddresses: mail.to },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
  return out.MessageId;
}
