import { Button, Group, UnstyledButton } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { landingPath, useSession } from '../lib/session.js';
import { BrandMark } from './brand-mark.js';

interface TopBarProps {
  /** What a signed-in user sees on the right (components/account-controls.tsx, loaded with signed-in screens). */
  accountControls?: ReactNode;
}

/** Top bar (spec 1 section 2): Login when signed out; otherwise Home, the Me menu and, for customers, the Cart. */
export function TopBar({ accountControls }: TopBarProps) {
  const session = useSession();
  const { pathname } = useLocation();
  const home = landingPath(session);
  // The sign-in and signed-out screens carry their own way to sign in.
  const onSignIn = ['/', '/login', '/logout'].includes(pathname);

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
      <UnstyledButton component={Link} to={session ? home : '/'} aria-label="ShopDesk home">
        <BrandMark shopName={session?.tenant?.displayName} />
      </UnstyledButton>

      {session ? (
        accountControls
      ) : (
        !onSignIn && (
          <Button component={Link} to="/login" leftSection={<IconLogin2 size={18} />} variant="light">
            Login
          </Button>
        )
      )}
    </Group>
  );
}
