import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconMailCheck, IconMailOff } from '@tabler/icons-react';

interface TemporaryPasswordModalProps {
  opened: boolean;
  /** The sign-in name of the new account. */
  userName: string;
  temporaryPassword: string;
  /** Whether the server could also e-mail the password. */
  mailSent: boolean;
  /** Where the mail went, for the note. */
  emailId?: string;
  title?: string;
  onClose: () => void;
}

/**
 * The first password of a new staff account, shown once so the creator can hand it over (the server never answers
 * it again). The account holder replaces it at the first sign-in.
 */
export function TemporaryPasswordModal({
  opened,
  userName,
  temporaryPassword,
  mailSent,
  emailId,
  title = 'Temporary password',
  onClose,
}: TemporaryPasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" closeOnClickOutside={false}>
      <Stack gap="md">
        <Text>
          Give these to <b>{userName}</b>. They choose their own password at the first sign-in.
        </Text>
        <Stack gap={6}>
          <Text size="sm" c="dimmed" id="temporary-user-name-label">
            User Name
          </Text>
          <Code block fz="md" aria-labelledby="temporary-user-name-label">
            {userName}
          </Code>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" id="temporary-password-label">
              Temporary password
            </Text>
            <CopyButton value={temporaryPassword}>
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
            {temporaryPassword}
          </Code>
        </Stack>
        {mailSent ? (
          <Alert color="brand" icon={<IconMailCheck size={18} />} p="sm">
            It was also e-mailed{emailId ? ` to ${emailId}` : ''}.
          </Alert>
        ) : (
          <Alert color="yellow" icon={<IconMailOff size={18} />} p="sm">
            The e-mail could not be sent. Note the password now: it is not shown again.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
