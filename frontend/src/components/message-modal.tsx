import { Button, Group, Modal, Text } from '@mantine/core';

interface MessageModalProps {
  opened: boolean;
  message: string;
  title?: string;
  onClose: () => void;
}

/** A message the user must acknowledge, with a single OK (spec 1 section 2: 'A modal shows a message with OK'). */
export function MessageModal({ opened, message, title = 'Message', onClose }: MessageModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
