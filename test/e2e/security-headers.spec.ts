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

test('a Razorpay QR image from its host shows at the till under the policy; an image from elsewhere is blocked', async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAndLand(page, 'admin@demo.shop');
  await expect(page.getByRole('button', { name: 'Me menu' })).toBeVisible({ timeout: 30_000 });
  const policy = (await page.request.get('/login')).headers()['content-security-policy']!;
  // Locally Razorpay is the simulator: its checkout script and the QR images of its qr_codes share one port.
  const checkout = new URL(/script-src 'self' ([^\s;]+)/.exec(policy)![1]!);
  const qrImage = `http://127.0.0.1:${checkout.port}/sim/qr_codes/qr_e2e_missing/image`;
  const elsewhere = 'http://127.0.0.2:9/qr.png';
  const loadImage = (src: string) =>
    page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const img = document.createElement('img');
          img.onload = () => resolve('loaded');
          img.onerror = () => resolve('failed');
          img.src = url;
          document.body.append(img);
        }),
      src,
    );
  // An unknown QR answers 404, which is no violation: the policy let the request go to the host.
  await loadImage(qrImage);
  await loadImage(elsewhere);
  await expect.poll(() => violations.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(violations.filter((v) => v.includes('qr_e2e_missing'))).toEqual([]);
  expect(violations.some((v) => v.includes('img-src') && v.includes('127.0.0.2'))).toBe(true);
});
