import { totpCode } from '../test/integration/totp.js';

/**
 * The 6-digit code an authenticator app shows now for a secret (RFC 6238), for two-step sign-in on the local stack
 * without a phone: `npm run authenticator-code -- <the secret the set-up screen shows as text>`.
 */
const secret = process.argv.slice(2).join('').replace(/\s+/g, '');
if (!/^[A-Za-z2-7]+=*$/.test(secret)) {
  console.error('Give the secret the set-up screen shows, e.g. npm run authenticator-code -- JBSWY3DPEHPK3PXP');
  process.exit(1);
}
console.log(totpCode(secret));
