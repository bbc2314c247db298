import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

/** A form the user's role may not use: what they can do instead, and the way back to the list. */
export function NotAllowed({ what, back }: { what: string; back: string }) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
        Your role does not allow changing {what}. Ask your shop administrator if you need it.
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(back)}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
