import { authRoutes } from '../../shared/routes/auth.js';
import { domainHandler } from '../lib/handler.js';
import { confirmMfa, mfaSignIn, mfaStatus, setUpMfa } from './mfa.js';
import { refresh, resetPassword, sendResetCode, setFirstPassword, signIn, signOut, signOutEverywhere } from './service.js';

export const handler = domainHandler('auth', authRoutes, {
  generateToken: ({ body, ctx }) => signIn(body.username, body.password, ctx.headers['x-tenantid'], ctx.log, ctx),
  newPassword: ({ body, ctx }) => setFirstPassword(body, ctx.headers['x-tenantid'], ctx),
  mfaSignIn: ({ body, ctx }) => mfaSignIn(body, ctx.headers['x-tenantid'], ctx),
  mfaStatus: ({ ctx }) => mfaStatus(ctx.me),
  mfaSetup: ({ body, ctx }) => setUpMfa(ctx.me, body.refreshToken),
  mfaConfirm: ({ body, ctx }) => confirmMfa(ctx.me, body, ctx),
  refreshToken: ({ body, ctx }) => refresh(body.refreshToken, ctx.me, ctx.now),
  sendResetCode: ({ body, ctx }) => sendResetCode(body.username, ctx.headers['x-tenantid'], ctx),
  resetPassword: ({ body, ctx }) => resetPassword(body, ctx.headers['x-tenantid'], ctx),
  signOut: ({ body, ctx }) => signOut(ctx.me, body.refreshToken, ctx.log),
  signOutEverywhere: ({ ctx }) => signOutEverywhere(ctx.me, ctx.log),
});
