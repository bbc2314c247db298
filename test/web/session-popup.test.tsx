import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSessionDialogs, SessionPopup } from '../../frontend/src/features/auth/components/session-popup.js';
import { clearSession, getSession, startSession } from '../../frontend/src/lib/session.js';
import { jsonResponse, renderWithApp, tokenAnswer } from './render.js';

const EXPIRING = 'Your Session is about to expire.';
const TIMED_OUT = 'Your Session is Timed Out.';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// The dialogs' code is fetched ahead of the warning; here it is at hand before the clock is faked.
beforeAll(async () => {
  await loadSessionDialogs();
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
  clearSession();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session popup timing', () => {
  it('shows nothing while more than 60 s are left, the warning in the last minute, then the time-out', async () => {
    startSession(tokenAnswer(5 * 60));
    renderWithApp(<SessionPopup />);
    expect(screen.queryByText(EXPIRING)).not.toBeInTheDocument();

    await advance(3 * 60_000 + 59_000); // 61 s left
    expect(screen.queryByText(EXPIRING)).not.toBeInTheDocument();

    await advance(1_000); // 60 s left
    expect(screen.getByText(EXPIRING)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
    expect(screen.queryByText(TIMED_OUT)).not.toBeInTheDocument();

    await advance(60_000); // expired
    expect(screen.queryByText(EXPIRING)).not.toBeInTheDocument();
    expect(screen.getByText(TIMED_OUT)).toBeVisible();
    expect(screen.getByRole('button', { name: 'OK' })).toBeVisible();
  });

  it('counts from when the token arrived, so a device clock hours off does not end the session early', async () => {
    const serverNow = Math.floor(Date.now() / 1000) - 3 * 3600; // the device is three hours ahead of the server
    startSession(tokenAnswer(5 * 60, serverNow));
    renderWithApp(<SessionPopup />);
    await advance(60_000);
    expect(screen.queryByText(TIMED_OUT)).not.toBeInTheDocument();
    expect(screen.queryByText(EXPIRING)).not.toBeInTheDocument();
  });

  it('OK on the time-out signs the user out', async () => {
    startSession(tokenAnswer(30));
    const { router } = renderWithApp(<SessionPopup />, { at: '/home', elsewhere: ['/logout'] });
    await advance(31_000);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/logout');
  });

  it('Logout in the warning signs the user out', async () => {
    startSession(tokenAnswer(50));
    const { router } = renderWithApp(<SessionPopup />, { at: '/home', elsewhere: ['/logout'] });
    await advance(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(router.state.location.pathname).toBe('/logout');
  });

  it('Refresh stores the new token and the warning goes away', async () => {
    startSession(tokenAnswer(45));
    const renewed = tokenAnswer(3600, Math.floor(Date.now() / 1000) + 1);
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, renewed));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<SessionPopup />);
    await advance(1_000);
    expect(screen.getByText(EXPIRING)).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await advance(1_000);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/token/refresh');
    expect(JSON.parse(String(init!.body))).toEqual({ refreshToken: 'refresh-token-0123456789' });
    expect(getSession()?.token).toBe(renewed.token);
    expect(getSession()?.expiresAt).toBe(renewed.expiresAt);
    expect(screen.queryByText(EXPIRING)).not.toBeInTheDocument();
  });

  it('keeps the warning with the reason when the refresh is refused', async () => {
    startSession(tokenAnswer(45));
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(401, { message: 'Your session has ended. Please sign in again.' })));
    renderWithApp(<SessionPopup />);
    await advance(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await advance(1_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(screen.getByText(EXPIRING)).toBeVisible();
  });

  it('shows nothing when no one is signed in', async () => {
    renderWithApp(<SessionPopup />);
    await advance(10 * 60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
