/** Where a session stands: the popup shows nothing while active, warns while expiring, and offers sign-in once expired. */
export type SessionPhase = 'active' | 'expiring' | 'expired';
