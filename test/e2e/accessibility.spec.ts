import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInAndLand, test } from './fixtures.js';

test.describe.configure({ timeout: 180_000 });

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Every WCAG 2 A and AA fault axe-core finds on the page as it stands, contrast included, one line each. */
async function faults(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`));
}

/** Each page at each width, once its heading is on screen: no fault. */
async function checkPages(page: Page, pages: { path: string; heading: RegExp | string }[]) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
      // Lists and figures load after the heading: the page as a user reads it, not its loaders.
      await page.waitForLoadState('networkidle');
      expect(await faults(page), `${path} at ${size.width} px`).toEqual([]);
    }
  }
}

test('the sign-in page passes axe-core WCAG 2 AA at desktop and phone widths', async ({ page }) => {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await expect(page.getByLabel('User Name')).toBeVisible({ timeout: 30_000 });
    expect(await faults(page), `/login at ${size.width} px`).toEqual([]);
  }
});

test("the staff's main pages pass axe-core WCAG 2 AA at desktop and phone widths", async ({ page }) => {
  await signInAndLand(page, 'owner@demo.shop');
  await checkPages(page, [
    { path: '/home', heading: /.+/ },
    { path: '/purchaseUpdated/new', heading: 'Add Products' },
    { path: '/product', heading: /Product/ },
  ]);
});

test("the storefront's main pages pass axe-core WCAG 2 AA at desktop and phone widths", async ({ page }) => {
  await signInAndLand(page, 'customer@demo.shop', '/customerHome');
  await checkPages(page, [
    { path: '/customerHome', heading: /Welcome/ },
    { path: '/cart', heading: /Cart/ },
  ]);
});
