import { ActionIcon, Badge, Box, Button, Group } from '@mantine/core';
import { IconHome, IconShoppingCart } from '@tabler/icons-react';
import { lazy, startTransition, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { landingPath, type Session } from '../lib/session.js';
import { MeButton } from './me-button.js';

const AccountMenu = lazy(() => import('./account-menu.js'));

/**
 * The Me menu's code (a popover) is fetched when the pointer or the focus comes to the button; the button stays as
 * it is meanwhile, and the menu opens as soon as its code is there if the button was pressed.
 */
function MeMenu({ session }: { session: Session }) {
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const want = () => startTransition(() => setWanted(true));
  const standIn = (
    <MeButton
      session={session}
      aria-expanded={false}
      onPointerEnter={want}
      onFocus={() => {
        setHadFocus(true);
        want();
      }}
      onBlur={() => setHadFocus(false)}
      onClick={() => {
        setOpenAtOnce(true);
        want();
      }}
    />
  );
  return <Suspense fallback={standIn}>{wanted ? <AccountMenu session={session} defaultOpened={openAtOnce} focusTarget={hadFocus} /> : standIn}</Suspense>;
}

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
      <MeMenu session={session} />
    </Group>
  );
}
