import type { Page } from '@playwright/test';
import { addDays, indiaToday, isWeekend } from '../../shared/leave-days.js';
import { formatDate } from '../../shared/format.js';
import { LEAVE_MESSAGES } from '../../shared/schemas/leave.js';
import { ROLE } from '../../shared/roles.js';
import { expect, fillDate, signInAndLand, storedSession, test } from './fixtures.js';
import { firstSignIn, ownerApi, registerEmployee, unique } from './people-helpers.js';

// The approval walk signs in three times (a new cashier's first sign-in, the manager): room on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const CASHIER = 'cashier@demo.shop';
const MANAGER = 'manager@demo.shop';

/** Public and company holidays of a year, read through the API with the signed-in user's token. */
async function holidayDates(page: Page, year: number): Promise<Set<string>> {
  const { token } = (await storedSession(page))!;
  const headers = { Authorization: `Bearer ${token}` };
  const lists = await Promise.all(
    ['publicHolidays', 'companyHolidays'].map(async (path) => {
      const response = await page.request.get(`/api/${path}?year=${year}`, { headers });
      expect(response.ok()).toBe(true);
      return (await response.json()) as { date: string }[];
    }),
  );
  return new Set(lists.flat().map((h) => h.date));
}

/**
 * A Monday and Tuesday at least three weeks ahead (clear of the demo seed's leaves, which fall within the next three
 * weeks of working days) that are not holidays.
 */
async function freeMondayAndTuesday(page: Page): Promise<[string, string]> {
  let monday = addDays(indiaToday(new Date()), 21);
  while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  for (;;) {
    const tuesday = addDays(monday, 1);
    const holidays = await holidayDates(page, Number(monday.slice(0, 4)));
    if (!holidays.has(monday) && !holidays.has(tuesday)) return [monday, tuesday];
    monday = addDays(monday, 7);
  }
}

async function chooseLeaveType(page: Page, name: string) {
  const select = page.getByLabel('Leave Type');
  // Options read 'Casual Leave (10 left)'.
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value!);
}

/** The 'n of m days left' line of a type in the balance shown on the page. */
const balanceOf = (page: Page, type: string) => page.getByRole('group', { name: `${type} balance` });
const daysLeft = async (page: Page, type: string) => Number(/(\d+) of \d+ days left/.exec((await balanceOf(page, type).textContent()) ?? '')![1]);

