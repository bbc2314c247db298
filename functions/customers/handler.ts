import { customerRoutes } from '../../shared/routes/customers.js';
import { Forbidden, NotFound } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { customerData } from './data.js';

export const handler = domainHandler('customers', customerRoutes, {
  async byAppUser({ params, ctx }) {
    const me = ctx.me;
    const isStaffReader = me.features.has('CustomerView') || me.features.has('CustomerList');
    if (!isStaffReader && me.appUserId !== params.appUserId) throw new Forbidden('You can read only your own customer record.');
    const customer = await customerData.byAppUser(me.tenantId, params.appUserId);
    if (!customer) throw new NotFound('Customer not found.');
    return customer;
  },
});
