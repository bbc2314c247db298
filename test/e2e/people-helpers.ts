import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoTokenOf, expect, latestMailTo, signIn } from './fixtures.js';

export const OWNER = 'owner@demo.shop';

/** Letters and digits unique to this run, so names and mobiles never meet those of an earlier test or run. */
export const unique = () => Date.now().toString(36).slice(-5) + Math.floor(Math.random() * 36 ** 2).toString(36);

/** A mobile number no earlier test used; `first` keeps the specs apart (each its own leading digit). */
export const uniqueMobile = (first: '7' | '8' | '9') => `${first}${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** The owner's API calls, with the owner's token. */
export async function ownerApi(http: APIRequestContext) {
  const headers = { authorization: `Bearer ${await demoTokenOf(http, OWNER)}` };
  return {
    async send<T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> {
      const answer = await http[method](`/api${path}`, { headers, data });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as T;
    },
  };
}

export type OwnerApi = Awaited<ReturnType<typeof ownerApi>>;

/**
 * An employee of the demo shop registered just now by the owner through the API, reporting to manager@demo.shop with
 * hr@demo.shop as HR; answers their sign-in name and the temporary password the sign-in mail carried.
 */
export async function registerEmployee(
  owner: OwnerApi,
  { name, roleIds, mobileFirstDigit }: { name: string; roleIds: number[]; mobileFirstDigit: '7' | '8' | '9' },
): Promise<{ userName: string; temporaryPassword: string }> {
  const [manager] = await owner.send<{ appUserId: number }[]>('get', '/appUser/search/manager@demo.shop');
  const [hr] = await owner.send<{ appUserId: number }[]>('get', '/appUser/search/hr@demo.shop');
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.in`;
  const employee = await owner.send<{ userName: string }>('post', '/appUser/save', {
    userName: name,
    emailId: email,
    mobileNumber: uniqueMobile(mobileFirstDigit),
    dob: '1996-08-12',
    doj: '2026-01-05',
    gender: 'Male',
    address: '21, Lalbagh Road, Bengaluru 560027',
    appUserRole: roleIds.map((roleId) => ({ roleId })),
    managerId: manager!.appUserId,
    hrId: hr!.appUserId,
  });
  const temporaryPassword = /Temporary password: (\S+)/.exec((await latestMailTo(email)).body.text ?? '')![1]!;
  return { userName: employee.userName, temporaryPassword };
}

/** A browser of the employee's own, signed in for the first time: the temporary password, then one they choose. */
export async function firstSignIn(browser: Browser, baseURL: string | undefined, userName: string, temporaryPassword: string, chosen: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await signIn(page, userName, temporaryPassword);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel(/^New Password/).fill(chosen);
  await page.getByLabel(/^Confirm Password/).fill(chosen);
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL('/home');
  return page;
}
