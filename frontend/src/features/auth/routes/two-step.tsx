import { Alert, Button, Card, Code, Image, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { mfaConfirmBody } from '../../../../../shared/schemas/auth.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { getSession, landingPath, useSession } from '../../../lib/session.js';
import { useMfaConfirm, useMfaSetup, useMfaStatus } from '../api/two-step.js';

/** The otpauth:// address as a QR code (an SVG data URL); the encoder is loaded when the screen needs it. */
async function qrImage(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function SetupQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void qrImage(uri).then((image) => live && setSrc(image));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <Image src={src} alt="QR code for your authenticator app" w={220} h={220} data-otpauth={uri} /> : <Loader aria-label="Making the QR code" />;
}

/** The app's first code, which turns two-step sign-in on. */
function ConfirmForm({ onDone }: { onDone: () => void }) {
  const confirm = useMfaConfirm();
  const form = useZodForm(mfaConfirmBody, { defaultValues: { refreshToken: getSession()?.refreshToken ?? '', code: '' } });
  const submit = form.handleSubmit((body) => confirm.mutate(body.code, { onSuccess: onDone }));
  const refused = confirm.error ? (isApiError(confirm.error, 400, 401, 429) ? confirm.error.message : errorText(confirm.error)) : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Confirm two-step sign-in">
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
          description="The code the app shows now, to check it is set up."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
        />
        <Button type="submit" loading={confirm.isPending}>
          Turn on two-step sign-in
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Two-step sign-in (Me menu): platform admins, shop owners and ADMINs add an authenticator app (scan the QR code or
 * type the secret), confirm with its code, and from then on sign in with the password and the app's code. Platform
 * admins must: until it is on, every screen sends them here.
 */
export default function TwoStepScreen() {
  const session = useSession();
  const status = useMfaStatus();
  const setup = useMfaSetup();
  const [done, setDone] = useState(false);

  const body = (() => {
    if (done) {
      return (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" title="Two-step sign-in is on">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">From now on, sign in with your password and the code your authenticator app shows.</Text>
            <Button component={Link} to={landingPath(session)}>
              Continue
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (status.isPending) return <Loader aria-label="Loading" />;
    if (status.isError) return <Alert color="red" role="alert">{errorText(status.error)}</Alert>;
    if (status.data.enabled) {
      return (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          Two-step sign-in is on: signing in asks for your authenticator app&apos;s code after the password.
        </Alert>
      );
    }
    if (!status.data.allowed) return <Text>Two-step sign-in is for platform admins, shop owners and ADMINs.</Text>;
    if (!setup.data) {
      return (
        <Stack gap="md" align="flex-start">
          {status.data.required && (
            <Alert color="orange" icon={<IconShieldLock size={18} />} role="status">
              Platform admins must use two-step sign-in. Set it up to continue.
            </Alert>
          )}
          <Text>Use an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or any TOTP app).</Text>
          {setup.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(setup.error)}
            </Alert>
          )}
          <Button onClick={() => setup.mutate()} loading={setup.isPending}>
            Set up two-step sign-in
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="lg">
        <Card withBorder>
          <Stack gap="sm" align="center">
            <Text fw={600}>1. Scan this QR code with your authenticator app</Text>
            <SetupQr uri={setup.data.uri} />
            <Text size="sm">Or enter this secret in the app:</Text>
            <Code fz="md" aria-label="Secret" style={{ wordBreak: 'break-all' }}>
              {setup.data.secret}
            </Code>
          </Stack>
        </Card>
        <Text fw={600}>2. Enter the code the app shows</Text>
        <ConfirmForm onDone={() => setDone(true)} />
      </Stack>
    );
  })();

  return (
    <Page title="Two-step sign-in" description="A code from an authenticator app, asked for after your password." size="sm">
      {body}
    </Page>
  );
}
