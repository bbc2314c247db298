import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';

interface SignInSentModalProps {
  opened: boolean;
  /** The sign-in name of the new account. */
  userName: string;
  /** How the server sent the temporary password to the account holder. */
  mailSent: boolean;
  whatsappSent: boolean;
  /** Where the mail went, for the note. */
  emailId?: string;
  title?: string;
  /**
   * The owner's one reveal of a fresh temporary password, when the account holder cannot receive the mail; absent
   * for everyone else.
   */
  reveal?: () => Promise<string>;
  onClose: () => void;
}

/** The password shown once after the owner's second confirmation. */
function RevealedPassword({ userName, password }: { userName: string; password: string }) {
  return (
    <Stack gap={6}>
      <Text>
        Give these to <b>{userName}</b> in person. They choose their own password at the first sign-in.
      </Text>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" id="temporary-password-label">
          Temporary password
        </Text>
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy the password'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'brand' : 'gray'} onClick={copy} aria-label="Copy the password">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code block fz="xl" fw={700} style={{ letterSpacing: '0.08em' }} aria-labelledby="temporary-password-label" data-testid="temporary-password">
        {password}
      </Code>
      <Text size="sm" c="dimmed">
        It is not shown again, and the password sent earlier no longer works.
      </Text>
    </Stack>
  );
}

/**
 * The owner's one reveal of a fresh temporary password, for someone who has not signed in yet and cannot receive the
 * e-mail: a second confirmation, then the password shown once. The server allows it once and records it.
 */
export function PasswordReveal({ userName, reveal }: { userName: string; reveal: () => Promise<string> }) {
  const [stage, setStage] = useState<'offer' | 'confirm' | 'revealing'>('offer');
  const [password, setPassword] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const confirmReveal = async () => {
    setStage('revealing');
    setProblem(null);
    try {
      setPassword(await reveal());
    } catch (error) {
      setProblem((error as Error).message);
      setStage('offer');
    }
  };

  return (
    <>
      {problem && (
        <Alert color="red" p="sm" role="alert">
          {problem}
        </Alert>
      )}
      {password && <RevealedPassword userName={userName} password={password} />}
      {stage !== 'offer' && !password && (
        <Alert color="orange" p="sm" title="Reveal the temporary password?">
          Only when {userName} cannot receive the e-mail. It is shown once, on this screen, and the reveal is recorded.
          <Group justify="flex-end" mt="sm" gap="sm">
            <Button variant="default" onClick={() => setStage('offer')} data-autofocus disabled={stage === 'revealing'}>
              No
            </Button>
            <Button color="orange" onClick={() => void confirmReveal()} loading={stage === 'revealing'}>
              Yes, reveal it
            </Button>
          </Group>
        </Alert>
      )}
      {stage === 'offer' && !password && !problem && (
        <Group justify="flex-end">
          <Button variant="light" color="orange" onClick={() => setStage('confirm')}>
            Reveal temporary password
          </Button>
        </Group>
      )}
    </>
  );
}

/**
 * After a staff account is created: the temporary password went only to the account holder (e-mail, WhatsApp),
 * never to the screen. When nothing reached them, the shop owner may reveal a fresh one, once, after confirming a
 * second time.
 */
export function SignInSentModal({ opened, userName, mailSent, whatsappSent, emailId, title = 'Account created', reveal, onClose }: SignInSentModalProps) {
  const delivered = mailSent || whatsappSent;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" closeOnClickOutside={false}>
      <Stack gap="md">
        <Text>
          <b>{userName}</b> signs in with a temporary password sent only to them, and then chooses their own.
        </Text>
        {mailSent && (
          <Alert color="brand" icon={<IconMailCheck size={18} />} p="sm">
            The sign-in was e-mailed{emailId ? ` to ${emailId}` : ''}.
          </Alert>
        )}
        {whatsappSent && (
          <Alert color="brand" icon={<IconBrandWhatsapp size={18} />} p="sm">
            It was also sent by WhatsApp.
          </Alert>
        )}
        {!delivered && (
          <Alert color="yellow" icon={<IconMailOff size={18} />} p="sm">
            The sign-in could not be sent. {reveal ? 'You can reveal a temporary password once and hand it over in person.' : 'Ask the shop owner to hand it over.'}
          </Alert>
        )}
        {reveal && !delivered && <PasswordReveal userName={userName} reveal={reveal} />}
        <Group justify="flex-end">
          <Button onClick={onClose} variant={reveal && !delivered ? 'default' : 'filled'}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
