import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '../../../../../shared/routes/auth.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { getSession, updateSession } from '../../../lib/session.js';

const statusKey = ['two-step-sign-in'] as const;

/** The device's refresh token, with which the API acts on the user's own identity in Cognito. */
function refreshToken(): string {
  const token = getSession()?.refreshToken;
  if (!token) throw new ApiError(401, 'Please sign in again to set up two-step sign-in.');
  return token;
}

/** Whether the user's two-step sign-in is on, whether they may turn it on, whether they must. */
export const useMfaStatus = () => useQuery({ queryKey: statusKey, queryFn: () => callApi(authRoutes.mfaStatus) });

/** A new authenticator secret and its otpauth:// address (shown once, on the set-up screen). */
export const useMfaSetup = () =>
  useMutation({ mutationFn: () => callApi(authRoutes.mfaSetup, { body: { refreshToken: refreshToken() } }), meta: { handlesOwnErrors: true } });

/** The app's first code turns two-step sign-in on (the screen says so; a later visit reads the status anew). */
export function useMfaConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(authRoutes.mfaConfirm, { body: { refreshToken: refreshToken(), code } }),
    meta: { handlesOwnErrors: true },
    onSuccess: () => {
      updateSession({ mfaSetupDue: false });
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}
