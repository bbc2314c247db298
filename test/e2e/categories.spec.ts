import type { Page } from '@playwright/test';
import { apiAsPage, chooseFile, tinyPng, unique } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';

async function openCreateCategory(page: Page) {
  await signInAndLand(page, 'admin@demo.shop');
  await page.getByRole('link', { name: 'Create Category' }).click();
  await expect(page).toHaveURL('/category/new');
  await expect(page.getByRole('heading', { name: 'Create Category' })).toBeVisible();
}

test.describe('categories', () => {
  test('nothing is sent without a name and a picture, and a file that is not a picture is refused', async ({ page }) => {
    await openCreateCategory(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Category Name is required.')).toBeVisible();
    await expect(page.getByText('Image is required.')).toBeVisible();

    // Refused in the browser with the server's message.
    await chooseFile(page, 'Category Image', { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a picture') });
    await expect(page.getByText('Please choose an image file (PNG, JPEG, WebP or GIF).')).toBeVisible();

    // Cancel goes home (spec 2 section 2).
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/home');
  });

  test('a category created with a picture is listed with that picture', async ({ page }) => {
    await openCreateCategory(page);
    const name = unique('E2E Dry Fruits');
    await page.getByLabel('Category Name').fill(name);
    await chooseFile(page, 'Category Image', { name: 'dry-fruits.png', mimeType: 'image/png', buffer: tinyPng([200, 120, 40], 24) });
    await expect(page.getByRole('img', { name: 'Preview of dry-fruits.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL('/category');
    await expect(page.getByRole('status').filter({ hasText: `Created ${name}.` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search by category name' }).fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    const picture = row.getByRole('img', { name });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
  });

  test('a category name in use, in other letters, is refused in red and nothing is saved', async ({ page }) => {
    const name = 'Tea, Coffee & Drinks';
    await openCreateCategory(page);
    expect(await apiAsPage<number>(page, `/category/searchCount/${encodeURIComponent(name)}`)).toBe(1);
    await page.getByLabel('Category Name').fill(name.toUpperCase());
    await chooseFile(page, 'Category Image', { name: 'again.png', mimeType: 'image/png', buffer: tinyPng([10, 10, 200]) });
    await page.getByRole('button', { name: 'Save' }).click();
    const taken = page.getByText('Category Name already exists!!!');
    await expect(taken).toBeVisible();
    await expect(taken).toHaveCSS('color', 'rgb(250, 82, 82)');
    await expect(page).toHaveURL('/category/new');
    expect(await apiAsPage<number>(page, `/category/searchCount/${encodeURIComponent(name)}`)).toBe(1);
  });
});
