import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface BillProblemDialogProps {
  message: string;
  onClose: () => void;
}

/**
 * Calculate's message in a dialog with OK, as the specification shows validation. Its own chunk: Place Order loads
 * the dialog (and Mantine's Modal) the first time a bill has something to put right, not with the page; the till
 * keeps it for offline use with the page.
 */
export default function BillProblemDialog({ message, onClose }: BillProblemDialogProps) {
  return (
    <Modal opened onClose={onClose} title="Check the bill" withCloseButton={false} centered>
      <Stack gap="md">
        <Text role="alert">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
