import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userRoutes } from '../../../../../shared/routes/users.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * On one's own record: a changed e-mail not yet confirmed, and where to enter the code mailed to it. Until it is
 * confirmed, password reset codes go to the address they went to before.
 */
export function EmailConfirmation() {
  const me = useQuery({ queryKey: ['appUser', 'me'], queryFn: () => callApi(userRoutes.currentUser) });
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: () => callApi(userRoutes.confirmEmail, { body: { code: code.trim() } }),
    onSuccess: () => void me.refetch(),
    meta: { handlesOwnErrors: true },
  });
  const user = me.data;
  if (confirm.isSuccess) {
    return (
      <Alert color="brand" mb="md" role="status">
        {confirm.data.message}
      </Alert>
    );
  }
  if (!user?.emailId || !user.confirmedEmail || user.confirmedEmail === user.emailId) return null;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label="Confirm your e-mail">
      <Stack gap="sm">
        <Text size="sm">
          Your e-mail was changed to <b>{user.emailId}</b>. Enter the 6-digit code sent there to confirm it. Until then, password
          reset codes go to {user.confirmedEmail}.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate();
          }}
        >
          <Group align="flex-end">
            <TextInput label="Code" value={code} onChange={(e) => setCode(e.currentTarget.value)} inputMode="numeric" maxLength={6} w={140} />
            <Button type="submit" loading={confirm.isPending} disabled={!/^\d{6}$/.test(code.trim())}>
              Confirm e-mail
            </Button>
          </Group>
        </form>
        {confirm.isError && (
          <Text size="sm" c="red" role="alert">
            {confirm.error.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
