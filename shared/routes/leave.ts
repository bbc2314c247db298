import * as z from 'zod';
import { countResponse, idParam } from '../schemas/common.js';
import {
  isoDate,
  LEAVE_MESSAGES,
  leave,
  leaveBalance,
  leaveCountQuery,
  leaveDaysPreview,
  leaveDecision,
  leaveForm,
  leaveListQuery,
  leaveType,
  leaveTypeForm,
  yearQuery,
} from '../schemas/leave.js';
import { answer, route } from './define.js';

const byId = z.object({ id: idParam });
const byUser = z.object({ userId: idParam });
const dates = { start: isoDate(LEAVE_MESSAGES.startRequired), end: isoDate(LEAVE_MESSAGES.datesRequired) };

/**
 * Leave applications (`/leaveSystem`) and leave types (`/leaveMaster`). Reads need LeaveList; applying and acting on
 * a leave need LeaveEdit, and who may act is decided per leave (the employee updates and cancels, their manager
 * approves and rejects). Defining leave types is leave administration: LeaveDelete, which only HR, the shop owner
 * and the admin hold, since every employee holds LeaveEdit to apply.
 */
export const leaveRoutes = {
  leave: route({
    method: 'GET',
    path: '/leaveSystem/{id}',
    access: 'LeaveList',
    summary: 'One leave: for the employee, their manager or their HR',
    params: byId,
    response: answer<typeof leave>(),
  }),
  employeeLeaves: route({
    method: 'GET',
    path: '/leaveSystem/employee/{id}',
    access: 'LeaveList',
    summary: "Your Leaves: a user's leaves, latest start first, ?page&size&leaveMasterId",
    params: byId,
    query: leaveListQuery,
    response: answer<z.ZodArray<typeof leave>>(),
  }),
  employeeLeaveCount: route({
    method: 'GET',
    path: '/leaveSystem/employee/count/{id}',
    access: 'LeaveList',
    summary: "Number of a user's leaves, ?leaveMasterId",
    params: byId,
    query: leaveCountQuery,
    response: answer<typeof countResponse>(),
  }),
  managerLeaves: route({
    method: 'GET',
    path: '/leaveSystem/manager/{id}',
    access: 'LeaveList',
    summary: 'Reportees Leaves: the leaves of the reportees of manager {id}, who must be the caller, ?page&size&leaveMasterId',
    params: byId,
    query: leaveListQuery,
    response: answer<z.ZodArray<typeof leave>>(),
  }),
  managerLeaveCount: route({
    method: 'GET',
    path: '/leaveSystem/manager/count/{id}',
    access: 'LeaveList',
    summary: "Number of the manager's reportees' leaves, ?leaveMasterId",
    params: byId,
    query: leaveCountQuery,
    response: answer<typeof countResponse>(),
  }),
  balance: route({
    method: 'GET',
    path: '/leaveSystem/balance/{userId}',
    access: 'LeaveList',
    summary: "A user's remaining days per leave type for a year (?year, default this year in India)",
    params: byUser,
    query: yearQuery,
    response: answer<z.ZodArray<typeof leaveBalance>>(),
  }),
  isExist: route({
    method: 'GET',
    path: '/leaveSystem/isExist/{start}/{end}/{userId}',
    access: 'LeaveList',
    summary: 'Whether the user already has a submitted, modified or approved leave on any of these days',
    params: z.object({ ...dates, userId: idParam }),
    response: answer<z.ZodBoolean>(),
  }),
  leaveDays: route({
    method: 'GET',
    path: '/leaveSystem/days/{start}/{end}',
    access: 'LeaveEdit',
    summary: "Checks the dates and counts the leave days without weekends and holidays, with the form's messages",
    params: z.object(dates),
    response: answer<typeof leaveDaysPreview>(),
  }),
  apply: route({
    method: 'POST',
    path: '/leaveSystem',
    access: 'LeaveEdit',
    summary: 'Applies for leave (Submitted); takes the days from the balance in the same write',
    body: leaveForm,
    response: answer<typeof leave>(),
  }),
  update: route({
    method: 'PUT',
    path: '/leaveSystem/update/{id}',
    access: 'LeaveEdit',
    summary: 'The employee changes a Submitted or Modified leave; Modified when the days change',
    params: byId,
    body: leaveForm,
    response: answer<typeof leave>(),
  }),
  approve: route({
    method: 'PUT',
    path: '/leaveSystem/approve/{id}',
    access: 'LeaveEdit',
    summary: "The employee's manager approves a Submitted or Modified leave, with a reason",
    params: byId,
    body: leaveDecision,
    response: answer<typeof leave>(),
  }),
  reject: route({
    method: 'PUT',
    path: '/leaveSystem/reject/{id}',
    access: 'LeaveEdit',
    summary: "The employee's manager rejects a Submitted or Modified leave, with a reason; the days go back",
    params: byId,
    body: leaveDecision,
    response: answer<typeof leave>(),
  }),
  cancel: route({
    method: 'PUT',
    path: '/leaveSystem/cancel/{id}',
    access: 'LeaveEdit',
    summary: 'The employee cancels a Submitted or Modified leave; the days go back',
    params: byId,
    response: answer<typeof leave>(),
  }),
  leaveTypes: route({
    method: 'GET',
    path: '/leaveMaster',
    access: 'LeaveList',
    summary: 'Leave types with their yearly allowance, by name',
    response: answer<z.ZodArray<typeof leaveType>>(),
  }),
  leaveType: route({
    method: 'GET',
    path: '/leaveMaster/{id}',
    access: 'LeaveList',
    summary: 'One leave type',
    params: byId,
    response: answer<typeof leaveType>(),
  }),
  createLeaveType: route({
    method: 'POST',
    path: '/leaveMaster',
    access: 'LeaveDelete',
    summary: 'Adds a leave type with its days per year; names are unique in the shop',
    body: leaveTypeForm,
    response: answer<typeof leaveType>(),
  }),
  updateLeaveType: route({
    method: 'PUT',
    path: '/leaveMaster/{id}',
    access: 'LeaveDelete',
    summary: "Renames a leave type or changes its allowance; balances follow at once (remaining = allowance - used)",
    params: byId,
    body: leaveTypeForm,
    response: answer<typeof leaveType>(),
  }),
  deleteLeaveType: route({
    method: 'DELETE',
    path: '/leaveMaster/{id}',
    access: 'LeaveDelete',
    summary: 'Removes a leave type; leaves already applied keep it and can still be decided or cancelled',
    params: byId,
    response: answer<typeof leaveType>(),
  }),
} as const;
