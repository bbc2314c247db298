import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../lib/query-client.js';
import { useSession, type Session } from '../../../lib/session.js';
import { useRefreshSession } from '../api/refresh-session.js';

/** The popup warns this long before the token expires (spec 1 section 9). */
export const SESSION_WARNING_MS = 60_000;

export type SessionPhase = 'active' | 'expiring' | 'expired';

export function sessionPhase(session: Session, now: number): SessionPhase {
  const left = session.expiresAtMs - now;
  if (left <= 0) return 'expired';
  return left <= SESSION_WARNING_MS ? 'expiring' : 'active';
}

/** Re-renders every second while there is a session to watch. */
function useSecondTick(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
}

const modalProps = {
  withCloseButton: false,
  closeOnClickOutside: false,
  closeOnEscape: false,
  size: 'sm',
  onClose: () => undefined,
} as const;

/**
 * Session popup (spec 1 section 4): 'Your Session is Timed Out.' with OK once the token has expired; 'Your Session
 * is about to expire.' with Logout and Refresh in its last minute; nothing otherwise.
 */
export function SessionPopup() {
  const session = useSession();
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  useSecondTick(!!session);
  if (!session) return null;

  const now = Date.now();
  const phase = sessionPhase(session, now);
  const secondsLeft = Math.max(0, Math.ceil((session.expiresAtMs - now) / 1000));
  const signOut = () => {
    refresh.reset();
    navigate('/logout');
  };

  return (
    <>
      <Modal {...modalProps} opened={phase === 'expiring'} title="Session expiring">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color="saffron.7" variant="light" size="lg" radius="xl" aria-hidden>
              <IconClockHour4 size={20} />
            </ThemeIcon>
            <div>
              <Text fw={600}>Your Session is about to expire.</Text>
              <Text size="sm" c="dimmed" aria-live="polite">
                {secondsLeft} seconds left. Refresh to stay signed in.
              </Text>
            </div>
          </Group>
          {refresh.isError && (
            <Text size="sm" c="red" role="alert">
              {errorText(refresh.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={signOut}>
              Logout
            </Button>
            <Button onClick={() => refresh.mutate()} loading={refresh.isPending} data-autofocus>
              Refresh
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal {...modalProps} opened={phase === 'expired'} title="Session ended">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="red" variant="light" size="lg" radius="xl" aria-hidden>
              <IconAlertTriangle size={20} />
            </ThemeIcon>
            <Text fw={600}>Your Session is Timed Out.</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={signOut} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
