import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SignInEnded } from '../lib/api-client.js';
import { createQueryClient, errorText } from '../lib/query-client.js';
import { endSession, getSession, sessionEndReason } from '../lib/session.js';
import { AppLayout, FirstLoad } from './app-layout.js';
import { RouteError } from './route-error.js';
import { screenRouteObjects } from './route-table.js';
import { cssVariablesResolver, theme } from './theme.js';

function createApp() {
  const router = createBrowserRouter([
    {
      Component: AppLayout,
      HydrateFallback: FirstLoad,
      ErrorBoundary: RouteError,
      children: screenRouteObjects(),
    },
  ]);
  // Failed reads and saves go to the error screen with the server's message (spec 1 section 8). A sign-in the
  // server no longer honours (a deleted account, a closed shop) ends the session and says why on the sign-in screen.
  const queryClient = createQueryClient((error) => {
    if (error instanceof SignInEnded) {
      // The screen's guard, seeing no session, moves to sign-in with the reason.
      endSession(error.message);
      queryClient.clear();
      return;
    }
    // Calls still under way when the session ended fail without a token; sign-in already says why.
    if (!getSession() && sessionEndReason()) return;
    void router.navigate('/error', { state: { message: errorText(error) } });
  });
  return { router, queryClient };
}

export function App() {
  const [{ router, queryClient }] = useState(createApp);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
