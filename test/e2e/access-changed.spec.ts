import type { APIRequestContext, Page } from '@playwright/test';
import { demoTokenOf, expect, latestMailTo, signIn, test } from './fixtures.js';

const OWNER = 'owner@demo.shop';

/** Letters and digits unique to this run, so the role, the name and the mobile meet no earlier test's. */
const unique = () => Date.now().toString(36).slice(-5) + Math.floor(Math.random() * 36 ** 2).toString(36);
const uniqueMobile = () => `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

const modules = (features: Record<string, string[]>) =>
  Object.entries(features).map(([moduleName, names]) => ({ moduleName, roleFeature: names.map((featureName) => ({ featureName })) }));

/** The owner's API calls, with the owner's token. */
function ownerApi(http: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async send<T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> {
      const answer = await http[method](`/api${path}`, { headers, data });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as T;
    },
  };
}

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
    const owner = ownerApi(request, await demoTokenOf(request, OWNER));
    const role = await owner.send<{ roleId: number; name: string; version: number }>('post', '/role/save', {
      name: `notice ${id}`,
      roleModule: modules({ ERP: ['LeaveList'], IMS: ['StockList'] }),
    });
    const [manager] = await owner.send<{ appUserId: number; userName: string }[]>('get', '/appUser/search/manager@demo.shop');
    const [hr] = await owner.send<{ appUserId: number; userName: string }[]>('get', '/appUser/search/hr@demo.shop');
    const email = `notice.${id}@example.in`;
    const holder = await owner.send<{ userName: string }>('post', '/appUser/save', {
      userName: `Notice ${id}`,
      emailId: email,
      mobileNumber: uniqueMobile(),
      dob: '1996-08-12',
      doj: '2026-01-05',
      gender: 'Male',
      address: '21, Lalbagh Road, Bengaluru 560027',
      appUserRole: [{ roleId: role.roleId }],
      managerId: manager!.appUserId,
      hrId: hr!.appUserId,
    });
    const temporaryPassword = /Temporary password: (\S+)/.exec((await latestMailTo(email)).body.text ?? '')![1]!;

    // The holder signs in in a browser of their own and has the dashboard open.
    const context = await browser.newContext({ baseURL, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const holderPage = await context.newPage();
    await signIn(holderPage, holder.userName, temporaryPassword);
    await expect(holderPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await holderPage.getByLabel(/^New Password/).fill('Notice@2026');
    await holderPage.getByLabel(/^Confirm Password/).fill('Notice@2026');
    await holderPage.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(holderPage).toHaveURL('/home');
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
    await context.close();
  });
});
