import { chooseFile, apiAsPage, tinyPng, unique } from './catalogue-helpers.js';
import { expect, signInAndLand, test } from './fixtures.js';

const PRODUCT_EXISTS = 'Product Already Exists';

interface RowInput {
  name: string;
  category: string;
  size: string;
  colour: string;
  description: string;
  colourOfPicture: [number, number, number];
}

async function fillRow(page: import('@playwright/test').Page, row: number, input: RowInput) {
  const group = page.getByRole('group', { name: `Row ${row}` });
  await group.getByLabel(`Product Name, row ${row}`).fill(input.name);
  await group.getByLabel(`Category, row ${row}`).click();
  await page.getByRole('option', { name: input.category, exact: true }).click();
  await group.getByLabel(`Size, row ${row}`).fill(input.size);
  await group.getByLabel(`Colour, row ${row}`).fill(input.colour);
  await group.getByLabel(`Description, row ${row}`).fill(input.description);
  await chooseFile(page, `Image, row ${row}`, { name: `row-${row}.png`, mimeType: 'image/png', buffer: tinyPng(input.colourOfPicture) });
}

const searchCount = (page: import('@playwright/test').Page, name: string) =>
  apiAsPage<number>(page, `/product/searchCount/${encodeURIComponent(name)}`);

test.describe('product bulk add', () => {
  test('a duplicate row shows Product Already Exists, nothing is saved, and fixing it saves both rows', async ({ page }) => {
    await signInAndLand(page, 'admin@demo.shop');
    await page.goto('/product/new');
    await expect(page.getByRole('heading', { name: 'Add Products' })).toBeVisible();

    const chai = unique('E2E Masala Chai');
    await fillRow(page, 1, { name: chai, category: 'Tea, Coffee & Drinks', size: '250 g', colour: 'Brown', description: 'Spiced tea blend', colourOfPicture: [150, 90, 40] });
    // A stored product's name in other letters: flagged as it is typed, and the message goes after a second.
    const secondName = page.getByLabel('Product Name, row 2');
    await fillRow(page, 2, { name: 'tata TEA gold', category: 'Tea, Coffee & Drinks', size: '500 g', colour: 'Gold', description: 'Same as the stored one', colourOfPicture: [180, 120, 30] });
    // Typed again (the fields after the name took longer than the message stays).
    await secondName.fill('');
    await secondName.fill('tata TEA gold');
    const flash = page.getByRole('group', { name: 'Row 2' }).getByText(PRODUCT_EXISTS, { exact: true });
    await expect(flash).toBeVisible();
    await expect(flash).toBeHidden({ timeout: 3_000 });

    // The save is refused for that row and saves nothing, not even the good row.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Row 2: ${PRODUCT_EXISTS}` })).toBeVisible();
    await expect(flash).toBeVisible();
    await expect(secondName).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/product/new');
    expect(await searchCount(page, chai)).toBe(0);

    // Row 3 repeats row 1 in other letters: refused as well, until it is emptied (rows without a name are left out).
    const third = page.getByLabel('Product Name, row 3');
    await third.fill(chai.toUpperCase());
    await expect(page.getByRole('group', { name: 'Row 3' }).getByText(PRODUCT_EXISTS, { exact: true })).toBeVisible();
    await third.fill('');

    const ginger = unique('E2E Ginger Chai');
    await secondName.fill(ginger);
    await expect(flash).toBeHidden();
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
    await expect(row.getByRole('img', { name: chai })).toHaveJSProperty('complete', true);
    expect(await row.getByRole('img', { name: chai }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  });
});