test.describe('leave', () => {
  test('a cashier applies, the manager approves with a reason, the cashier sees it Approved with the days taken', async ({ browser, baseURL, request }) => {
    // A cashier of this test's own, with the whole year's leave: every run takes two days for good, so on a stack kept
    // across runs the demo cashier's Casual Leave would run out.
    const owner = await ownerApi(request);
    const cashierRole = (await owner.send<{ roleId: number; name: string }[]>('get', '/role/all')).find((role) => role.name === ROLE.CASHIER)!;
    const cashier = await registerEmployee(owner, { name: `Leave ${unique()}`, roleIds: [cashierRole.roleId], mobileFirstDigit: '7' });
    const page = await firstSignIn(browser, baseURL, cashier.userName, cashier.temporaryPassword, 'Leave@2026');
    const [start, end] = await freeMondayAndTuesday(page);
    const leaveRow = (p: Page) => p.getByRole('row').filter({ hasText: formatDate(start) }).filter({ hasText: 'Casual Leave' });
    // Earlier runs' cashiers on the same stack may have leave from the same day in the manager's list.
    const reporteeRow = (p: Page) => leaveRow(p).filter({ hasText: cashier.userName });

    await page.goto('/leaveSystem');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Leaves' })).toBeVisible();
    await page.getByRole('link', { name: 'Apply Leave' }).click();
    await expect(page).toHaveURL('/leaveSystem/new');
    await chooseLeaveType(page, 'Casual Leave');
    await fillDate(page.getByLabel('Start Date'), start);
    await fillDate(page.getByLabel('End Date'), end);
    await expect(page.getByRole('status', { name: 'Days' })).toHaveText('2');
    await expect(page.getByText(`${formatDate(start)} to ${formatDate(end)}; no weekend days in between.`)).toBeVisible();
    await expect(balanceOf(page, 'Casual Leave')).toContainText('days left');
    const before = await daysLeft(page, 'Casual Leave');
    expect(before).toBe(12);
    await page.getByLabel('Reason').fill('Cousin’s wedding in Hassan');
    await page.getByRole('button', { name: 'Apply Leave' }).click();

    await expect(page).toHaveURL('/leaveSystem');
    await expect(page.getByRole('status').filter({ hasText: 'Leave applied' })).toContainText(
      `Leave applied: 2 days of Casual Leave from ${formatDate(start)}. Your manager will be told.`,
    );
    await expect(leaveRow(page)).toContainText('Submitted');
    await expect(leaveRow(page).getByRole('cell').nth(3)).toHaveText('2');

    // The manager, in another browser, switches to the MANAGER view and approves.
    const managerContext = await browser.newContext({ baseURL, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const manager = await managerContext.newPage();
    await signInAndLand(manager, MANAGER);
    await manager.goto('/leaveSystem');
    await manager.getByText('MANAGER', { exact: true }).click();
    await expect(manager.getByRole('heading', { level: 1, name: 'Reportees Leaves' })).toBeVisible();
    await expect(manager.getByRole('button', { name: 'Apply Leave' })).toBeDisabled();
    await reporteeRow(manager).getByRole('link', { name: /^Approve/ }).click();
    await expect(manager.getByRole('heading', { level: 1, name: 'Approve Leave' })).toBeVisible();
    await expect(manager.getByText('Cousin’s wedding in Hassan')).toBeVisible();
    await manager.getByRole('button', { name: 'Approve' }).click();
    await expect(manager.getByText(LEAVE_MESSAGES.reasonRequired)).toBeVisible();
    await manager.getByLabel('Reason').fill('Enjoy the wedding');
    await manager.getByRole('button', { name: 'Approve' }).click();
    await expect(manager).toHaveURL('/leaveSystem');
    await expect(reporteeRow(manager)).toContainText('Approved');
    // The view is remembered on the next visit.
    await manager.reload();
    await expect(manager.getByRole('heading', { level: 1, name: 'Reportees Leaves' })).toBeVisible();
    await managerContext.close();

    await page.reload();
    await expect(leaveRow(page)).toContainText('Approved');
    await expect(leaveRow(page)).toContainText('Manager: Enjoy the wedding');
    // Approved hides Update and Cancel.
    await expect(leaveRow(page).getByRole('link', { name: /^Update/ })).toHaveCount(0);
    await expect(leaveRow(page).getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    if (start.slice(0, 4) === indiaToday(new Date()).slice(0, 4)) {
      await expect(balanceOf(page, 'Casual Leave')).toContainText(`${before - 2} of 12 days left`);
    }
    // The form shows the balance of the leave's year, whichever year that is.
    await page.getByRole('link', { name: 'Apply Leave' }).click();
    await fillDate(page.getByLabel('Start Date'), start);
    await expect(balanceOf(page, 'Casual Leave')).toContainText(`${before - 2} of 12 days left`);
    await page.context().close();
  });

  test('a weekend-only range needs no leave', async ({ page }) => {
    await signInAndLand(page, CASHIER);
    let saturday = addDays(indiaToday(new Date()), 1);
    while (!isWeekend(saturday) || !isWeekend(addDays(saturday, 1))) saturday = addDays(saturday, 1);
    const applied: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/leaveSystem')) applied.push(request.url());
    });

    await page.goto('/leaveSystem/new');
    await chooseLeaveType(page, 'Sick Leave');
    await fillDate(page.getByLabel('Start Date'), saturday);
    await fillDate(page.getByLabel('End Date'), addDays(saturday, 1));
    await expect(page.getByRole('alert')).toHaveText(LEAVE_MESSAGES.nothingToApply);
    await expect(page.getByRole('status', { name: 'Days' })).toHaveText('–');
    await page.getByRole('button', { name: 'Apply Leave' }).click();
    await expect(page.getByRole('alert')).toHaveText(LEAVE_MESSAGES.nothingToApply);
    await expect(page).toHaveURL('/leaveSystem/new');
    expect(applied).toEqual([]);
  });
});
