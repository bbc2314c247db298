import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession, type Session } from '../../../lib/session.js';

/** The popup warns this long before the token expires (spec 1 section 9). */
export const SESSION_WARNING_MS = 60_000;

import type { SessionPhase } from './session-phase.js';
export type { SessionPhase };

export function sessionPhase(session: Session, now: number): SessionPhase {
  const left = session.expiresAtMs - now;
  if (left <= 0) return 'expired';
  return left <= SESSION_WARNING_MS ? 'expiring' : 'active';
}

/** The dialogs' code (a modal, the refresh call and its schemas) is fetched this long before the warning. */
const PRELOAD_BEFORE_MS = 30_000;

export const loadSessionDialogs = () => import('./session-dialogs.js');
const SessionDialogs = lazy(loadSessionDialogs);

/** Re-renders every second while there is a session to watch. */
function useSecondTick(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
}

/**
 * Session popup (spec 1 section 4): 'Your Session is Timed Out.' with OK once the token has expired; 'Your Session
 * is about to expire.' with Logout and Refresh in its last minute; nothing otherwise.
 */
export function SessionPopup() {
  const session = useSession();
  useSecondTick(!!session);
  if (!session) return null;

  const now = Date.now();
  const phase = sessionPhase(session, now);
  if (session.expiresAtMs - now <= SESSION_WARNING_MS + PRELOAD_BEFORE_MS) void loadSessionDialogs();
  if (phase === 'active') return null;
  const secondsLeft = Math.max(0, Math.ceil((session.expiresAtMs - now) / 1000));
  return (
    <Suspense fallback={null}>
      <SessionDialogs phase={phase} secondsLeft={secondsLeft} />
    </Suspense>
  );
}
