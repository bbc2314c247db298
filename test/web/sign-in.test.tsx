import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SignInScreen from '../../frontend/src/features/auth/routes/sign-in.js';
import { clearSession, getSession } from '../../frontend/src/lib/session.js';
import { jsonResponse, renderWithApp, tokenAnswer } from './render.js';

type Answer = [status: number, body: unknown];

/** A stand-in server: answers by "METHOD /path" and records what was asked. */
function serve(answers: Record<string, Answer>) {
  const calls: { key: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}`;
    calls.push({ key, headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[key];
    return answer ? jsonResponse(answer[0], answer[1]) : jsonResponse(404, { message: `No route ${key}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const role = (roleId: number, name: string, features: string[]) => ({
  roleId,
  name,
  description: name,
  roleModule: [{ moduleName: 'CRM', roleFeature: features.map((featureName) => ({ featureName })) }],
});

const profile = (userName: string, roleName: string, features: string[]): Record<string, Answer> => ({
  'GET /appUser/user': [200, { appUserId: 9, userName, appUserRole: [{ roleId: 6, name: roleName }] }],
  'GET /tenant/currentTenant': [200, { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Stores', address: 'MG Road', gstNumber: '29ABCDE1234F1Z5' }],
  'GET /policy/all': [200, [{ policyId: 1, policyName: 'Return Policy' }]],
  'POST /role/rolesByIds': [200, [role(6, roleName, features)]],
});

async function submitSignIn(username: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /User Name/ }), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const landings = ['/home', '/customerHome', '/error'];

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('sign-in screen', () => {
  it('checks the user name looks like an e-mail before calling the server', async () => {
    const calls = serve({});
    renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    await submitSignIn('cashier', 'Demo@1234');
    expect(await screen.findByText('Enter the Valid UserName...')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows each field’s message on submit, focuses the first wrong one and clears a message once its field is right', async () => {
    const calls = serve({});
    renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the Valid UserName...')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /User Name/ })).toHaveFocus();

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    await waitFor(() => expect(screen.queryByText('Password is required')).not.toBeInTheDocument());
    expect(screen.getByText('Enter the Valid UserName...')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('signs a customer in: token, user, tenant, policies, roles, customer record, then /customerHome', async () => {
    const calls = serve({
      'POST /token/generate': [200, tokenAnswer(3600, undefined, 'ravi@demo.shop')],
      ...profile('ravi@demo.shop', 'CUSTOMER', ['CartEdit', 'CartList']),
      'GET /customer/appUser/9': [200, { customerId: 4, customerName: 'Ravi Kumar', mobileNumber: '9876543210', creditPoints: 0 }],
    });
    const { router } = renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    await submitSignIn('Ravi@Demo.shop ', 'Demo@1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerHome'));

    expect(calls[0]).toMatchObject({ key: 'POST /token/generate', body: { username: 'ravi@demo.shop', password: 'Demo@1234' } });
    expect(calls[0]!.headers.get('X-TenantID')).toBe('demo');
    expect(calls.slice(1, 4).map((c) => c.key).sort()).toEqual(['GET /appUser/user', 'GET /policy/all', 'GET /tenant/currentTenant']);
    expect(calls[4]).toMatchObject({ key: 'POST /role/rolesByIds', body: { roleIdList: [6] } });
    expect(calls[5]!.key).toBe('GET /customer/appUser/9');
    const session = getSession()!;
    expect(session).toMatchObject({ isCustomer: true, features: ['CartEdit', 'CartList'], customer: { customerId: 4 } });
    expect(session.policies).toEqual([{ policyId: 1, policyName: 'Return Policy' }]);
  });

  it('lands staff on /home without asking for a customer record', async () => {
    const calls = serve({ 'POST /token/generate': [200, tokenAnswer(3600)], ...profile('admin@demo.shop', 'MANAGER', ['CustomerList']) });
    const { router } = renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    await submitSignIn('admin@demo.shop', 'Demo@1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.some((c) => c.key.startsWith('GET /customer'))).toBe(false);
    expect(getSession()).toMatchObject({ isCustomer: false, features: ['CustomerList'] });
  });

  it.each([400, 401, 403])('shows the spec message on %i, stays and keeps no token', async (status) => {
    serve({ 'POST /token/generate': [status, { message: 'User Name, Password Wrong. Please enter valid Credential' }] });
    const { router } = renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    await submitSignIn('admin@demo.shop', 'Wrong@1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('User Name, Password Wrong. Please enter valid Credential');
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });

  it('goes to /error with the server’s message on 500', async () => {
    serve({ 'POST /token/generate': [500, { message: 'Something went wrong!!! Please try again.' }] });
    const { router } = renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    await submitSignIn('admin@demo.shop', 'Demo@1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(router.state.location.state).toEqual({ message: 'Something went wrong!!! Please try again.' });
  });

  it('asks an employee with a temporary password to choose one, then signs in with it', async () => {
    const calls = serve({
      'POST /token/generate': [200, { challenge: 'NEW_PASSWORD_REQUIRED', session: 'cognito-session' }],
      'POST /token/newPassword': [200, tokenAnswer(3600, undefined, 'asha@demo.shop')],
      ...profile('asha@demo.shop', 'CASHIER', ['PurchaseEdit']),
    });
    const { router } = renderWithApp(<SignInScreen />, { at: '/login', elsewhere: landings });
    await submitSignIn('asha@demo.shop', 'Temp@1234');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();

    fireEvent.change(await screen.findByLabelText(/^New Password/), { target: { value: 'Asha@2026' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Asha@2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Password Mismatch. Please enter same password in both Password field')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Asha@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((c) => c.key === 'POST /token/newPassword')!.body).toEqual({
      username: 'asha@demo.shop',
      session: 'cognito-session',
      password: 'Asha@2026',
      passwordVerify: 'Asha@2026',
    });
  });
});
