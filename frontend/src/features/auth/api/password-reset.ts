import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '../../../../../shared/routes/auth.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { callApi } from '../../../lib/api-client.js';

/** E-mails a one-time code that proves the user owns the account: 1 sent, 0 user name unknown. */
export function useSendResetCode() {
  return useMutation({
    mutationFn: (username: string) => callApi(authRoutes.sendResetCode, { body: { username } }),
    meta: { handlesOwnErrors: true },
  });
}

/** Sets the new password with the e-mailed code: 1 done, 0 user name unknown. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyIn<typeof authRoutes.resetPassword>) => callApi(authRoutes.resetPassword, { body }),
    meta: { handlesOwnErrors: true },
  });
}
