import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountView, LedgerEntry } from '../../../../../shared/schemas/account-answers.js';
import { renderScreen, serve, signInAs, type Call } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import CustomerAccount from './customer-account.js';

// Meena may buy up to ₹1,000.00 on account and owes ₹400.00: a ₹500.00 bill, then ₹100.00 paid in cash.
const meena: AccountView = { customerId: 7, customerName: 'Meena', mobileNumber: '9876500007', onAccount: true, limit: 1000, balance: 400, entries: 3, version: 2 };
const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'entryNo' | 'kind' | 'amount' | 'balanceAfter'>): LedgerEntry => ({
  day: '2026-11-20',
  at: '2026-11-20T06:30:00.000Z',
  by: 'cashier@demo.shop',
  ...e,
});
const newest = [
  entry({ entryNo: 3, kind: 'payment', amount: -100, balanceAfter: 400, tenders: [{ method: 'cash', label: 'Cash', amount: 100 }] }),
  entry({ entryNo: 2, kind: 'bill', amount: 500, balanceAfter: 500, invoiceNumber: 'INV/2026-27/000042', approvedBy: 'manager@demo.shop' }),
];
const oldest = [entry({ entryNo: 1, kind: 'bill', amount: 0, balanceAfter: 0, invoiceNumber: 'INV/2026-27/000041' })];

type Rule = Parameters<typeof serve>[0][number];
const account = (): Rule[] => [
  ['GET /account/7', [200, meena]],
  ['GET /account/7/entries?size=20', [200, newest, { 'X-Next-Page': 'c2' }]],
  ['GET /account/7/entries?size=20&cursor=c2', [200, oldest]],
];

describe('Customer account', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the balance and limit, and the ledger newest first with the balance after each entry, a page at a time', async () => {
    signInAs('MANAGER', ['CustomerView']);
    serve([...account()]);
    const user = userEvent.setup();
    renderScreen(<CustomerAccount />, { path: '/customerAccount/:id', url: '/customerAccount/7' });

    expect(await screen.findByText('₹400.00', { selector: '[data-account-balance]' })).toBeInTheDocument();
    expect(screen.getByText('₹1,000.00')).toBeInTheDocument();
    const ledger = await screen.findByRole('table');
    const payment = within(ledger).getByRole('row', { name: /Payment received/ });
    expect(payment).toHaveTextContent('Cash ₹100.00');
    expect(payment).toHaveTextContent('-₹100.00');
    const bill = within(ledger).getByRole('row', { name: /Bill on account/ });
    expect(bill).toHaveTextContent('Invoice INV/2026-27/000042 · approved by manager@demo.shop');
    expect(bill).toHaveTextContent('₹500.00');
    // A viewer takes no payments, sets no terms and writes nothing off.
    expect(screen.queryByRole('button', { name: 'Save terms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write off' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(ledger).findByText(/INV\/2026-27\/000041/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('saves the terms with the version read, and the owner writes dues off with the reason', async () => {
    signInAs('TENANT_MANAGER', ['CustomerCredit', 'CreditWriteOff']);
    const calls: Call[] = serve([
      ...account(),
      ['PUT /account/7', [200, { ...meena, limit: 1500, version: 3 }]],
      ['POST /account/7/writeOff', [200, entry({ entryNo: 4, kind: 'writeOff', amount: -150, balanceAfter: 250, reason: 'Moved away' })]],
    ]);
    const user = userEvent.setup();
    renderScreen(<CustomerAccount />, { path: '/customerAccount/:id', url: '/customerAccount/7' });

    const limit = await screen.findByLabelText('Credit limit');
    await user.clear(limit);
    await user.type(limit, '1500');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /account/7')?.body).toEqual({ onAccount: true, limit: 1500, version: 2 });

    await user.type(screen.getByLabelText('Write off'), '150');
    await user.type(screen.getByLabelText('Reason'), 'Moved away');
    await user.click(screen.getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText('Written off; the balance is now ₹250.00.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /account/7/writeOff')?.body).toEqual({ amount: 150, reason: 'Moved away' });
  });

  it('asks for the statement of a period only when its start is not after its end', async () => {
    signInAs('MANAGER', ['CustomerCredit']);
    const calls: Call[] = serve([...account()]);
    const user = userEvent.setup();
    renderScreen(<CustomerAccount />, { path: '/customerAccount/:id', url: '/customerAccount/7' });

    const from = await screen.findByLabelText('From');
    await user.clear(from);
    await user.type(from, '01/12/2099');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '01/11/2026');
    await user.click(screen.getByRole('button', { name: 'Statement PDF' }));
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key.includes('/statement'))).toBe(false));
  });
});
