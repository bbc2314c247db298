import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
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
