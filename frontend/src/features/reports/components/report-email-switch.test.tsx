import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { ReportEmailSwitch } from './report-email-switch.js';

const shop = { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Stores', version: 3 } as Tenant;

beforeEach(() => {
  clearSession();
  signInAs('TENANT_MANAGER', ['ReportList']);
});
afterEach(() => vi.unstubAllGlobals());

describe('daily report e-mail switch', () => {
  it("is the owner's: a manager sees it but cannot switch it", async () => {
    signInAs('MANAGER', ['ReportList']);
    serve([['GET /tenant/currentTenant', [200, shop]]]);
    renderScreen(<ReportEmailSwitch />, { path: '/reportGeneration' });
    const toggle = await screen.findByRole('switch', { name: /E-mail the daily report to the shop's managers/ });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Only the shop owner or an admin can switch the daily report e-mail on or off.')).toBeInTheDocument();
  });

  it('is on for a shop that never switched it, and switching it off asks the server', async () => {
    const calls = serve([
      ['GET /tenant/currentTenant', [200, shop]],
      ['PUT /tenant/currentTenant/reportEmails', [200, { ...shop, reportEmails: false, version: 4 }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportEmailSwitch />, { path: '/reportGeneration' });
    const toggle = await screen.findByRole('switch', { name: /E-mail the daily report to the shop's managers/ });
    expect(toggle).toBeChecked();
    expect(screen.getByText(/Every day at 9 pm/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((c) => c.key === 'PUT /tenant/currentTenant/reportEmails')?.body).toEqual({ reportEmails: false });
    expect(screen.getByText('Switched off: no daily report is sent until it is switched on again.')).toBeInTheDocument();
  });

  it("keeps the shop's setting and shows the server's reason when the change is refused", async () => {
    serve([
      ['GET /tenant/currentTenant', [200, { ...shop, reportEmails: false }]],
      ['PUT /tenant/currentTenant/reportEmails', [403, { message: 'You do not have access to this feature.' }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportEmailSwitch />, { path: '/reportGeneration' });
    const toggle = await screen.findByRole('switch');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('You do not have access to this feature.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
