import { createHmac } from 'node:crypto';

/** RFC 4648 base32, as authenticator secrets are written. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator app shows for `secret` at `when` (RFC 6238: HMAC-SHA1, 30-second steps). */
export function totpCode(secret: string, when = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(when / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A code the app would not show now (nor in the steps either side). */
export function wrongCode(secret: string): string {
  const near = [-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000));
  let code = 123456;
  while (near.includes(String(code))) code += 1;
  return String(code);
}
