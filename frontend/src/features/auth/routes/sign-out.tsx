import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { clearSession } from '../../../lib/session.js';
import { AuthFrame } from '../components/auth-frame.js';

/** Sign-out (spec 1 section 2): forgets the token and everything fetched with it. */
export default function SignOutScreen() {
  const queryClient = useQueryClient();
  useEffect(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);

  return (
    <AuthFrame title="Signed out">
      <Stack align="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Text fw={600} fz="lg" role="status">
          You Logged Out Successfully
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
