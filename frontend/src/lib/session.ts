import { useSyncExternalStore } from 'react';
import type { FeatureName } from '../../../shared/features.js';
import type { AppUser, Role } from '../../../shared/schemas/auth.js';
import type { Policy } from '../../../shared/schemas/content.js';
import type { Customer } from '../../../shared/schemas/customer.js';
import type { Tenant } from '../../../shared/schemas/tenant.js';

/** What the app knows about the signed-in user (spec 1 section 4 "After sign-in"). */
export interface Session {
  token: string;
  refreshToken?: string;
  /** The token's own expiry (seconds since the epoch), as the server sees it. */
  expiresAt: number;
  /**
   * The same expiry on this device's clock (ms). Shop PCs often run with a wrong clock; measuring the token's
   * lifetime from the moment it arrived keeps the session popup and the 600 check honest on such devices.
   */
  expiresAtMs: number;
  userName: string;
  user?: AppUser;
  tenant?: Tenant;
  roles: Role[];
  /** The features of all the user's roles, combined. */
  features: FeatureName[];
  policies: Policy[];
  /** The customer record, stored once known; customer screens need it. */
  customer?: Customer;
  isCustomer: boolean;
  /** A platform admin without two-step sign-in: every screen sends them to set it up first (`/twoStep`). */
  mfaSetupDue?: boolean;
}

export interface TokenAnswer {
  token: string;
  refreshToken?: string;
  expiresAt: number;
}

const STORAGE_KEY = 'shopdesk.session';
const listeners = new Set<() => void>();
let current: Session | null = read();
/** Why the server ended the last session (a deleted account, a closed shop); the sign-in screen shows it. */
let endedBecause: string | undefined;

function read(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function publish(next: Session | null) {
  current = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

// Signing out (or in) in one tab applies to every open tab of the app.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== STORAGE_KEY) return;
  current = read();
  listeners.forEach((listener) => listener());
});

export const getSession = (): Session | null => current;

function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Where the token expires on this device's clock, from the token's lifetime (exp - iat). */
function localExpiry(answer: TokenAnswer, now: number): number {
  const claims = decodeClaims(answer.token);
  const issuedAt = typeof claims.iat === 'number' ? claims.iat : undefined;
  const lifetimeSeconds = issuedAt === undefined ? answer.expiresAt - now / 1000 : answer.expiresAt - issuedAt;
  return now + lifetimeSeconds * 1000;
}

/** Stores a fresh token from sign-in; the profile follows with `updateSession`. */
export function startSession(answer: TokenAnswer, now = Date.now()): Session {
  endedBecause = undefined;
  const claims = decodeClaims(answer.token);
  const session: Session = {
    token: answer.token,
    refreshToken: answer.refreshToken,
    expiresAt: answer.expiresAt,
    expiresAtMs: localExpiry(answer, now),
    userName: typeof claims.email === 'string' ? claims.email : '',
    roles: [],
    features: [],
    policies: [],
    isCustomer: false,
  };
  publish(session);
  return session;
}

/** Replaces the token after a refresh, keeping everything else. */
export function renewToken(answer: TokenAnswer, now = Date.now()): void {
  if (!current) return;
  publish({
    ...current,
    token: answer.token,
    refreshToken: answer.refreshToken ?? current.refreshToken,
    expiresAt: answer.expiresAt,
    expiresAtMs: localExpiry(answer, now),
  });
}

export function updateSession(changes: Partial<Omit<Session, 'token' | 'expiresAt' | 'expiresAtMs'>>): void {
  if (current) publish({ ...current, ...changes });
}

export function clearSession(): void {
  endedBecause = undefined;
  publish(null);
}

/** Ends the session because the server no longer honours its token, keeping the reason for the sign-in screen. */
export function endSession(reason: string): void {
  endedBecause = reason;
  publish(null);
}

export const sessionEndReason = (): string | undefined => endedBecause;

/** Signed in means a stored token exists and is not expired (spec 1 section 4). */
export function hasValidToken(session: Session | null, now = Date.now()): session is Session {
  return !!session?.token && session.expiresAtMs > now;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** The route a user lands on after sign-in and when pressing Home. */
export const landingPath = (session: Session | null) => (session?.isCustomer ? '/customerHome' : '/home');

/** A friendly name for greetings: the customer's name, else the part of the user name before the @. */
export function displayName(session: Session): string {
  return session.customer?.customerName ?? session.userName.split('@')[0] ?? session.userName;
}
