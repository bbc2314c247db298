/** The catalogue and content screens (issue 4) for `npm run screenshots`. */
import type { Page } from '@playwright/test';

interface CatalogueShot {
  name: string;
  path: string;
  user?: string;
  prepare?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}

const ADMIN = 'admin@demo.shop';

/** A list screen once its first rows (and their pictures) have arrived. */
const waitForRows = async (page: Page) => {
  await page.locator('tbody tr td').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
};

const selectMode = async (page: Page) => {
  await waitForRows(page);
  await page.locator('label', { hasText: /^Select$/ }).click();
};

const productTicks = (page: Page) => page.getByRole('checkbox', { name: /^Select (?!all)/ });

export const catalogueShots: CatalogueShot[] = [
  { name: 'products', path: '/product', user: ADMIN, fullPage: true, prepare: waitForRows },
  {
    name: 'products-select',
    path: '/product',
    user: ADMIN,
    prepare: async (page) => {
      await selectMode(page);
      await page.getByRole('checkbox', { name: 'Select all products on this page' }).check({ force: true });
    },
  },
  { name: 'products-add', path: '/product/new', user: ADMIN, fullPage: true },
  {
    name: 'products-add-duplicate',
    path: '/product/new',
    user: ADMIN,
    prepare: async (page) => {
      await page.getByLabel('Product Name, row 1').fill('tata tea gold');
      await page.getByText('Product Already Exists').waitFor();
    },
  },
  {
    name: 'products-edit',
    path: '/product',
    user: ADMIN,
    fullPage: true,
    prepare: async (page) => {
      await selectMode(page);
      await productTicks(page).nth(0).check({ force: true });
      await productTicks(page).nth(1).check({ force: true });
      await page.getByRole('button', { name: 'Modify' }).click();
      await page.getByLabel('Product Name, row 2').waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  { name: 'categories', path: '/category', user: ADMIN, fullPage: true, prepare: waitForRows },
  { name: 'category-new', path: '/category/new', user: ADMIN },
  {
    name: 'category-edit',
    path: '/category/1',
    user: ADMIN,
    prepare: async (page) => {
      await page.getByRole('img', { name: /^Current/ }).waitFor();
    },
  },
  { name: 'taxes', path: '/tax', user: ADMIN, prepare: waitForRows },
  { name: 'tax-new', path: '/tax/new', user: ADMIN },
  { name: 'policies', path: '/policy', user: ADMIN, prepare: waitForRows },
  { name: 'policy-edit', path: '/policy/1', user: ADMIN, fullPage: true },
  { name: 'policy-view', path: '/policies/Return%20Policy', user: 'cashier@demo.shop', fullPage: true },
  { name: 'policy-templates', path: '/policyTemplate', user: ADMIN, fullPage: true },
  { name: 'templates', path: '/template', user: ADMIN, prepare: waitForRows },
  { name: 'template-new', path: '/template/new', user: ADMIN },
];
