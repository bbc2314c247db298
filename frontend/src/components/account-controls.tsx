import { ActionIcon, Avatar, Badge, Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHeart, IconHome, IconInfoCircle, IconLogout, IconPackage, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { displayName, landingPath, type Session } from '../lib/session.js';

interface AccountControlsProps {
  session: Session;
  /** Items in the customer's cart, once the storefront knows it. */
  cartCount?: number;
}

/**
 * The signed-in half of the top bar: Home, the Me menu and, for customers, the Cart. Loaded with the first signed-in
 * screen, so the sign-in screen does not carry the menu's popover code.
 */
export function AccountControls({ session, cartCount }: AccountControlsProps) {
  const navigate = useNavigate();
  const home = landingPath(session);
  return (
    <Group gap={6} wrap="nowrap">
      <Button component={Link} to={home} variant="subtle" color="gray" leftSection={<IconHome size={18} />} visibleFrom="sm">
        Home
      </Button>
      <ActionIcon component={Link} to={home} variant="subtle" color="gray" size="lg" aria-label="Home" hiddenFrom="sm">
        <IconHome size={20} />
      </ActionIcon>
      {session.isCustomer && (
        <Button
          component={Link}
          to="/cart"
          variant="subtle"
          color="gray"
          px="xs"
          aria-label={cartCount === undefined ? 'Cart' : `Cart, ${cartCount} items`}
          leftSection={<IconShoppingCart size={20} />}
          rightSection={
            cartCount === undefined ? null : (
              <Badge size="sm" circle={cartCount < 10} color="saffron.7">
                {cartCount}
              </Badge>
            )
          }
        >
          <Box component="span" visibleFrom="sm">
            Cart
          </Box>
        </Button>
      )}
      <Menu position="bottom-end" width={230} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="Me menu" px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Group gap={6} wrap="nowrap">
              <Avatar size={32} radius="xl" color="brand" name={displayName(session)} />
              <Text size="sm" fw={600} visibleFrom="sm">
                Me
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
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
          <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={() => navigate('/about')}>
            Info
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => navigate('/logout')}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
