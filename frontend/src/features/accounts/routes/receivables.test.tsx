import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receivables as ReceivablesAnswer } from '../../../../../shared/schemas/account-answers.js';
import { renderScreen, serve, signInAs, type Call } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import Receivables from './receivables.js';

// Two customers owe: Meena ₹1,200.00 over her ₹1,000.00 limit (an approved bill), ₹700.00 of it 45 days old;
// Ravi ₹350.50, all of it this week. Asha holds an advance of ₹100.00.
const everyone: ReceivablesAnswer = {
  rows: [
    {
      customerId: 7,
      customerName: 'Meena Traders',
      mobileNumber: '9876500007',
      balance: 1200,
      limit: 1000,
      overLimit: true,
      aged: { d0to30: 500, d31to60: 700, d61to90: 0, d90plus: 0 },
      oldestUnpaid: '2026-10-15',
      daysOverdue: 45,
    },
    { customerId: 9, customerName: 'Ravi Kumar', mobileNumber: '9876500009', balance: 350.5, limit: 2000, overLimit: false, aged: { d0to30: 350.5, d31to60: 0, d61to90: 0, d90plus: 0 }, oldestUnpaid: '2026-11-26', daysOverdue: 3 },
    { customerId: 11, customerName: 'Asha', mobileNumber: '9876500011', balance: -100, limit: 500, overLimit: false, aged: { d0to30: 0, d31to60: 0, d61to90: 0, d90plus: 0 } },
  ],
  totals: { balance: 1550.5, advances: 100, d0to30: 850.5, d31to60: 700, d61to90: 0, d90plus: 0 },
  overLimit: [7],
};
const overThirty: ReceivablesAnswer = {
  rows: [everyone.rows[0]!],
  totals: { balance: 1200, advances: 0, d0to30: 500, d31to60: 700, d61to90: 0, d90plus: 0 },
  overLimit: [7],
};

const tile = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('Receivables', () => {
  beforeEach(() => signInAs('TENANT_MANAGER', ['CustomerCredit']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows who owes what, aged, with the totals, the customers over their limit and a link to each account', async () => {
    serve([['GET /accounts/receivables?minAge=0', [200, everyone]]]);
    const user = userEvent.setup();
    renderScreen(<Receivables />, { path: '/receivables', elsewhere: ['/customerAccount/:id'] });

    const table = await screen.findByRole('table');
    const meena = within(table).getByRole('row', { name: /Meena Traders/ });
    expect(within(meena).getByText('Over limit')).toBeInTheDocument();
    expect(meena).toHaveTextContent('₹1,200.00');
    expect(meena).toHaveTextContent('₹1,000.00');
    expect(meena).toHaveTextContent('₹700.00');
    expect(meena).toHaveTextContent('15/10/2026 (45 days)');
    const ravi = within(table).getByRole('row', { name: /Ravi Kumar/ });
    expect(within(ravi).queryByText('Over limit')).not.toBeInTheDocument();
    expect(ravi).toHaveTextContent('₹350.50');
    expect(within(tile('Total due')).getByText('₹1,550.50')).toBeInTheDocument();
    expect(within(tile('0–30 days')).getByText('₹850.50')).toBeInTheDocument();
    expect(within(tile('31–60 days')).getByText('₹700.00')).toBeInTheDocument();

    await user.click(within(meena).getByRole('link', { name: 'Meena Traders' }));
    expect(await screen.findByText('page /customerAccount/:id')).toBeInTheDocument();
  });

  it('keeps customers whose oldest unpaid bill is at least the age typed, and reminds all of them at once', async () => {
    const calls: Call[] = serve([
      ['GET /accounts/receivables?minAge=0', [200, everyone]],
      ['GET /accounts/receivables?minAge=30', [200, overThirty]],
      ['POST /accounts/remind', [200, { sent: [7], emailed: [7], skipped: [] }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Receivables />, { path: '/receivables' });
    await screen.findByRole('row', { name: /Ravi Kumar/ });

    const age = screen.getByLabelText('Oldest unpaid bill at least (days)');
    await user.clear(age);
    await user.type(age, '30');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ravi Kumar/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Meena Traders/ })).toBeInTheDocument();
    expect(within(tile('Total due')).getByText('₹1,200.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remind all shown' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reminded 1 customer(s) on WhatsApp (1 by e-mail too).');
    expect(calls.filter((c) => c.key === 'POST /accounts/remind').map((c) => c.body)).toEqual([{ minAge: 30 }]);
  });

  it('says so when the reminders could not be sent', async () => {
    serve([
      ['GET /accounts/receivables?minAge=0', [200, everyone]],
      ['POST /accounts/remind', [503, { message: 'Service unavailable' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Receivables />, { path: '/receivables' });
    await user.click(await screen.findByRole('button', { name: 'Remind all shown' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The reminders could not be sent. Try again.');
  });
});
