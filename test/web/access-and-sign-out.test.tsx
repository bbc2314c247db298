import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_CHANGED_NOTICE, AccessChangedNotice } from '../../frontend/src/features/auth/components/access-changed-notice.js';
import SignOutScreen from '../../frontend/src/features/auth/routes/sign-out.js';
import EmployeeViewScreen from '../../frontend/src/features/employees/routes/employee-view.js';
import { callApi } from '../../frontend/src/lib/api-client.js';
import { clearSession, getSession } from '../../frontend/src/lib/session.js';
import { stockRoutes } from '../../shared/routes/stock.js';
import { CASHIER_ID, OWNER_ID, employee, renderScreen, roleOf, roles, serve, signInWith } from './people-fixtures.js';
import { jsonResponse, tokenAnswer } from './render.js';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** A screen that makes one call when asked, as any screen of the app would. */
function StockCount() {
  const [answer, setAnswer] = useState('');
  const ask = () =>
    callApi(stockRoutes.count).then(
      (count) => setAnswer(`count ${count}`),
      (error: Error) => setAnswer(error.message),
    );
  return (
    <>
      <AccessChangedNotice />
      <button type="button" onClick={() => void ask()}>
        Count
      </button>
      <p>{answer}</p>
    </>
  );
}

describe('access changed by the shop', () => {
  it('fetches a token with the new features, reloads the roles and says so, when an answer carries the mark', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const narrowed = roleOf(roles.CASHIER.roleId, 'CASHIER', ['InventoryList']);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const key = `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}`;
        calls.push(key);
        if (key === 'GET /stock/count') {
          return new Response(JSON.stringify({ message: 'You do not have permission for this action.' }), {
            status: 403,
            headers: { 'content-type': 'application/json', 'x-access-changed': '1' },
          });
        }
        if (key === 'POST /token/refresh') return jsonResponse(200, tokenAnswer(3600, undefined, 'cashier@demo.shop'));
        if (key === 'POST /role/rolesByIds') return jsonResponse(200, [narrowed]);
        return jsonResponse(404, { message: `No route ${key}` });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<StockCount />, { path: '/' });
    expect(screen.queryByText(ACCESS_CHANGED_NOTICE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Count' }));

    expect(await screen.findByRole('status')).toHaveTextContent(ACCESS_CHANGED_NOTICE);
    expect(screen.getByText('You do not have permission for this action.')).toBeInTheDocument();
    expect(calls).toEqual(['GET /stock/count', 'POST /token/refresh', 'POST /role/rolesByIds']);
    expect(getSession()?.features).toEqual(['InventoryList']);
    expect(getSession()?.roles).toEqual([narrowed]);
  });
});

describe('Sign Out', () => {
  it('ends the session on the server with the refresh token, then forgets it', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const calls = serve([['POST /token/signOut', [200, { message: 'You Logged Out Successfully' }]]]);
    renderScreen(<SignOutScreen />, { path: '/logout' });
    expect(await screen.findByText('You Logged Out Successfully')).toBeInTheDocument();
    expect(calls).toEqual([{ key: 'POST /token/signOut', body: { refreshToken: 'refresh-token-0123456789' } }]);
    expect(getSession()).toBeNull();
  });

  it('signs out everywhere from the Me menu: every session of the user ends on the server, then this device forgets it', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const calls = serve([['POST /token/signOutEverywhere', [200, { message: 'You were signed out on every device.' }]]]);
    renderScreen(<SignOutScreen />, { path: '/logout', url: '/logout?everywhere=1' });
    expect(await screen.findByText('You were signed out on every device')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['POST /token/signOutEverywhere']);
    expect(getSession()).toBeNull();
  });

  it('forgets the session on this device even when the server cannot be reached', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('offline'))));
    renderScreen(<SignOutScreen />, { path: '/logout' });
    expect(await screen.findByText('You Logged Out Successfully')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});

