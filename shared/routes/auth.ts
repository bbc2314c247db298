import {
  newPasswordBody,
  refreshBody,
  signOutBody,
  resetCodeBody,
  resetPasswordBody,
  resetResult,
  signInBody,
  signInResponse,
  tokenResponse,
} from '../schemas/auth.js';
import * as z from 'zod';
import { answer, route } from './define.js';

export const authRoutes = {
  generateToken: route({
    method: 'POST',
    path: '/token/generate',
    access: 'public',
    tenantHeader: true,
    summary: 'Sign in with user name and password; answers the ID token, or a challenge to set a first password',
    body: signInBody,
    response: answer<typeof signInResponse>(),
  }),
  newPassword: route({
    method: 'POST',
    path: '/token/newPassword',
    access: 'public',
    tenantHeader: true,
    summary: 'First sign-in: replace the temporary password with the session from sign-in; answers the ID token',
    body: newPasswordBody,
    response: answer<typeof tokenResponse>(),
  }),
  refreshToken: route({
    method: 'POST',
    path: '/token/refresh',
    access: 'signedIn',
    summary: 'Exchange the refresh token for a new ID token before the current one expires',
    body: refreshBody,
    response: answer<typeof tokenResponse>(),
  }),
  signOut: route({
    method: 'POST',
    path: '/token/signOut',
    access: 'signedIn',
    summary: "Sign out on this device: its refresh token is revoked and its ID token refused from the next call on",
    body: signOutBody,
    response: answer<z.ZodObject<{ message: z.ZodString }>>(),
  }),
  sendResetCode: route({
    method: 'POST',
    path: '/token/resetPassword/code',
    access: 'public',
    tenantHeader: true,
    summary: 'E-mail a one-time code that proves the user owns the account before a password reset',
    body: resetCodeBody,
    response: answer<typeof resetResult>(),
  }),
  resetPassword: route({
    method: 'PUT',
    path: '/token/resetPassword',
    access: 'public',
    tenantHeader: true,
    summary: 'Set a new password with the e-mailed code; 1 when done, 0 when the user name is unknown',
    body: resetPasswordBody,
    response: answer<typeof resetResult>(),
  }),
} as const;
