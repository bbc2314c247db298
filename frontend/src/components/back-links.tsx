import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';

/** The 'Back' link to /home at the foot of a report screen (spec 2 and 3: "a Back link to /home"). */
export function BackHome() {
  return (
    <Anchor component={Link} to="/home">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        Back
      </Group>
    </Anchor>
  );
}

/** The 'Back' button to /home among a list screen's header actions. */
export function BackButton() {
  return (
    <Button component={Link} to="/home" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Back
    </Button>
  );
}

/** A list screen's header actions: Back to /home and, when the user may add, the button that adds a record. */
export function ListActions({ add }: { add: { show: boolean; to: string; label: string; icon?: ComponentType<{ size?: number }> } }) {
  const AddIcon = add.icon ?? IconPlus;
  return (
    <>
      <BackButton />
      {add.show && (
        <Button component={Link} to={add.to} leftSection={<AddIcon size={16} />}>
          {add.label}
        </Button>
      )}
    </>
  );
}
