import { chooseFile, apiAsPage, tinyPng, unique } from './catalogue-helpers.js';
import type { Page } from '@playwright/test';
import { expect, runClockUntilVisible, signInAndLand, test } from './fixtures.js';

const PRODUCT_EXISTS = 'Product Already Exists';

interface RowInput {
  name: string;
  category: string;
  size: string;
  colour: string;
  description: string;
  colourOfPicture: [number, number, number];
}

async function fillRow(page: Page, row: number, input: RowInput) {
  const group = page.getByRole('group', { name: `Row ${row}` });
  await group.getByLabel(`Product Name, row ${row}`).fill(input.name);
  await group.getByLabel(`Category, row ${row}`).click();
  await page.getByRole('option', { name: input.category, exact: true }).click();
  await group.getByLabel(`Size, row ${row}`).fill(input.size);
  await group.getByLabel(`Colour, row ${row}`).fill(input.colour);
  await group.getByLabel(`Description, row ${row}`).fill(input.description);
  await chooseFile(page, `Image, row ${row}`, { name: `row-${row}.png`, mimeType: 'image/png', buffer: tinyPng(input.colourOfPicture) });
}

const searchCount = (page: Page, name: string) =>
  apiAsPage<number>(page, `/product/searchCount/${encodeURIComponent(name)}`);

/** The 'Product Already Exists' under a row's name. */
const existsIn = (page: Page, row: number) => page.getByRole('group', { name: `Row ${row}` }).getByText(PRODUCT_EXISTS, { exact: true });

async function openBulkAdd(page: Page) {
  await signInAndLand(page, 'admin@demo.shop');
  await page.goto('/product/new');
  await expect(page.getByRole('heading', { name: 'Add Products' })).toBeVisible();
}

test.describe('product bulk add', () => {
  test('a name already used shows Product Already Exists for a second as it is typed', async ({ page }) => {
    // The page's clock is the test's to stop (installed before the app loads), so the second can be measured.
    await page.clock.install();
    await openBulkAdd(page);
    const chai = unique('E2E Masala Chai');
    await page.getByLabel('Product Name, row 1').fill(chai);

    // A stored product's name in other letters.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByLabel('Product Name, row 2').fill('tata TEA gold');
    await runClockUntilVisible(page, existsIn(page, 2));
    await page.clock.runFor(900);
    await expect(existsIn(page, 2)).toBeVisible();
    await page.clock.runFor(200);
    await expect(existsIn(page, 2)).toBeHidden();

    // Another row's name in other letters.
    await page.getByLabel('Product Name, row 3').fill(chai.toUpperCase());
    await runClockUntilVisible(page, existsIn(page, 3));
    await page.clock.runFor(1_100);
    await expect(existsIn(page, 3)).toBeHidden();
    await page.clock.resume();
  });

  test('a save with a duplicate row is refused and saves nothing; fixing the row saves both rows', async ({ page }) => {
    await openBulkAdd(page);
    const chai = unique('E2E Masala Chai');
    await fillRow(page, 1, { name: chai, category: 'Tea, Coffee & Drinks', size: '250 g', colour: 'Brown', description: 'Spiced tea blend', colourOfPicture: [150, 90, 40] });
    await fillRow(page, 2, { name: 'tata TEA gold', category: 'Tea, Coffee & Drinks', size: '500 g', colour: 'Gold', description: 'Same as the stored one', colourOfPicture: [180, 120, 30] });
    const secondName = page.getByLabel('Product Name, row 2');

    // The save is refused for that row and saves nothing, not even the good row; the message stays on the row.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Row 2: ${PRODUCT_EXISTS}` })).toBeVisible();
    await expect(existsIn(page, 2)).toBeVisible();
    await expect(secondName).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/product/new');
    expect(await searchCount(page, chai)).toBe(0);

    // Fixed, the row saves with the good one (row 3, without a name, is left out).
    const ginger = unique('E2E Ginger Chai');
    await secondName.fill(ginger);
    await expect(existsIn(page, 2)).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL('/product');
    await expect(page.getByRole('status').filter({ hasText: 'Added 2 products.' })).toBeVisible();
    expect(await searchCount(page, chai)).toBe(1);
    expect(await searchCount(page, ginger)).toBe(1);

    // The saved product is listed with its picture.
    await page.getByRole('textbox', { name: 'Search by product name' }).fill(chai);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: chai });
    await expect(row).toContainText('Tea, Coffee & Drinks');
    const picture = row.getByRole('img', { name: chai });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  });
});
