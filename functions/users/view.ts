import type { AppUser, AppUserView } from '../../shared/schemas/auth.js';

/**
 * A user record as the API answers it. The session stamps (the session version and the list of signed-out tokens)
 * are read by the standing check on every call; they say which tokens are refused, so they stay on the server.
 */
export function userView<T extends AppUser>(user: T): Omit<T, 'sessionVersion' | 'revokedTokens'> & AppUserView {
  const { sessionVersion: _sessions, revokedTokens: _revoked, ...shown } = user;
  return shown;
}
