import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import ReportGeneration from './report-generation.js';

const shop = { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Stores', version: 3 } as Tenant;

async function generateCurrentStock() {
  const user = userEvent.setup({ delay: null });
  await user.click((await screen.findAllByLabelText(/Report Type/))[0]!);
  await user.click(await screen.findByRole('option', { name: 'Stock' }));
  await user.click(screen.getAllByLabelText(/Filter By/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Current Stock' }));
  await user.click(screen.getByRole('button', { name: 'Generate' }));
}

describe('Report Generation', () => {
  beforeEach(() => signInAs('MANAGER', ['ReportList']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("keeps the server's refusal of a report on the screen", async () => {
    serve([
      ['GET /tenant/currentTenant', [200, shop]],
      [/^GET \/report\/stock/, [400, { message: 'Choose a date range of at most one year.' }]],
    ]);
    const { router } = renderScreen(<ReportGeneration />, { path: '/reportGeneration', elsewhere: ['/error'] });
    await generateCurrentStock();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a date range of at most one year.');
    expect(router.state.location.pathname).toBe('/reportGeneration');
  });

  it('goes to the error screen with the message when the report fails to load', async () => {
    serve([
      ['GET /tenant/currentTenant', [200, shop]],
      [/^GET \/report\/stock/, [500, { message: 'The table is not reachable.' }]],
    ]);
    const { router } = renderScreen(<ReportGeneration />, { path: '/reportGeneration', elsewhere: ['/error'] });
    await generateCurrentStock();
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(router.state.location.state).toEqual({ message: expect.stringContaining('The table is not reachable.') });
  });
});
