import { customerData } from '../../functions/customers/data.js';
import { userData } from '../../functions/users/data.js';
import { alpha } from './tenants.js';

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
};

/** Path parameter values that point at tenant alpha's records (ids are per tenant, so they collide across shops). */
export async function alphaParams(): Promise<Record<string, string>> {
  const customerUser = await userData.byUserName('alpha', alpha.users.find((u) => u.customer)!.userName);
  const customer = await customerData.byAppUser('alpha', customerUser!.appUserId);
  return {
    appUserId: String(customerUser!.appUserId),
    customerId: String(customer!.customerId),
    id: '1',
  };
}
