import { SEARCH_COUNT_CAP } from '../../shared/schemas/page-size.js';
import { customerRoutes } from '../../shared/routes/customers.js';
import { Forbidden, NotFound } from '../lib/errors.js';
import { inTenant } from '../lib/tenant-scope.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { customerData } from './data.js';
import { createCustomer, deleteCustomer, readCustomer, signUpCustomer, updateCustomer, validateMobile } from './service.js';

export const handler = domainHandler('customers', customerRoutes, {
  async byAppUser({ params, ctx }) {
    const me = ctx.me;
    const isStaffReader = me.features.has('CustomerView') || me.features.has('CustomerList');
    if (!isStaffReader && me.appUserId !== params.appUserId) throw new Forbidden('You can read only your own customer record.');
    const customer = await customerData.byAppUser(me.tenantId, params.appUserId);
    if (!customer) throw new NotFound('Customer not found.');
    return customer;
  },
  mobiles: ({ query, ctx }) => customerData.mobiles(ctx.me.tenantId, query.prefix, query.size),
  validate: ({ params, ctx }) => validateMobile(ctx.me.tenantId, params.mobile),
  isExist: async ({ params, ctx }) => Boolean(await customerData.byMobile(ctx.me.tenantId, params.mobile)),
  all: async ({ query, ctx }) => listPage(await customerData.page(ctx.me.tenantId, query)),
  count: ({ ctx }) => customerData.count(ctx.me.tenantId),
  search: async ({ params, query, ctx }) => listPage(await customerData.searchPage(ctx.me.tenantId, params.text, query)),
  searchCount: ({ params, ctx }) => customerData.searchCount(ctx.me.tenantId, params.text, SEARCH_COUNT_CAP),
  byId: ({ params, ctx }) => readCustomer(ctx.me.tenantId, params.customerId),
  create: ({ body, ctx }) => createCustomer(ctx.me, body, ctx.actor),
  update: ({ params, body, ctx }) => updateCustomer(ctx.me, params.customerId, body, ctx.actor),
  remove: ({ params, ctx }) => deleteCustomer(ctx.me, params.customerId, ctx.actor),
  // A public route: the customer signs up in the shop the form names, and acts only as that shop.
  signUp: ({ body, ctx }) => inTenant(body.tenantId, () => signUpCustomer(body, ctx)),
});
