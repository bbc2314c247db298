import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { newPasswordBody } from '../../../../../shared/schemas/auth.js';
import { PasswordField, useZodForm } from '../../../components/form-fields.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useSetFirstPassword } from '../api/sign-in.js';

interface FirstPasswordFormProps {
  username: string;
  /** Cognito's session from the sign-in that asked for a new password. */
  session: string;
  onCancel: () => void;
}

/** First sign-in of an employee created with a temporary password: they choose their own before going on. */
export function FirstPasswordForm({ username, session, onCancel }: FirstPasswordFormProps) {
  const navigate = useNavigate();
  const setPassword = useSetFirstPassword();
  const form = useZodForm(newPasswordBody, { defaultValues: { username, session, password: '', passwordVerify: '' } });

  const submit = form.handleSubmit((body) =>
    setPassword.mutate(body, {
      onError: (error) => {
        if (!isApiError(error, 400, 401)) navigate('/error', { state: { message: errorText(error) } });
      },
    }),
  );
  const refused = isApiError(setPassword.error, 400, 401) ? setPassword.error.message : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Choose your password">
      <Stack gap="md">
        {refused && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refused}
          </Alert>
        )}
        <PasswordField
          control={form.control}
          name="password"
          label="New Password"
          description="At least 8 characters with a lower-case letter, an upper-case letter and a digit."
          autoComplete="new-password"
          autoFocus
          withAsterisk
        />
        <PasswordField
          control={form.control}
          name="passwordVerify"
          label="Confirm Password"
          autoComplete="new-password"
          withAsterisk
        />
        <Button type="submit" size="md" fullWidth loading={setPassword.isPending}>
          Save and sign in
        </Button>
        <Button variant="default" size="md" fullWidth onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
