import { leaveRoutes } from '../../shared/routes/leave.js';
import type { RequestContext } from '../lib/context.js';
import { domainHandler, listPage } from '../lib/handler.js';
import {
  applyLeave,
  balances,
  cancelLeave,
  createLeaveType,
  decideLeave,
  deleteLeaveType,
  employeeLeaveCount,
  employeeLeaves,
  getLeave,
  hasLeaveBetween,
  leaveType,
  leaveTypes,
  managerLeaveCount,
  managerLeaves,
  previewDays,
  updateLeave,
  updateLeaveType,
  type LeaveCaller,
} from './service.js';

const caller = (ctx: RequestContext): LeaveCaller => ({
  tenantId: ctx.me.tenantId,
  appUserId: ctx.me.appUserId,
  roleNames: ctx.me.roleNames,
  actor: ctx.actor,
});

export const handler = domainHandler('leave', leaveRoutes, {
  leave: ({ params, ctx }) => getLeave(caller(ctx), params.id),
  employeeLeaves: async ({ params, query, ctx }) => listPage(await employeeLeaves(caller(ctx), params.id, query, query)),
  employeeLeaveCount: ({ params, query, ctx }) => employeeLeaveCount(caller(ctx), params.id, query),
  managerLeaves: async ({ params, query, ctx }) => listPage(await managerLeaves(caller(ctx), params.id, query, query)),
  managerLeaveCount: ({ params, query, ctx }) => managerLeaveCount(caller(ctx), params.id, query),
  balance: ({ params, query, ctx }) => balances(caller(ctx), params.userId, query.year),
  isExist: ({ params, ctx }) => hasLeaveBetween(caller(ctx), params.start, params.end, params.userId),
  leaveDays: ({ params, ctx }) => previewDays(caller(ctx), params.start, params.end),
  apply: ({ body, ctx }) => applyLeave(caller(ctx), body),
  update: ({ params, body, ctx }) => updateLeave(caller(ctx), params.id, body),
  approve: ({ params, body, ctx }) => decideLeave(caller(ctx), params.id, 'Approved', body.reason),
  reject: ({ params, body, ctx }) => decideLeave(caller(ctx), params.id, 'Rejected', body.reason),
  cancel: ({ params, ctx }) => cancelLeave(caller(ctx), params.id),
  leaveTypes: ({ ctx }) => leaveTypes(ctx.me.tenantId),
  leaveType: ({ params, ctx }) => leaveType(ctx.me.tenantId, params.id),
  createLeaveType: ({ body, ctx }) => createLeaveType(ctx.me.tenantId, body, ctx.actor),
  updateLeaveType: ({ params, body, ctx }) => updateLeaveType(ctx.me.tenantId, params.id, body, ctx.actor),
  deleteLeaveType: ({ params, ctx }) => deleteLeaveType(ctx.me.tenantId, params.id),
});
