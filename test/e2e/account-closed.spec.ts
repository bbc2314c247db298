import { expect, signIn, storedSession, test, DEMO_PASSWORD } from './fixtures.js';

const PASSWORD = 'Closing@2024';
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

test('a customer deleted by the shop while signed in is signed out at the next step, told why', async ({ page, request }) => {
  const name = `Closing${digits(8)}`;
  const signedUp = await request.post('/api/customer/signUp', {
    data: {
      tenantId: 'demo',
      customerName: name,
      mobileNumber: `6${digits(9)}`,
      emailId: `${name.toLowerCase()}@example.in`,
      address: '4, Church Street, Bengaluru 560001',
      password: PASSWORD,
      passwordVerify: PASSWORD,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const customer = (await signedUp.json()) as { customerId: number; customerName: string };

  await signIn(page, customer.customerName.toLowerCase(), PASSWORD);
  await expect(page).toHaveURL('/customerHome');
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible({ timeout: 30_000 });

  // The shop deletes the customer; the browser still holds a token that has not expired.
  const admin = await request.post('/api/token/generate', { headers: { 'X-TenantID': 'demo' }, data: { username: 'admin@demo.shop', password: DEMO_PASSWORD } });
  const { token } = (await admin.json()) as { token: string };
  const deleted = await request.delete(`/api/customer/${customer.customerId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL('/login', { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Your account is no longer active. Please ask the shop.' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});
