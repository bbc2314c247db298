import { Menu, Text } from '@mantine/core';
import { IconDevicesOff, IconHeart, IconInfoCircle, IconLogout, IconPackage, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROLE } from '../../../shared/roles.js';
import { displayName, type Session } from '../lib/session.js';
import { MeButton } from './me-button.js';

interface AccountMenuProps {
  session: Session;
  /** The button was pressed while the menu's code was on its way. */
  defaultOpened: boolean;
  /** The button had the keyboard's focus, which stays on the menu's own button. */
  focusTarget: boolean;
}

/** The Me menu of the top bar (account-controls.tsx loads it when the user comes to the button). */
export default function AccountMenu({ session, defaultOpened, focusTarget }: AccountMenuProps) {
  const navigate = useNavigate();
  const target = useRef<HTMLButtonElement>(null);
  // Once, when the menu replaces the stand-in button.
  useEffect(() => {
    if (focusTarget) target.current?.focus();
  }, [focusTarget]);
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <MeButton ref={target} session={session} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            Hello, {displayName(session)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {session.userName}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => navigate('/account')}>
          My Account
        </Menu.Item>
        {session.isCustomer && (
          <>
            <Menu.Item leftSection={<IconPackage size={16} />} onClick={() => navigate('/order')}>
              My Order Details
            </Menu.Item>
            <Menu.Item leftSection={<IconHeart size={16} />} onClick={() => navigate('/wish')}>
              My WishList
            </Menu.Item>
          </>
        )}
        {session.roles.some((role) => role.name === ROLE.ADMIN || role.name === ROLE.TENANT_MANAGER) && (
          <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => navigate('/twoStep')}>
            Two-step sign-in
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={() => navigate('/about')}>
          Info
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => navigate('/logout')}>
          Sign Out
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconDevicesOff size={16} />} onClick={() => navigate('/logout?everywhere=1')}>
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
