import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient, errorText } from '../lib/query-client.js';
import { AppLayout, FirstLoad } from './app-layout.js';
import { RouteError } from './route-error.js';
import { screenRouteObjects } from './route-table.js';
import { theme } from './theme.js';

function createApp() {
  const router = createBrowserRouter([
    {
      Component: AppLayout,
      HydrateFallback: FirstLoad,
      ErrorBoundary: RouteError,
      children: screenRouteObjects(),
    },
  ]);
  // Failed reads and saves go to the error screen with the server's message (spec 1 section 8).
  const queryClient = createQueryClient((error) => void router.navigate('/error', { state: { message: errorText(error) } }));
  return { router, queryClient };
}

export function App() {
  const [{ router, queryClient }] = useState(createApp);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
