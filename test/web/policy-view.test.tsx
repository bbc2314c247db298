import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PolicyViewScreen from '../../frontend/src/features/policies/routes/policy-view.js';
import { clearSession, startSession } from '../../frontend/src/lib/session.js';
import { jsonResponse, renderWithApp, tokenAnswer } from './render.js';

const policy = (policyName: string, imageUrl?: string) => ({
  policyId: 3,
  policyName,
  createdOn: '2026-04-02',
  ...(imageUrl ? { imageUrl } : {}),
});

function serve(policyName: string, answer: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input) === `/api/policy/byName/${encodeURIComponent(policyName)}` ? jsonResponse(200, answer) : jsonResponse(404, { message: 'No route' }),
    ),
  );
}

const PATH = '/policies/:policyName';

beforeEach(() => {
  clearSession();
  startSession(tokenAnswer(3600));
});
afterEach(() => vi.unstubAllGlobals());

describe('policy page of a footer link', () => {
  it('shows the return policy as text, with the shop’s uploaded copy below it', async () => {
    serve('Return Policy', policy('Return Policy', 'https://images.example/return.png'));
    renderWithApp(<PolicyViewScreen />, { at: '/policies/Return Policy', path: PATH });
    const text = await screen.findByRole('region', { name: 'Return Policy' });
    expect(text).toHaveTextContent('Products can be returned or replaced within 2 days of delivery');
    expect(screen.getByRole('img', { name: 'Return Policy' })).toBeInTheDocument();
    expect(screen.getByText('The shop’s copy of its Return Policy')).toBeInTheDocument();
  });

  it.each([
    ['Shipping and Delivery', 'Cash on delivery is allowed.'],
    ['Privacy Policy', 'They are not sold or shared with anyone else.'],
    ['Terms and Conditions', 'An order is confirmed once the payment succeeds.'],
  ])('shows %s as text even without a picture', async (name, line) => {
    serve(name, policy(name));
    renderWithApp(<PolicyViewScreen />, { at: `/policies/${name}`, path: PATH });
    expect(await screen.findByRole('region', { name })).toHaveTextContent(line);
    expect(screen.queryByText('This policy has no picture yet.')).not.toBeInTheDocument();
  });

  it('shows any other policy as its picture only', async () => {
    serve('Exchange Offer', policy('Exchange Offer', 'https://images.example/offer.png'));
    renderWithApp(<PolicyViewScreen />, { at: '/policies/Exchange Offer', path: PATH });
    expect(await screen.findByRole('img', { name: 'Exchange Offer' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
