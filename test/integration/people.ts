import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { DEMO_PASSWORD, seedTenant } from '../../infra/local/seed.js';
import { tenantIdFromUserName } from '../../shared/tenant.js';
import { call } from './client.js';
import { latestMailTo } from './mail.js';

/** Helpers of the people tests: a shop of their own, an employee form, and a new employee's first sign-in. */

/**
 * Seeds a shop for one test file, so its lists and counts never meet other tests' data. Staff are
 * `[name, role, manager?, hr?]`, signing in as `<name>@<tenantId>.shop` with the demo password.
 */
export async function seedStaffShop(tenantId: string, displayName: string, staff: [string, string, string?, string?][]) {
  const at = (name: string) => `${name}@${tenantId}.shop`;
  await seedTenant({
    tenant: { tenantId, tenantName: tenantId, displayName, address: `${displayName}, Karnataka`, gstNumber: '29ABCDE1234F1ZW', emailId: `accounts@${tenantId}.shop` },
    users: staff.map(([name, role, manager, hr], index) => ({
      userName: at(name),
      password: DEMO_PASSWORD,
      role,
      // Each employee's own number: a shop's employees never share one.
      mobileNumber: `91111111${String(index).padStart(2, '0')}`,
      manager: manager && at(manager),
      hr: hr && at(hr),
    })),
    policies: [],
  });
}

export const NEW_PASSWORD = 'Welcome@2024';

/** Each name's own e-mail and mobile number: a shop's employees never share one. */
const contactsOf = (name: string) => {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '') || 'someone';
  const digits = [...name].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) % 100_000_000, 7);
  return { emailId: `${slug}@example.in`, mobileNumber: `98${String(digits).padStart(8, '0')}` };
};

/** A new employee's form; the e-mail and mobile follow the name. */
export const employeeForm = (overrides: Record<string, unknown> = {}) => ({
  userName: 'Asha Verma',
  ...contactsOf(String(overrides.userName ?? 'Asha Verma')),
  dob: '1995-03-14',
  doj: '2024-06-01',
  gender: 'Female',
  address: '14, Residency Road, Bengaluru 560025',
  appUserRole: [] as { roleId: number }[],
  ...overrides,
});

export const signInAs = (username: string, password: string) =>
  call<{ token?: string; refreshToken?: string; challenge?: string; session?: string; message?: string }>('POST', '/token/generate', {
    body: { username, password },
    headers: { 'x-tenantid': tenantIdFromUserName(username) ?? '' },
  });

/**
 * The first sign-in of someone created with a temporary password: the challenge, the new password, then an
 * ordinary sign-in (whose refresh token the emulator keeps, unlike the one of the challenge answer).
 */
export async function firstSignIn(username: string, temporaryPassword: string) {
  const challenge = await signInAs(username, temporaryPassword);
  expect(challenge.status).toBe(200);
  expect(challenge.body).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });
  const set = await call<{ token: string }>('POST', '/token/newPassword', {
    body: { username, session: challenge.body.session, password: NEW_PASSWORD, passwordVerify: NEW_PASSWORD },
    headers: { 'x-tenantid': tenantIdFromUserName(username) ?? '' },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const again = await signInAs(username, NEW_PASSWORD);
  expect(again.status).toBe(200);
  return again.body as { token: string; refreshToken: string };
}

export const featuresOf = (token: string) => String(decodeJwt(token).features).split(',').filter(Boolean).sort();

/** The temporary password as the new user received it: in their mail, the only place it goes. */
export async function mailedPassword(address: string): Promise<string> {
  const mail = await latestMailTo(address);
  const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`No temporary password in the mail to ${address}`);
  return password;
}
