import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { theme } from '../../frontend/src/app/theme.js';
import { startSession, updateSession } from '../../frontend/src/lib/session.js';
import type { FeatureName } from '../../shared/features.js';
import type { Leave, LeaveBalance, LeaveType } from '../../shared/schemas/leave.js';
import { jsonResponse, tokenAnswer } from './render.js';

/** Status, body and any headers the answer carries (`X-Next-Page`). */
export type Answer = [status: number, body: unknown, headers?: Record<string, string>];
export interface Call {
  /** `METHOD /path?query` without the /api prefix. */
  key: string;
  body: unknown;
}

/**
 * A stand-in API: the first rule whose pattern matches `METHOD /path?query` answers (a function may look at the
 * call, or answer later); unknown calls get 404. Records every call.
 */
export function serve(rules: [pattern: string | RegExp, answer: Answer | ((call: Call) => Answer | Promise<Answer>)][]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const call = { key: `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}`, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const rule = rules.find(([pattern]) => (typeof pattern === 'string' ? pattern === call.key : pattern.test(call.key)));
      if (!rule) return jsonResponse(404, { message: `No route ${call.key}` });
      const [status, body, headers] = typeof rule[1] === 'function' ? await rule[1](call) : rule[1];
      return jsonResponse(status, body, headers);
    }),
  );
  return calls;
}

export const CASHIER_ID = 12;
export const MANAGER_ID = 4;

export function signInAs(role: 'CASHIER' | 'MANAGER' | 'HR' | 'TENANT_MANAGER' | 'ADMIN', features: FeatureName[], appUserId = role === 'MANAGER' ? MANAGER_ID : CASHIER_ID) {
  const userName = `${role.toLowerCase()}@demo.shop`;
  startSession(tokenAnswer(3600, undefined, userName));
  updateSession({
    userName,
    user: { appUserId, userName, appUserRole: [{ roleId: 1, name: role }] },
    roles: [{ roleId: 1, name: role, description: role, roleModule: [] }],
    features,
  });
}

/** Renders a screen at a route pattern (`/leaveSystem/:id`) opened at a concrete address, with the app's providers. */
export function renderScreen(element: ReactElement, { path, url = path, elsewhere = [] }: { path: string; url?: string; elsewhere?: string[] }) {
  const router = createMemoryRouter(
    [{ path, element }, ...elsewhere.map((other) => ({ path: other, element: <p>page {other}</p> }))],
    { initialEntries: [url] },
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

export const types: LeaveType[] = [
  { leaveMasterId: 1, leaveType: 'Casual Leave', allowance: 12 },
  { leaveMasterId: 2, leaveType: 'Sick Leave', allowance: 8 },
];

export const balances = (casualLeft = 10, sickLeft = 8, year = 2026): LeaveBalance[] => [
  { leaveMasterId: 1, leaveName: 'Casual Leave', year, allowance: 12, used: 12 - casualLeft, remainingLeave: casualLeft },
  { leaveMasterId: 2, leaveName: 'Sick Leave', year, allowance: 8, used: 8 - sickLeft, remainingLeave: sickLeft },
];

export function leave(changes: Partial<Leave> & Pick<Leave, 'leaveSystemId' | 'status'>): Leave {
  return {
    userId: CASHIER_ID,
    userName: 'cashier@demo.shop',
    managerId: MANAGER_ID,
    managerName: 'manager@demo.shop',
    leaveMasterId: 1,
    leaveType: 'Casual Leave',
    days: 2,
    startDate: '2026-12-01',
    endDate: '2026-12-02',
    reason: 'Family function',
    remainingDays: 10,
    version: 1,
    lastUpdated: '2026-11-20T05:00:00.000Z',
    createdOn: '2026-11-20T05:00:00.000Z',
    ...changes,
  };
}
