import { Alert } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi, onAccessChanged } from '../../../lib/api-client.js';
import { getSession, updateSession } from '../../../lib/session.js';
import { combineFeatures } from '../api/sign-in.js';

export const ACCESS_CHANGED_NOTICE = 'Your access was changed by the shop. The screens now show what you may do.';

/**
 * When the server says the signed-in user's roles were edited, fetch a token that carries the new features and
 * the roles as they are now, so buttons and menus follow at once, and say so above the screen. One update at a
 * time however many answers carried the mark.
 */
export function AccessChangedNotice() {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const updating = useRef(false);

  useEffect(
    () =>
      onAccessChanged(() => {
        if (updating.current) return;
        updating.current = true;
        void (async () => {
          try {
            // Loaded when a change is announced: the shell (and the sign-in screen with it) carries no route schemas.
            const [{ refreshSession }, { roleRoutes }] = await Promise.all([import('../api/refresh-session.js'), import('../../../../../shared/routes/roles.js')]);
            await refreshSession();
            const roleIdList = getSession()?.user?.appUserRole.map((r) => r.roleId) ?? [];
            const roles = await callApi(roleRoutes.rolesByIds, { body: { roleIdList } });
            updateSession({ roles, features: combineFeatures(roles) });
            setShown(true);
            await queryClient.invalidateQueries();
          } catch {
            // A session that cannot be refreshed ends at its next call, and sign-in says why.
          } finally {
            updating.current = false;
          }
        })();
      }),
    [queryClient],
  );

  if (!shown) return null;
  return (
    <Alert color="blue" icon={<IconShieldCheck size={18} />} withCloseButton onClose={() => setShown(false)} m="md" role="status">
      {ACCESS_CHANGED_NOTICE}
    </Alert>
  );
}
