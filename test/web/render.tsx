import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '../../frontend/src/app/theme.js';

interface RenderOptions {
  /** The path the element is shown at. */
  at?: string;
  /** The route's pattern when it has parameters, e.g. '/policies/:policyName'; else `at`. */
  path?: string;
  /** Other paths the test may navigate to, each showing its own marker text. */
  elsewhere?: string[];
  /** Other screens the test goes through, at their paths (a screen and the form it opens). */
  screens?: { path: string; element: ReactElement }[];
}

/** Renders a screen or component with the app's providers (Mantine without transitions, a fresh query client). */
export function renderWithApp(element: ReactElement, { at = '/', path = at, elsewhere = [], screens = [] }: RenderOptions = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      ...screens,
      ...elsewhere.map((path) => ({ path, element: <p>page {path}</p> })),
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}

/** A JWT-shaped token with the given claims; the app reads claims but never checks signatures. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A token answer as the sign-in and refresh calls give it, valid for `seconds` from `issuedAt` (seconds). */
export function tokenAnswer(seconds: number, issuedAt = Math.floor(Date.now() / 1000), email = 'admin@demo.shop') {
  const expiresAt = issuedAt + seconds;
  return {
    token: fakeToken({ email, iat: issuedAt, exp: expiresAt, 'custom:tenantId': 'demo' }),
    refreshToken: 'refresh-token-0123456789',
    expiresAt,
  };
}

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
