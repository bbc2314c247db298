import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../lib/query-client.js';
import { useRefreshSession } from '../api/refresh-session.js';
import type { SessionPhase } from './session-phase.js';

const modalProps = {
  withCloseButton: false,
  closeOnClickOutside: false,
  closeOnEscape: false,
  size: 'sm',
  onClose: () => undefined,
} as const;

/** The session popup's two dialogs (session-popup.tsx loads them as the session nears its end). */
export default function SessionDialogs({ phase, secondsLeft }: { phase: Exclude<SessionPhase, 'active'>; secondsLeft: number }) {
  const navigate = useNavigate();
  const refresh = useRefreshSession();
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
