import { totpCode } from '../integration/totp.js';
import { expect, signIn, test } from './fixtures.js';

test.describe('two-step sign-in', () => {
  test('the platform admin signs in with the password, is sent to set up the authenticator app first, and then signs in with its code', async ({ page }) => {
    await signIn(page, 'admin@platform.shop');
    // Before anything else: the set-up screen, whatever the landing page would have been.
    await expect(page).toHaveURL('/twoStep');
    await expect(page.getByText('Platform admins must use two-step sign-in. Set it up to continue.')).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL('/twoStep');

    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByLabel('Secret').textContent())!.trim();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('data-otpauth', new RegExp(`secret=${secret}&`));
    await page.getByRole('textbox', { name: /6-digit code/ }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByText('Two-step sign-in is on', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/home');
    // The API opens the platform admin's tools once it is on: the shop list shows the demo shop.
    await page.goto('/tenant');
    await expect(page.getByText('Sri Lakshmi General Stores', { exact: true })).toBeVisible();

    // The next sign-in asks for the app's code after the password.
    await page.goto('/logout');
    await expect(page.getByRole('status')).toHaveText('You Logged Out Successfully');
    await signIn(page, 'admin@platform.shop');
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await page.getByRole('textbox', { name: /6-digit code/ }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL('/home');
  });
});
