import * as z from 'zod';
import { role, roleBody, rolesByIdsBody } from '../schemas/auth.js';
import { idParam } from '../schemas/common.js';
import { answer, route } from './define.js';

const byRoleId = z.object({ roleId: idParam });

export const roleRoutes = {
  rolesByIds: route({
    method: 'POST',
    path: '/role/rolesByIds',
    access: 'signedIn',
    beforeTwoStep: true,
    summary: "The user's roles with modules and features (a user may read only roles they hold, unless RoleList)",
    body: rolesByIdsBody,
    response: answer<z.ZodArray<typeof role>>(),
  }),
  employeeRoles: route({
    method: 'GET',
    path: '/role/employeeRole',
    access: ['EmployeeEdit', 'RoleList'],
    summary: 'The roles the caller may give on the employee form (never CUSTOMER; ADMIN only for the shop owner)',
    response: answer<z.ZodArray<typeof role>>(),
  }),
  all: route({
    method: 'GET',
    path: '/role/all',
    access: ['RoleList', 'RoleEdit'],
    summary: "The shop's roles with their modules, features and number of holders",
    response: answer<z.ZodArray<typeof role>>(),
  }),
  byId: route({
    method: 'GET',
    path: '/role/{roleId}',
    access: ['RoleList', 'RoleEdit'],
    summary: 'A role with its modules and features',
    params: byRoleId,
    response: answer<typeof role>(),
  }),
  create: route({
    method: 'POST',
    path: '/role/save',
    access: 'RoleEdit',
    summary: 'Create a role from features of the catalogue; the name is upper case and unique in the shop',
    body: roleBody,
    response: answer<typeof role>(),
  }),
  update: route({
    method: 'PUT',
    path: '/role/{roleId}',
    access: 'RoleEdit',
    summary: "Change a role's name or features; holders get the new features at their next token refresh",
    params: byRoleId,
    body: roleBody,
    response: answer<typeof role>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/role/{roleId}',
    access: 'RoleDelete',
    summary: 'Delete a role nobody holds; built-in roles cannot be deleted',
    params: byRoleId,
    response: answer<typeof role>(),
  }),
} as const;
