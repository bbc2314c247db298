import { demoTokenOf, expect, signIn, signUpCustomer, storedSession, test } from './fixtures.js';

const PASSWORD = 'Closing@2024';

test('a customer deleted by the shop while signed in is signed out at the next step, told why', async ({ page, request }) => {
  const customer = await signUpCustomer(request, 'Closing', PASSWORD);

  await signIn(page, customer.userName, PASSWORD);
  await expect(page).toHaveURL('/customerHome');
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByTestId('mini-cart-items')).toHaveText('0', { timeout: 30_000 });
  // The landing's reads are done, so the next call is the one the user makes.
  await page.waitForLoadState('networkidle');

  // The shop deletes the customer; the browser still holds a token that has not expired.
  const token = await demoTokenOf(request, 'admin@demo.shop');
  const deleted = await request.delete(`/api/customer/${customer.customerId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(deleted.status(), await deleted.text()).toBe(200);

  // The user's next step is the cart. Any call with the old token ends the session, so a read still under way may
  // get there first and take the link away: whichever comes first, the click or the sign-in page, is enough (the
  // assertion below is the check; the loser of the race ends with the page).
  const quietly = (step: Promise<unknown>) => step.catch(() => undefined);
  await Promise.race([quietly(page.waitForURL('/login')), quietly(page.getByRole('link', { name: /^Cart/ }).click())]);
  await expect(page).toHaveURL('/login', { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Your account is no longer active. Please ask the shop.' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});
