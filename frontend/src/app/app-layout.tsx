import { Box, Center, Loader, Progress } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { AppFooter } from '../components/app-footer.js';
import { TopBar } from '../components/top-bar.js';
import { AccessChangedNotice } from '../features/auth/components/access-changed-notice.js';
import { ShopBusyNotice } from '../features/storefront/components/shop-busy-notice.js';
import { applyUpdateWhenIdle } from '../lib/bill-in-progress.js';
import { useSession } from '../lib/session.js';
import classes from './app-layout.module.css';

// Signed-in chrome (menus, popovers, the cart count) is code the sign-in screen never shows.
const SignedInControls = lazy(async () => ({ default: (await import('./signed-in-chrome.js')).SignedInControls }));
const SessionPopup = lazy(async () => ({ default: (await import('./signed-in-chrome.js')).SessionPopup }));
// The offline till (its IndexedDB copy and queue) is loaded only for users who bill.
const TillKeeper = lazy(() => import('../features/billing/offline/till-keeper.js'));

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
  const { pathname } = useLocation();
  // A new version of the app waiting is applied between screens (never under a half-entered bill).
  useEffect(applyUpdateWhenIdle, [pathname]);
  const loading = useNavigation().state === 'loading';
  const session = useSession();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      {/* Fixed at the top; a modal's scroll lock pads it like the page (react-remove-scroll's class name). */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        {loading && <Progress value={100} animated size={3} radius={0} className={classes.progress} aria-label="Loading" />}
        <TopBar
          accountControls={
            session && (
              <Suspense fallback={null}>
                <SignedInControls session={session} />
              </Suspense>
            )
          }
        />
      </header>
      <main className={classes.main}>
        <Box id="main" tabIndex={-1} className={classes.content}>
          {session?.features.includes('PurchaseEdit') && (
            <Suspense fallback={null}>
              <TillKeeper session={session} />
            </Suspense>
          )}
          <AccessChangedNotice />
          <ShopBusyNotice />
          <Outlet />
        </Box>
        <AppFooter />
      </main>
      {session && (
        <Suspense fallback={null}>
          <SessionPopup />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
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
