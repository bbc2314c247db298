import { userRoutes } from '../../shared/routes/users.js';
import { NotFound } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { userData } from './data.js';
import {
  countEmployees,
  createEmployee,
  deleteEmployee,
  employeeDetail,
  hrOptions,
  isNameTaken,
  listEmployees,
  managerOf,
  managerOptions,
  readEmployee,
  revealTemporaryPassword,
  signOutEmployee,
  updateEmployee,
} from './employees.js';

export const handler = domainHandler('users', userRoutes, {
  async currentUser({ ctx }) {
    const user = await userData.byUserName(ctx.me.tenantId, ctx.me.userName);
    if (!user) throw new NotFound('Your user record was not found. Please contact your shop administrator.');
    return user;
  },
  byId: ({ params, ctx }) => readEmployee(ctx.me, params.id),
  detail: ({ params, ctx }) => employeeDetail(ctx.me, params.id),
  managers: ({ params, ctx }) => managerOptions(ctx.me, params.id),
  hrs: ({ params, ctx }) => hrOptions(ctx.me, params.id),
  managerOf: ({ params, ctx }) => managerOf(ctx.me, params.id),
  isUserExist: ({ params, ctx }) => isNameTaken(ctx.me, params.userName),
  isUserExistById: ({ params, ctx }) => isNameTaken(ctx.me, params.userName, params.appUserId),
  create: ({ body, ctx }) => createEmployee(ctx.me, body, ctx.actor, ctx.log),
  update: ({ params, body, ctx }) => updateEmployee(ctx.me, params.id, body, ctx.actor, ctx.log),
  signOut: ({ params, ctx }) => signOutEmployee(ctx.me, params.id, ctx.log),
  revealPassword: ({ params, ctx }) => revealTemporaryPassword(ctx.me, params.id, ctx.actor),
  remove: ({ params, ctx }) => deleteEmployee(ctx.me, params.id, ctx.actor),
  all: ({ query, ctx }) => listEmployees(ctx.me, { kind: 'all' }, undefined, query.page, query.size),
  allCount: ({ ctx }) => countEmployees(ctx.me, { kind: 'all' }, undefined),
  search: ({ params, query, ctx }) => listEmployees(ctx.me, { kind: 'all' }, params.text, query.page, query.size),
  searchCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'all' }, params.text),
  managerList: ({ params, query, ctx }) => listEmployees(ctx.me, { kind: 'manager', id: params.id }, undefined, query.page, query.size),
  managerCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'manager', id: params.id }, undefined),
  managerSearch: ({ params, query, ctx }) => listEmployees(ctx.me, { kind: 'manager', id: params.id }, params.text, query.page, query.size),
  managerSearchCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'manager', id: params.id }, params.text),
  hrList: ({ params, query, ctx }) => listEmployees(ctx.me, { kind: 'hr', id: params.id }, undefined, query.page, query.size),
  hrCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'hr', id: params.id }, undefined),
  hrSearch: ({ params, query, ctx }) => listEmployees(ctx.me, { kind: 'hr', id: params.id }, params.text, query.page, query.size),
  hrSearchCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'hr', id: params.id }, params.text),
});
