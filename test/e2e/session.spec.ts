import { expect, signInAndLand, storedSession, test } from './fixtures.js';

const EXPIRING = 'Your Session is about to expire.';
const TIMED_OUT = 'Your Session is Timed Out.';

/** Moves the browser's clock to `msBeforeExpiry` before the stored token expires (negative: after it). */
async function moveClockTo(page: import('@playwright/test').Page, msBeforeExpiry: number) {
  const session = await storedSession(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(session!.expiresAtMs - now - msBeforeExpiry);
}

test.describe('session popup', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('no popup while the token has more than a minute left', async ({ page }) => {
    await signInAndLand(page, 'hr@demo.shop');
    await moveClockTo(page, 90_000);
    await expect(page.getByRole('link', { name: 'Create Employee' })).toBeVisible();
    await expect(page.getByText(EXPIRING)).toHaveCount(0);
  });

  test('within a minute of expiry Refresh stores a new token and the popup closes', async ({ page }) => {
    await signInAndLand(page, 'hr@demo.shop');
    const before = await storedSession(page);
    await moveClockTo(page, 30_000);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(EXPIRING)).toBeVisible();
    await dialog.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText(EXPIRING)).toHaveCount(0);

    const after = await storedSession(page);
    expect(after!.token).not.toBe(before!.token);
    expect(after!.expiresAtMs).toBeGreaterThan(before!.expiresAtMs);
    // The new token is accepted by the API.
    const status = await page.evaluate(
      (token) => fetch('/api/appUser/user', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status),
      after!.token,
    );
    expect(status).toBe(200);
  });

  test('Logout in the warning signs the user out', async ({ page }) => {
    await signInAndLand(page, 'hr@demo.shop');
    await moveClockTo(page, 20_000);
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You Logged Out Successfully')).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });

  test('after expiry the popup says the session timed out and OK signs out', async ({ page }) => {
    await signInAndLand(page, 'hr@demo.shop');
    await moveClockTo(page, -5_000);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(TIMED_OUT)).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByText('You Logged Out Successfully')).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });
});
