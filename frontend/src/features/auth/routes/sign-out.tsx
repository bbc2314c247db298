import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { authRoutes } from '../../../../../shared/routes/auth.js';
import { callApi } from '../../../lib/api-client.js';
import { clearSession, getSession, hasValidToken } from '../../../lib/session.js';
import { AuthFrame } from '../components/auth-frame.js';

/**
 * Ends the session on the server first (the refresh token is revoked and every ID token of this device's session
 * refused from then on; with `everywhere`, every session of the user on every device), then forgets the token and
 * everything fetched with it. Without a server answer (offline) the device still forgets it.
 */
async function signOut(everywhere: boolean): Promise<void> {
  const session = getSession();
  if (hasValidToken(session)) {
    const body = session.refreshToken ? { refreshToken: session.refreshToken } : {};
    await (everywhere ? callApi(authRoutes.signOutEverywhere, {}) : callApi(authRoutes.signOut, { body })).catch(() => undefined);
  }
  clearSession();
  // The till's copy of prices, stock and customers goes with the session; bills not yet sent stay to be sent.
  await import('../../billing/offline/local-copy.js').then((copy) => copy.forgetLocalCopy()).catch(() => undefined);
}

/** Sign-out (spec 1 section 2). */
export default function SignOutScreen() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const everywhere = useSearchParams()[0].get('everywhere') === '1';
  useEffect(() => {
    void signOut(everywhere).then(() => {
      queryClient.clear();
      setDone(true);
    });
  }, [queryClient, everywhere]);

  return (
    <AuthFrame title="Signed out">
      <Stack align="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Text fw={600} fz="lg" role="status">
          {done ? (everywhere ? 'You were signed out on every device' : 'You Logged Out Successfully') : 'Signing out…'}
        </Text>
        <Text c="dimmed" ta="center" size="sm">
          On a shared counter computer, close the browser window too.
        </Text>
        <Button component={Link} to="/login" size="md" fullWidth>
          Sign in again
        </Button>
      </Stack>
    </AuthFrame>
  );
}
