import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '../../../../../shared/routes/auth.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { getSession, renewToken } from '../../../lib/session.js';

/** Exchanges the refresh token for a new ID token and stores it (spec 1 section 4: 'Refresh stores the new token'). */
export async function refreshSession(): Promise<void> {
  const refreshToken = getSession()?.refreshToken;
  if (!refreshToken) throw new ApiError(401, 'Your session cannot be extended. Please sign in again.');
  renewToken(await callApi(authRoutes.refreshToken, { body: { refreshToken } }));
}

export function useRefreshSession() {
  return useMutation({ mutationFn: refreshSession, meta: { handlesOwnErrors: true } });
}
