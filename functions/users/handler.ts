import type { AppUser } from '../../shared/schemas/auth.js';
import { userRoutes } from '../../shared/routes/users.js';
import { NotFound } from '../lib/errors.js';
import { mapPage, type CursorPage } from '../lib/db.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { userData } from './data.js';
import {
  confirmEmail,
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
import { userView } from './view.js';

const shownPage = async (page: Promise<CursorPage<AppUser>>) => listPage(mapPage(await page, userView));

export const handler = domainHandler('users', userRoutes, {
  async currentUser({ ctx }) {
    const user = await userData.byUserName(ctx.me.tenantId, ctx.me.userName);
    if (!user) throw new NotFound('Your user record was not found. Please contact your shop administrator.');
    return userView(user);
  },
  byId: async ({ params, ctx }) => userView(await readEmployee(ctx.me, params.id)),
  detail: async ({ params, ctx }) => userView(await employeeDetail(ctx.me, params.id)),
  managers: ({ params, ctx }) => managerOptions(ctx.me, params.id),
  hrs: ({ params, ctx }) => hrOptions(ctx.me, params.id),
  managerOf: ({ params, ctx }) => managerOf(ctx.me, params.id),
  isUserExist: ({ params, ctx }) => isNameTaken(ctx.me, params.userName),
  isUserExistById: ({ params, ctx }) => isNameTaken(ctx.me, params.userName, params.appUserId),
  create: async ({ body, ctx }) => userView(await createEmployee(ctx.me, body, ctx.actor, ctx.log)),
  update: async ({ params, body, ctx }) => userView(await updateEmployee(ctx.me, params.id, body, ctx.actor, ctx.log)),
  signOut: ({ params, ctx }) => signOutEmployee(ctx.me, params.id, ctx.log),
  confirmEmail: ({ body, ctx }) => confirmEmail(ctx.me, body.code, ctx.now),
  revealPassword: ({ params, ctx }) => revealTemporaryPassword(ctx.me, params.id, ctx.actor),
  remove: async ({ params, ctx }) => userView(await deleteEmployee(ctx.me, params.id, ctx.actor)),
  all: ({ query, ctx }) => shownPage(listEmployees(ctx.me, { kind: 'all' }, undefined, query)),
  allCount: ({ ctx }) => countEmployees(ctx.me, { kind: 'all' }, undefined),
  search: ({ params, query, ctx }) => shownPage(listEmployees(ctx.me, { kind: 'all' }, params.text, query)),
  searchCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'all' }, params.text),
  managerList: ({ params, query, ctx }) => shownPage(listEmployees(ctx.me, { kind: 'manager', id: params.id }, undefined, query)),
  managerCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'manager', id: params.id }, undefined),
  managerSearch: ({ params, query, ctx }) => shownPage(listEmployees(ctx.me, { kind: 'manager', id: params.id }, params.text, query)),
  managerSearchCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'manager', id: params.id }, params.text),
  hrList: ({ params, query, ctx }) => shownPage(listEmployees(ctx.me, { kind: 'hr', id: params.id }, undefined, query)),
  hrCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'hr', id: params.id }, undefined),
  hrSearch: ({ params, query, ctx }) => shownPage(listEmployees(ctx.me, { kind: 'hr', id: params.id }, params.text, query)),
  hrSearchCount: ({ params, ctx }) => countEmployees(ctx.me, { kind: 'hr', id: params.id }, params.text),
});
