import { AppShell, Box, Center, Loader, Progress } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { AppFooter } from '../components/app-footer.js';
import { TopBar } from '../components/top-bar.js';
import { AccessChangedNotice } from '../features/auth/components/access-changed-notice.js';
import { SessionPopup } from '../features/auth/components/session-popup.js';
import { useCartCount } from '../features/storefront/api/cart.js';
import classes from './app-layout.module.css';

/** Old links of the hash-routed client (`/#/home`) open the same screen here; `/#/` is the sign-in screen. */
function useHashRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (location.pathname === '/' && location.hash.startsWith('#/')) navigate(location.hash.slice(1) || '/', { replace: true });
  }, [location.pathname, location.hash, navigate]);
}

/** Top bar, the screen, the footer, and the session popup over everything (spec 1 section 2). */
export function AppLayout() {
  useHashRedirect();
  const loading = useNavigation().state === 'loading';
  const cartCount = useCartCount();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        {loading && <Progress value={100} animated size={3} radius={0} className={classes.progress} aria-label="Loading" />}
        <TopBar cartCount={cartCount} />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Box id="main" tabIndex={-1} className={classes.content}>
          <AccessChangedNotice />
          <Outlet />
        </Box>
        <AppFooter />
      </AppShell.Main>
      <SessionPopup />
      <ScrollRestoration />
    </AppShell>
  );
}

/** Shown while the first screen's code loads. */
export function FirstLoad() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
