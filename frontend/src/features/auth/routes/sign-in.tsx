import { Alert, Anchor, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SIGN_IN_FAILED } from '../../../../../shared/tenant.js';
import { useLazySchemaForm } from '../../../components/lazy-schema-form.js';
import { errorText } from '../../../lib/query-client.js';
import { pendingProductPath } from '../../../lib/pending-cart.js';
import { clearSession, hasValidToken, landingPath, useSession } from '../../../lib/session.js';
import { CredentialsRefused, prepareSignIn, useSignIn } from '../api/sign-in.js';
import { AuthFrame } from '../components/auth-frame.js';

/** The sign-in form's schema, with zod: fetched while the person types (see `prepareSignIn`), not before the form shows. */
const signInSchema = async () => (await import('../../../../../shared/schemas/auth.js')).signInBody;
/** Only a first sign-in with a temporary password shows it. */
const FirstPasswordForm = lazy(async () => ({ default: (await import('../components/first-password-form.js')).FirstPasswordForm }));
/** Only a user with two-step sign-in on shows it. */
const AuthenticatorCodeForm = lazy(async () => ({ default: (await import('../components/authenticator-code-form.js')).AuthenticatorCodeForm }));

/** The step a sign-in answered with a challenge asks for: the app's code, or a first password in place of the temporary one. */
function challengeStepOf(answer: object | undefined) {
  if (answer && 'mfaSession' in answer && typeof answer.mfaSession === 'string' && answer.mfaSession) {
    return { title: 'Two-step sign-in', description: 'Enter the 6-digit code from your authenticator app.', Form: AuthenticatorCodeForm, session: answer.mfaSession };
  }
  if (answer && 'newPasswordSession' in answer && typeof answer.newPasswordSession === 'string' && answer.newPasswordSession) {
    return {
      title: 'Choose your password',
      description: 'This is your first sign-in. Replace the temporary password you were given.',
      Form: FirstPasswordForm,
      session: answer.newPasswordSession,
    };
  }
  return undefined;
}

/** Sign-in (spec 1 section 2); also served at / and /#/. */
export default function SignInScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const signIn = useSignIn();
  const form = useLazySchemaForm(signInSchema, { username: '', password: '' });

  const stale = session !== null && !hasValidToken(session);
  useEffect(() => {
    // An expired session left in storage would otherwise greet the user with the timed-out popup.
    if (stale && !signIn.isPending) clearSession();
  }, [stale, signIn.isPending]);

  // The profile (session.user) arrives last; landing earlier would send a customer to the staff dashboard first.
  // A visitor who pressed "Add to cart" on the public storefront continues on that product's page.
  if (session?.user && hasValidToken(session)) return <Navigate to={(session.isCustomer && pendingProductPath()) || landingPath(session)} replace />;

  const step = challengeStepOf(signIn.data);
  if (step) {
    return (
      <AuthFrame title={step.title} description={step.description}>
        <Suspense fallback={<Loader mx="auto" display="block" aria-label="Loading" />}>
          <step.Form
            username={signIn.variables?.username ?? ''}
            session={step.session}
            onCancel={() => {
              form.reset();
              signIn.reset();
            }}
          />
        </Suspense>
      </AuthFrame>
    );
  }

  const submit = form.handleSubmit((credentials) =>
    signIn.mutate(credentials, {
      onError: (error) => {
        if (!(error instanceof CredentialsRefused)) navigate('/error', { state: { message: errorText(error) } });
      },
    }),
  );

  const cancel = () => {
    form.reset();
    signIn.reset();
    navigate('/');
  };

  const refused = signIn.error instanceof CredentialsRefused;
  // The spec's message for every refusal; a reason the server adds (first sign-in needs a new password) follows it.
  const serverHint =
    signIn.error instanceof CredentialsRefused && signIn.error.serverMessage !== SIGN_IN_FAILED
      ? signIn.error.serverMessage
      : null;

  return (
    <AuthFrame title="Sign in" description="Use the e-mail address your shop registered for you.">
      {/* The first keystroke (or a password manager's fill) starts loading the checks and the sign-in call. */}
      <form onSubmit={submit} onInput={prepareSignIn} noValidate aria-label="Sign in">
        <Stack gap="md">
          {notice && !refused && (
            <Alert color="brand" icon={<IconInfoCircle size={18} />} role="status">
              {notice}
            </Alert>
          )}
          {refused && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {SIGN_IN_FAILED}
              {serverHint && (
                <Text size="sm" mt={4}>
                  {serverHint}
                </Text>
              )}
            </Alert>
          )}
          <TextInput
            {...form.field('username')}
            label="User Name"
            placeholder="you@yourshop.in"
            autoComplete="username"
            inputMode="email"
            autoFocus
            withAsterisk
          />
          <PasswordInput
            {...form.field('password')}
            label="Password"
            autoComplete="current-password"
            withAsterisk
            // Focusable, unlike Mantine's default, so keyboard users can check what they typed.
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password', tabIndex: 0 }}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/passwordReset" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
            Sign in
          </Button>
          <Button variant="default" size="md" fullWidth onClick={cancel}>
            Cancel
          </Button>
          <Divider label="New to this shop?" labelPosition="center" />
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/customer/new" fw={600}>
              Sign up as a customer
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