describe('sign out everywhere, on the employee screen', () => {
  const cashier = { ...employee({ appUserId: CASHIER_ID, userName: 'cashier@demo.shop' }), roles: [roles.CASHIER] };

  it('asks first, then ends every session of the employee and says so', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    const calls = serve([
      [`GET /appUser/detail/${CASHIER_ID}`, [200, cashier]],
      [`POST /appUser/signOut/${CASHIER_ID}`, [200, { message: 'cashier@demo.shop was signed out of every device.' }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<EmployeeViewScreen />, { path: '/userView/:id', url: `/userView/${CASHIER_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(dialog).toHaveTextContent('Sign cashier@demo.shop out of every device?');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('cashier@demo.shop was signed out of every device.');
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.key)).toEqual([`POST /appUser/signOut/${CASHIER_ID}`]);
  });

  it('lets the owner reveal the temporary password of someone not signed in yet, once, after confirming', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    let revealable = true;
    const calls = serve([
      [`GET /appUser/detail/${CASHIER_ID}`, () => [200, { ...cashier, passwordRevealable: revealable }]],
      [`POST /appUser/temporaryPassword/${CASHIER_ID}`, () => ((revealable = false), [200, { userName: 'cashier@demo.shop', temporaryPassword: 'Kq7#mPz2wR' }])],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<EmployeeViewScreen />, { path: '/userView/:id', url: `/userView/${CASHIER_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Temporary password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Temporary password' });
    await user.click(within(dialog).getByRole('button', { name: 'Reveal temporary password' }));
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reveal it' }));
    expect(await within(dialog).findByTestId('temporary-password')).toHaveTextContent('Kq7#mPz2wR');
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.key)).toEqual([`POST /appUser/temporaryPassword/${CASHIER_ID}`]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Once revealed, the record no longer offers it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Temporary password' })).not.toBeInTheDocument());
    expect(screen.queryByText('Kq7#mPz2wR')).not.toBeInTheDocument();
  });

  it('offers no reveal once the employee has signed in, nor to anyone but the owner', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    serve([[`GET /appUser/detail/${CASHIER_ID}`, [200, { ...cashier, passwordRevealable: false }]]]);
    renderScreen(<EmployeeViewScreen />, { path: '/userView/:id', url: `/userView/${CASHIER_ID}` });
    await screen.findByRole('button', { name: 'Sign out everywhere' });
    expect(screen.queryByRole('button', { name: 'Temporary password' })).not.toBeInTheDocument();
  });

  it('is not offered on one’s own record, nor without EmployeeEdit', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    serve([[`GET /appUser/detail/${CASHIER_ID}`, [200, cashier]]]);
    renderScreen(<EmployeeViewScreen />, { path: '/userView/:id', url: `/userView/${CASHIER_ID}` });
    await screen.findByText('Roles and features');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).not.toBeInTheDocument();
    // A manager without EmployeeEdit looking at their report: no button either.
    clearSession();
    signInWith('manager@demo.shop', 3, ['MANAGER']);
    serve([[`GET /appUser/detail/${CASHIER_ID}`, [200, cashier]]]);
    renderScreen(<EmployeeViewScreen />, { path: '/userView/:id', url: `/userView/${CASHIER_ID}` });
    await waitFor(() => expect(screen.getAllByText('Roles and features')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).not.toBeInTheDocument();
  });
});

describe('a changed e-mail, on one’s own record', () => {
  it('asks for the code mailed to the new address, confirms it, and says reset codes go there from now on', async () => {
    const user = userEvent.setup();
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const me = { ...employee({ appUserId: CASHIER_ID, userName: 'cashier@demo.shop' }), emailId: 'new.me@example.in', confirmedEmail: 'old.me@example.in' };
    const calls = serve([
      ['GET /appUser/user', [200, me]],
      [`GET /appUser/detail/${CASHIER_ID}`, [200, { ...me, roles: [roles.CASHIER] }]],
      ['POST /appUser/confirmEmail', ({ body }) => ((body as { code: string }).code === '123456' ? [200, { message: 'new.me@example.in is confirmed. Password reset codes go there from now on.' }] : [400, { message: 'The code is wrong or has expired.' }])],
    ]);
    renderScreen(<EmployeeViewScreen />, { path: '/userView/:id', url: `/userView/${CASHIER_ID}` });
    const box = await screen.findByRole('region', { name: 'Confirm your e-mail' });
    expect(box).toHaveTextContent('password reset codes go to old.me@example.in');
    await user.type(within(box).getByLabelText('Code'), '654321');
    await user.click(within(box).getByRole('button', { name: 'Confirm e-mail' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('The code is wrong or has expired.');
    await user.clear(within(box).getByLabelText('Code'));
    await user.type(within(box).getByLabelText('Code'), '123456');
    await user.click(within(box).getByRole('button', { name: 'Confirm e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('new.me@example.in is confirmed. Password reset codes go there from now on.');
    expect(calls.filter((c) => c.key === 'POST /appUser/confirmEmail').map((c) => c.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });
});
