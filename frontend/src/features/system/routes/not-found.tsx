import { Button, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { landingPath, useSession } from '../../../lib/session.js';

/** A path that is not in the route table. */
export default function NotFoundScreen() {
  const session = useSession();
  return (
    <Page title="Page not found" size="sm">
      <EmptyState
        icon={<IconMapOff size={28} />}
        variant="light"
        title="There is no page at this address"
        description="Check the address, or start again from your home page."
      >
        <Button component={Link} to={session ? landingPath(session) : '/login'} mt="md">
          Go home
        </Button>
      </EmptyState>
    </Page>
  );
}
