import { appUser } from '../schemas/auth.js';
import { route } from './define.js';

export const userRoutes = {
  currentUser: route({
    method: 'GET',
    path: '/appUser/user',
    access: 'signedIn',
    summary: 'The signed-in user with their roles',
    response: appUser,
  }),
} as const;
