import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** A small solid-colour PNG made here, so the tests need no image files. */
export function tinyPng([r, g, b]: [number, number, number], size = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chooses a file through the file chooser a file field opens, as a user would. */
export async function chooseFile(page: Page, fieldName: string | RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: fieldName }).click();
  await (await chooser).setFiles(file);
}

/** A name no earlier run used. */
export const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Calls the API as the signed-in page's user (the token the app stored). */
export async function apiAsPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (apiPath) => {
    const session = JSON.parse(localStorage.getItem('shopdesk.session')!) as { token: string };
    const response = await fetch(`/api${apiPath}`, { headers: { authorization: `Bearer ${session.token}` } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;
}
