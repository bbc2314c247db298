import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';
import { firstSignIn, ownerApi, registerEmployee, unique } from './people-helpers.js';

const modules = (features: Record<string, string[]>) =>
  Object.entries(features).map(([moduleName, names]) => ({ moduleName, roleFeature: names.map((featureName) => ({ featureName })) }));

/** The titles of the dashboard's tiles, as the user sees them. */
async function tileTitles(page: Page): Promise<string[]> {
  await expect(page.getByRole('article').first()).toBeVisible();
  return page.getByRole('article').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('aria-label') ?? ''));
}

test.describe('access that changes at once', () => {
  test('the owner edits a role while its holder has the app open: their next action shows the notice and the menu follows, without signing in again', async ({
    browser,
    baseURL,
    request,
  }) => {
    // A role of the holder's own (no other test's user holds it) and an employee holding it, made by the owner.
    const id = unique();
    const owner = await ownerApi(request);
    const role = await owner.send<{ roleId: number; name: string; version: number }>('post', '/role/save', {
      name: `notice ${id}`,
      roleModule: modules({ ERP: ['LeaveList'], IMS: ['StockList'] }),
    });
    const holder = await registerEmployee(owner, { name: `Notice ${id}`, roleIds: [role.roleId], mobileFirstDigit: '8' });

    // The holder signs in in a browser of their own and has the dashboard open.
    const holderPage = await firstSignIn(browser, baseURL, holder.userName, holder.temporaryPassword, 'Notice@2026');
    // cognito-local does not keep the refresh token of a first sign-in's password challenge (Cognito does), and the
    // notice needs a refresh: so the holder's open session here is an ordinary sign-in with the password just chosen.
    await holderPage.evaluate(() => localStorage.clear());
    await signIn(holderPage, holder.userName, 'Notice@2026');
    await expect(holderPage).toHaveURL('/home');
    expect(await tileTitles(holderPage)).toEqual(['Leave', 'Stock']);

    // While it is open, the owner takes Stock away from the role and gives Customers.
    await owner.send('put', `/role/${role.roleId}`, { name: role.name, roleModule: modules({ ERP: ['LeaveList'], CRM: ['CustomerList'] }), version: role.version });

    // The holder's next action: the Stock screen they still see a link to. The server answers by the role as it is
    // now, and the app says the access changed.
    await holderPage.getByRole('article', { name: 'Stock' }).getByRole('link', { name: 'Stock' }).click();
    await expect(holderPage.getByRole('status').filter({ hasText: 'Your access was changed by the shop.' })).toBeVisible();

    // Home from the top bar (the same page, no new sign-in): the tiles are those of the role now.
    await holderPage.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(holderPage).toHaveURL('/home');
    await expect(holderPage.getByRole('article', { name: 'Customers' })).toBeVisible();
    expect(await tileTitles(holderPage)).toEqual(['Leave', 'Customers']);
    await expect(holderPage).not.toHaveURL(/\/login/);
    await holderPage.context().close();
  });
});
