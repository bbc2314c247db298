import type { Page } from '@playwright/test';
import { expect, signInAndLand, test } from './fixtures.js';

/**
 * The Content-Security-Policy is on for every page (infra/web-security.ts); the main screens must work under it.
 * Any violation the browser reports (a blocked script, style, image, frame or call) fails the test.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the sign-in page is served with the security headers and loads without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const answer = await page.goto('/login');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toContain('max-age=');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // The app registers its service worker (a script file of the app's own origin).
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 }).toBe('activated');
  expect(violations).toEqual([]);
});

test('the staff home and the billing screen load without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAndLand(page, 'admin@demo.shop');
  await expect(page.getByRole('button', { name: 'Me menu' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/purchaseUpdated/new');
  await expect(page.getByLabel('Name/Code, row 1')).toBeEditable({ timeout: 30_000 });
  expect(violations).toEqual([]);
});

test('the storefront home with its images loads without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAndLand(page, 'customer@demo.shop', '/customerHome');
  const categories = page.getByRole('list', { name: 'Categories' });
  await expect(categories.locator('img').first()).toBeVisible({ timeout: 30_000 });
  // Every category image the page shows came through (an image the policy blocks never loads).
  await expect
    .poll(() => categories.locator('img').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)), { timeout: 30_000 })
    .toBe(true);
  expect(violations).toEqual([]);
});
