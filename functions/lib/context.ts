import type { Actor } from './db.js';
import type { Logger } from './logger.js';

/** The verified caller, read only from the JWT the authorizer checked. */
export interface Caller {
  sub: string;
  userName: string;
  tenantId: string;
  /** The user's record id (AppUser.appUserId), added to the token by the pre-token trigger. */
  appUserId: number | undefined;
  roleIds: number[];
  roleNames: string[];
  features: ReadonlySet<string>;
  /** The token's own id (`jti`), by which one device's sign-out refuses it. */
  tokenId: string;
  /** When the token expires (seconds since the epoch). */
  expiresAt: number;
  /** The user's session version the token was issued with (functions/users/standing.ts). */
  sessionVersion: number;
  /** The version of each of the token's roles when it was issued. */
  roleVersions: ReadonlyMap<number, number>;
}

export interface RequestContext {
  requestId: string;
  log: Logger;
  now: Date;
  headers: Record<string, string | undefined>;
  /** The address the request came from, for per-client limits (never for identity). */
  clientAddress: string;
  caller: Caller | undefined;
  /** The caller of an authenticated route; throws 401 on a public one. */
  readonly me: Caller;
  /** Who and when, for audit stamps. */
  readonly actor: Actor;
}

/** What a service needs to write on someone's behalf: the tenant, who and when (audit stamps), where to log. */
export interface WriteScope {
  tenantId: string;
  actor: Actor;
  log: Logger;
}

export const writeScope = (ctx: RequestContext): WriteScope => ({ tenantId: ctx.me.tenantId, actor: ctx.actor, log: ctx.log });
