import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireSignIn } from '../../frontend/src/app/guards.js';
import SignInScreen from '../../frontend/src/features/auth/routes/sign-in.js';
import TwoStepScreen from '../../frontend/src/features/auth/routes/two-step.js';
import { clearSession, getSession, startSession, updateSession } from '../../frontend/src/lib/session.js';
import { jsonResponse, renderWithApp, tokenAnswer } from './render.js';

type Answer = [status: number, body: unknown];

/** A stand-in server: answers by "METHOD /path" (a list is answered in turn) and records what was asked. */
function serve(answers: Record<string, Answer | Answer[]>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}`;
      calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const listed = answers[key];
      const answer = Array.isArray(listed?.[0]) ? (listed as Answer[]).shift() : (listed as Answer | undefined);
      return answer ? jsonResponse(answer[0], answer[1]) : jsonResponse(404, { message: `No route ${key}` });
    }),
  );
  return calls;
}

const adminRole = { roleId: 1, name: 'ADMIN', description: 'ADMIN', roleModule: [{ moduleName: 'ADMIN', roleFeature: [{ featureName: 'TenantAdmin' }] }] };
const platformProfile: Record<string, Answer> = {
  'GET /appUser/user': [200, { appUserId: 1, userName: 'admin@platform.shop', appUserRole: [{ roleId: 1, name: 'ADMIN' }] }],
  'GET /tenant/currentTenant': [200, { tenantId: 'platform', tenantName: 'platform', displayName: 'Platform administration', address: 'Platform', gstNumber: '' }],
  'GET /policy/all': [200, []],
  'POST /role/rolesByIds': [200, [adminRole]],
};

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Shop%3Aadmin%40platform.shop?secret=${SECRET}&issuer=Shop&algorithm=SHA1&digits=6&period=30`;

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('two-step sign-in', () => {
  it('sign-in asks for the authenticator code after the password, then signs in with it', async () => {
    const calls = serve({
      'POST /token/generate': [200, { challenge: 'SOFTWARE_TOKEN_MFA', session: 'mfa-session' }],
      'POST /token/mfa': [[401, { message: 'The code is wrong. Enter the 6-digit code your authenticator app shows now.' }], [200, tokenAnswer(3600, undefined, 'admin@platform.shop')]],
      'GET /token/mfa/status': [200, { enabled: true, allowed: true, required: true }],
      ...platformProfile,
    });
    const { router } = renderWithApp(<SignInScreen />, { at: '/login', elsewhere: ['/home', '/customerHome', '/error'] });
    fireEvent.change(screen.getByRole('textbox', { name: /User Name/ }), { target: { value: 'admin@platform.shop' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(getSession()).toBeNull();

    const code = await screen.findByRole('textbox', { name: /6-digit code/ });
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /token/mfa')).toBe(false);

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong.');

    fireEvent.change(code, { target: { value: '287082' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.filter((c) => c.key === 'POST /token/mfa').at(-1)!.body).toEqual({ username: 'admin@platform.shop', session: 'mfa-session', code: '287082' });
    expect(getSession()?.mfaSetupDue).toBe(false);
  });

  it('a platform admin without it is sent to the set-up screen, which shows the QR code and the secret and confirms with a code', async () => {
    startSession(tokenAnswer(3600, undefined, 'admin@platform.shop'));
    updateSession({ userName: 'admin@platform.shop', user: { appUserId: 1, userName: 'admin@platform.shop', appUserRole: [] }, roles: [adminRole], mfaSetupDue: true });
    const calls = serve({
      'GET /token/mfa/status': [200, { enabled: false, allowed: true, required: true }],
      'POST /token/mfa/setup': [200, { secret: SECRET, uri: URI }],
      'POST /token/mfa/confirm': [[400, { message: 'The code is wrong. Enter the 6-digit code your authenticator app shows now.' }], [200, { enabled: true, allowed: true, required: true }]],
    });
    const { router } = renderWithApp(<RequireSignIn />, { at: '/home', path: '/home', screens: [{ path: '/twoStep', element: <TwoStepScreen /> }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/twoStep'));
    expect(await screen.findByText('Platform admins must use two-step sign-in. Set it up to continue.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('data-otpauth', URI);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(SECRET)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /token/mfa/setup')!.body).toEqual({ refreshToken: 'refresh-token-0123456789' });

    const code = screen.getByRole('textbox', { name: /6-digit code/ });
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong.');
    expect(getSession()?.mfaSetupDue).toBe(true);

    fireEvent.change(code, { target: { value: '287082' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('Two-step sign-in is on')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /token/mfa/confirm').at(-1)!.body).toEqual({ refreshToken: 'refresh-token-0123456789', code: '287082' });
    expect(getSession()?.mfaSetupDue).toBe(false);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/home');
  });
});
