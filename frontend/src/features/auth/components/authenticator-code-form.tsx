import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { mfaSignInBody } from '../../../../../shared/schemas/auth.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useSignInWithCode } from '../api/sign-in.js';

interface AuthenticatorCodeFormProps {
  username: string;
  /** Cognito's session from the sign-in that asked for the code. */
  session: string;
  onCancel: () => void;
}

/** Two-step sign-in: after the right password, the 6-digit code the authenticator app shows now. */
export function AuthenticatorCodeForm({ username, session, onCancel }: AuthenticatorCodeFormProps) {
  const navigate = useNavigate();
  const signIn = useSignInWithCode();
  const form = useZodForm(mfaSignInBody, { defaultValues: { username, session, code: '' } });

  const submit = form.handleSubmit((body) =>
    signIn.mutate(body, {
      onError: (error) => {
        if (!isApiError(error, 400, 401, 429)) navigate('/error', { state: { message: errorText(error) } });
      },
    }),
  );
  const refused = isApiError(signIn.error, 400, 401, 429) ? signIn.error.message : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Authenticator code">
      <Stack gap="md">
        {refused && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {refused}
          </Alert>
        )}
        <TextField
          control={form.control}
          name="code"
          label="6-digit code"
          description="The code your authenticator app shows for this shop now."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          withAsterisk
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          Verify and sign in
        </Button>
        <Button variant="default" size="md" fullWidth onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
