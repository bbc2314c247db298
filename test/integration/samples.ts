import { customerData } from '../../functions/customers/data.js';
import { userData } from '../../functions/users/data.js';
import { addDays, indiaToday, isWeekend } from '../../shared/leave-days.js';
import { alpha } from './tenants.js';

/** A working day a month ahead, so a sample leave is valid whenever the tests run. */
const leaveDay = (() => {
  let day = addDays(indiaToday(new Date()), 30);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
})();
const leaveForm = { leaveMasterId: 1, startDate: leaveDay, endDate: leaveDay, days: 1, reason: 'Family function' };

/**
 * A valid request body for every route that takes one, so the security matrix exercises writes with bodies that
 * would succeed for the right caller. A route added to the table without a sample here fails the matrix.
 */
export const sampleBodies: Record<string, unknown> = {
  'POST /token/generate': { username: 'admin@alpha.shop', password: 'Demo@1234' },
  'POST /token/refresh': { refreshToken: 'a-refresh-token-of-someone-else' },
  'POST /token/resetPassword/code': { username: 'admin@alpha.shop' },
  'PUT /token/resetPassword': { username: 'admin@alpha.shop', password: 'Changed@123', passwordVerify: 'Changed@123', code: '123456' },
  'POST /role/rolesByIds': { roleIdList: [1, 2, 3, 4, 5, 6] },
  'POST /leaveSystem': leaveForm,
  'PUT /leaveSystem/update/{id}': leaveForm,
  'PUT /leaveSystem/approve/{id}': { reason: 'Enjoy the function' },
  'PUT /leaveSystem/reject/{id}': { reason: 'Stock taking that week' },
  'POST /leaveMaster': { leaveType: 'Paternity Leave', allowance: 5 },
  'PUT /leaveMaster/{id}': { leaveType: 'Paternity Leave', allowance: 6 },
  'POST /publicHolidays': { date: '2027-05-01', holiday: 'May Day' },
  'PUT /publicHolidays/{id}': { date: '2027-05-01', holiday: 'Labour Day' },
  'POST /companyHolidays': { date: '2027-06-14', holiday: 'Shop anniversary' },
  'PUT /companyHolidays/{id}': { date: '2027-06-14', holiday: 'Shop anniversary' },
};

/** Path parameter values that point at tenant alpha's records (ids are per tenant, so they collide across shops). */
export async function alphaParams(): Promise<Record<string, string>> {
  const customerUser = await userData.byUserName('alpha', alpha.users.find((u) => u.customer)!.userName);
  const customer = await customerData.byAppUser('alpha', customerUser!.appUserId);
  const cashier = await userData.byUserName('alpha', 'cashier@alpha.shop');
  return {
    appUserId: String(customerUser!.appUserId),
    customerId: String(customer!.customerId),
    id: '1',
    userId: String(cashier!.appUserId),
    start: leaveDay,
    end: leaveDay,
  };
}
