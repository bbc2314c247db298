import { DEMO_PASSWORD, expect, latestMailTo, signIn, test } from './fixtures.js';

const PASSWORD_MISMATCH = 'Password Mismatch. Please enter same password in both Password field';

test.describe('password reset', () => {
  test('an unknown user name gets "User Name not found"', async ({ page }) => {
    await page.goto('/passwordReset');
    await page.getByLabel('User Name').fill('nobody@demo.shop');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert')).toHaveText('User Name not found');
  });

  test('the e-mailed code sets a new password that then signs in', async ({ page }) => {
    // A user no other browser test signs in as: the tests run in parallel and this one changes the password.
    const user = 'lakshmi@demo.shop';
    const newPassword = 'Fresh@5678';
    await page.goto('/passwordReset');
    await page.getByLabel('User Name').fill(user);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Code from the e-mail')).toBeVisible();

    const mail = await latestMailTo(user);
    expect(mail.subject).toBe('Your password reset code');
    const code = /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1];
    expect(code).toBeDefined();

    await page.getByLabel('Code from the e-mail').fill(code!);
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill('Other@5678');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(PASSWORD_MISMATCH)).toBeVisible();

    await page.getByLabel(/^Confirm Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    await signIn(page, user, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('User Name, Password Wrong');
    await signIn(page, user, newPassword);
    await expect(page).toHaveURL('/home');
  });

  test('a wrong code is refused with the server’s message', async ({ page }) => {
    const user = 'owner@demo.shop';
    await page.goto('/passwordReset');
    await page.getByLabel('User Name').fill(user);
    await page.getByRole('button', { name: 'Send code' }).click();
    const mail = await latestMailTo(user);
    const code = /\b(\d{6})\b/.exec(mail.body.text ?? '')![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Code from the e-mail').fill(wrong);
    await page.getByLabel(/^New Password/).fill('Fresh@5678');
    await page.getByLabel(/^Confirm Password/).fill('Fresh@5678');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toContainText('The code is wrong or has expired');
    await expect(page).toHaveURL('/passwordReset');
  });
});
