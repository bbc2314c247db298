import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { USER_NOT_FOUND, resetPasswordBody } from '../../../../../shared/schemas/auth.js';
import { PasswordField, TextField, useZodForm } from '../../../components/form-fields.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useResetPassword, useSendResetCode } from '../api/password-reset.js';
import { AuthFrame } from '../components/auth-frame.js';

export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with the new password.';

/**
 * Password reset (spec 1 sections 2 and 5). The server proves ownership of the account with a one-time code sent
 * by e-mail before it sets the password (DESIGN.md section 5), so the spec's form gains a Send code step.
 */
export default function PasswordResetScreen() {
  const navigate = useNavigate();
  const sendCode = useSendResetCode();
  const reset = useResetPassword();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(resetPasswordBody, {
    defaultValues: { username: '', password: '', passwordVerify: '', code: '' },
  });

  /** Client problems stay on this screen; anything unexpected goes to /error like every other call. */
  const onFailure = (error: unknown) => {
    if (isApiError(error, 400, 401, 403)) setProblem(error.message);
    else navigate('/error', { state: { message: errorText(error) } });
  };

  const requestCode = async () => {
    setProblem(null);
    if (!(await form.trigger('username'))) return;
    const username = form.getValues('username').trim().toLowerCase();
    sendCode.mutate(username, {
      onSuccess: (result) => {
        if (result === 1) setCodeSentTo(username);
        else setProblem(USER_NOT_FOUND);
      },
      onError: onFailure,
    });
  };

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    reset.mutate(values, {
      onSuccess: (result) => {
        if (result === 1) navigate('/login', { state: { notice: PASSWORD_CHANGED } });
        else setProblem(USER_NOT_FOUND);
      },
      onError: onFailure,
    });
  });

  const codeSent = codeSentTo !== null;
  const startOver = () => {
    setCodeSentTo(null);
    setProblem(null);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (codeSent) return submit(event);
    event.preventDefault();
    return requestCode();
  };

  return (
    <AuthFrame
      title="Reset password"
      description={
        codeSent ? 'Enter the code from the e-mail and choose a new password.' : 'We will e-mail you a code to confirm it is you.'
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset password">
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          {codeSent && !problem && (
            <Alert color="brand" icon={<IconMailCheck size={18} />} role="status">
              A 6-digit code is on its way to the e-mail address of {codeSentTo}. It is valid for 15 minutes.
            </Alert>
          )}
          <TextField
            control={form.control}
            name="username"
            label="User Name"
            placeholder="you@yourshop.in"
            autoComplete="username"
            inputMode="email"
            autoFocus
            withAsterisk
            readOnly={codeSent}
          />
          {!codeSent ? (
            <Button type="submit" size="md" fullWidth loading={sendCode.isPending}>
              Send code
            </Button>
          ) : (
            <>
              <TextField
                control={form.control}
                name="code"
                label="Code from the e-mail"
                placeholder="6 digits"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                withAsterisk
              />
              <PasswordField
                control={form.control}
                name="password"
                label="New Password"
                description="At least 8 characters with a lower-case letter, an upper-case letter and a digit."
                autoComplete="new-password"
                withAsterisk
              />
              <PasswordField
                control={form.control}
                name="passwordVerify"
                label="Confirm Password"
                autoComplete="new-password"
                withAsterisk
              />
              <Button type="submit" size="md" fullWidth loading={reset.isPending}>
                Reset Password
              </Button>
              <Group justify="space-between">
                <Anchor component="button" type="button" size="sm" onClick={startOver}>
                  Use another user name
                </Anchor>
                <Anchor component="button" type="button" size="sm" onClick={() => void requestCode()}>
                  Send a new code
                </Anchor>
              </Group>
            </>
          )}
          <Button variant="default" size="md" fullWidth onClick={() => navigate('/login')}>
            Cancel
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
