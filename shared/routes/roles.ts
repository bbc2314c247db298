import { z } from 'zod';
import { role, rolesByIdsBody } from '../schemas/auth.js';
import { route } from './define.js';

export const roleRoutes = {
  rolesByIds: route({
    method: 'POST',
    path: '/role/rolesByIds',
    access: 'signedIn',
    summary: "The user's roles with modules and features (a user may read only roles they hold, unless RoleList)",
    body: rolesByIdsBody,
    response: z.array(role),
  }),
} as const;
