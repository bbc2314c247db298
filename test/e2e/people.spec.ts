import type { Page } from '@playwright/test';
import { visibleSections } from '../../frontend/src/features/dashboard/components/dashboard-tiles.js';
import type { FeatureName } from '../../shared/features.js';
import { expect, fillDate, latestMailTo, signIn, signInAndLand, test } from './fixtures.js';
import { OWNER, unique, uniqueMobile } from './people-helpers.js';

/** What the dashboard shows: each tile's title with its links, as a user sees them. */
async function dashboardTiles(page: Page): Promise<{ title: string; links: string[] }[]> {
  await expect(page.getByRole('article').first()).toBeVisible();
  return page.getByRole('article').evaluateAll((tiles) =>
    tiles.map((tile) => ({
      title: tile.getAttribute('aria-label') ?? '',
      links: [...tile.querySelectorAll('a')].map((a) => a.textContent?.trim() ?? ''),
    })),
  );
}

test.describe('people', () => {
  test('a new employee with a role of three features signs in with the mailed temporary password, chooses their own and sees exactly those tiles', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const roleName = `SHELF ${id.toUpperCase()}`;
    const features: FeatureName[] = ['LeaveList', 'StockList', 'CustomerList'];
    await signInAndLand(page, OWNER);

    // The role, from the catalogue's checkbox tree.
    await page.goto('/role/new');
    await page.getByLabel('Role Name').fill(roleName.toLowerCase());
    await page.getByRole('group', { name: 'ERP features' }).getByLabel('Leave List').check();
    await page.getByRole('group', { name: 'IMS features' }).getByLabel('Stock List').check();
    await page.getByRole('group', { name: 'CRM features' }).getByLabel('Customer List').check();
    await page.getByRole('button', { name: 'Save' }).click();
    // The list opens on the page that holds the new role.
    await expect(page).toHaveURL(/\/role\?role=\d+$/);
    await expect(page.getByRole('status')).toContainText(`Created the role ${roleName}.`);
    await expect(page.getByRole('cell', { name: roleName, exact: true })).toBeVisible();

    // The employee, with that role.
    await page.goto('/user/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Employee Registration' })).toBeVisible();
    await page.getByLabel('User Name').fill(`Shelf ${id}`);
    await expect(page.getByText(`Signs in as Shelf${id}@demo.shop`)).toBeVisible();
    const email = `shelf.${id}@example.in`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mobile Number').fill(uniqueMobile('9'));
    await fillDate(page.getByLabel('Date of Birth'), '1999-04-21');
    await expect(page.getByLabel('Date of Birth')).toHaveValue('21/04/1999');
    await fillDate(page.getByLabel('Date of Joining'), '2026-01-05');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Address').fill('3, DVG Road, Basavanagudi');
    await page.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Manager' }).selectOption({ label: 'manager@demo.shop' });
    await page.getByRole('combobox', { name: 'HR' }).selectOption({ label: 'hr@demo.shop' });
    await page.getByRole('button', { name: 'Register' }).click();

    const dialog = page.getByRole('dialog', { name: 'Employee registered' });
    await expect(dialog).toContainText(`The sign-in was e-mailed to ${email}.`);
    const userName = `shelf${id}@demo.shop`;
    await expect(dialog).toContainText(userName);
    // The password went only to the employee: never on the owner's screen.
    await expect(dialog.getByLabel('Temporary password')).toHaveCount(0);
    const temporaryPassword = /Temporary password: (\S+)/.exec((await latestMailTo(email)).body.text ?? '')![1]!;
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    await expect(page.getByText(temporaryPassword)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL('/user');
    await page.getByRole('textbox', { name: 'Search by user name' }).fill(`shelf${id}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: userName })).toContainText(roleName);

    // The employee's first sign-in, in a browser of their own.
    const context = await browser.newContext({ baseURL, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const employeePage = await context.newPage();
    await signIn(employeePage, userName, temporaryPassword);
    await expect(employeePage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await employeePage.getByLabel(/^New Password/).fill('Shelf@2026');
    await employeePage.getByLabel(/^Confirm Password/).fill('Shelf@2026');
    await employeePage.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(employeePage).toHaveURL('/home');

    const expected = visibleSections(features, undefined).flatMap((s) => s.tiles.map((t) => ({ title: t.title, links: t.links.map((l) => l.label) })));
    expect(expected.map((t) => t.title)).toEqual(['Leave', 'Stock', 'Customers']);
    expect(await dashboardTiles(employeePage)).toEqual(expected);
    for (const section of ['Employee', 'Inventory', 'Customer']) {
      await expect(employeePage.getByRole('button', { name: new RegExp(`^${section}`) })).toBeVisible();
    }
    await expect(employeePage.getByRole('button', { name: /^Admin/ })).toHaveCount(0);
    await context.close();
  });

  test('a customer signs up without signing in, then signs in and lands on the storefront', async ({ page }) => {
    const id = unique();
    const password = 'Kavya@2026';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up as a customer' }).click();
    await expect(page).toHaveURL('/customer/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Registration' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Tenant' }).selectOption('demo');
    await page.getByLabel('Customer Name').fill(`Kavya ${id}`);
    await page.getByLabel('Mobile Number').fill(uniqueMobile('9'));
    await page.getByLabel('E-mail').fill(`kavya.${id}@example.in`);
    await page.getByLabel('Address').fill('Kadri, Mangaluru');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm Password/).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL('/login');
    const login = `kavya${id}@demo.shop`;
    await expect(page.getByRole('status')).toContainText(`Sign in as ${login} with the password you chose.`);
    await signIn(page, login, password);
    await expect(page).toHaveURL('/customerHome');
  });

  test('staff register a customer: a taken mobile is refused as typed, the list shows the name without the domain, an edit locks name and mobile', async ({
    page,
  }) => {
    const id = unique();
    await signInAndLand(page, OWNER);
    await page.goto('/customer');
    await page.getByRole('link', { name: 'Create Customer' }).click();
    await expect(page).toHaveURL('/customer/new');
    await expect(page.getByRole('combobox', { name: 'Tenant' })).toHaveCount(0);
    await page.getByLabel(/^Customer Name/).fill(`Ravi ${id}`);
    // The demo seed's customer Anjali Rao has this mobile.
    await page.getByLabel(/^Mobile Number/).fill('9880011223');
    await expect(page.getByText('Mobile Number already Exists !!!')).toBeVisible();
    const mobile = uniqueMobile('9');
    await page.getByLabel(/^Mobile Number/).fill(mobile);
    await expect(page.getByText('Mobile Number already Exists !!!')).toHaveCount(0);
    await page.getByLabel('E-mail').fill(`ravi.${id}@example.in`);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL('/customer');
    await page.getByRole('textbox', { name: 'Search by customer name or mobile number' }).fill(mobile);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: mobile });
    await expect(row.getByRole('cell').nth(2)).toHaveText(`Ravi${id}`);
    await row.getByRole('link', { name: `Edit Ravi${id}` }).click();
    // The list's search field is labelled 'Search by customer name…': wait for the edit form itself.
    await expect(page).toHaveURL(/\/customer\/\d+$/);
    await expect(page.getByLabel(/^Customer Name/)).toBeDisabled();
    await expect(page.getByLabel(/^Mobile Number/)).toBeDisabled();
    await page.getByLabel('Address').fill('Jayanagar 4th Block');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/customer');
    await expect(page.getByRole('status')).toContainText(`Saved Ravi${id}.`);
  });
});
