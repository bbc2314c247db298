import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../../../shared/schemas/account.js';
import { onAccountOf } from '../../../../../shared/tenders.js';
import { renderWithApp } from '../../../../../test/web/render.js';
import type { TillAccount } from '../api/account.js';
import { OFFLINE_APPROVAL } from '../offline/keep-offline-bill.js';
import { AccountAtTill } from './account-at-till.js';
import { emptyTenderDraft, TenderPanel, tendersBody, tendersOfDraft, type TenderDraft } from './tender-panel.js';

const buyer = { customerId: 7, customerName: 'Ramesh@demo.shop', mobileNumber: '9876543210', creditPoints: 0 };
const ramesh: AccountView = { customerId: 7, customerName: 'Ramesh', mobileNumber: '9876543210', onAccount: true, limit: 5000, balance: 4500, entries: 3, version: 2 };

/** Place Order's payment with the customer's account beside it, and what Save would send. */
function Harness({ account, net }: { account: TillAccount; net: number }) {
  const [draft, setDraft] = useState<TenderDraft>(emptyTenderDraft);
  const [approval, setApproval] = useState('');
  return (
    <>
      <TenderPanel mode="Cash" net={net} draft={draft} onChange={setDraft} onAccount={account.onAccount} />
      <AccountAtTill account={account} customer={buyer} onAccount={onAccountOf(tendersOfDraft(draft, 'Cash', net))} approval={approval} onApproval={setApproval} />
      <output data-testid="sent">{JSON.stringify(tendersBody(draft, 'Cash', net) ?? null)}</output>
    </>
  );
}

describe('selling on account at the till', () => {
  it('offers "On account" as a part for a customer who may buy on account, shows the balance after it, and asks a manager past the limit', async () => {
    renderWithApp(<Harness account={ramesh} net={120_000} />);
    expect(screen.getByText('On account: owes ₹4,500.00 of a ₹5,000.00 limit')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.click(screen.getByLabelText('Part 1 method'));
    fireEvent.click(await screen.findByRole('option', { name: 'On account' }));
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '1200' } });
    expect(JSON.parse(screen.getByTestId('sent').textContent!)).toEqual([{ method: 'account', amount: 1200 }]);
    const box = screen.getByText(/On account: owes/).closest('[data-account-at-till]') as HTMLElement;
    expect(within(box).getByText('On account: owes ₹4,500.00 of a ₹5,000.00 limit · after this bill ₹5,700.00')).toBeInTheDocument();
    expect(within(box).getByText('This bill takes Ramesh past the credit limit: a manager can approve it.')).toBeInTheDocument();
    fireEvent.change(within(box).getByLabelText("Manager's approval code"), { target: { value: '12a3456' } });
    expect(within(box).getByLabelText("Manager's approval code")).toHaveValue('123456');
  });

  it('offline, past the device\'s limit, says a manager\'s code cannot be checked and asks for none', async () => {
    renderWithApp(<Harness account={{ ...ramesh, onDevice: true }} net={120_000} />);
    expect(screen.getByText('On account: owes ₹4,500.00 of a ₹5,000.00 limit (this device’s copy)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.click(screen.getByLabelText('Part 1 method'));
    fireEvent.click(await screen.findByRole('option', { name: 'On account' }));
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '500' } });
    expect(screen.queryByText(/past the credit limit/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '500.01' } });
    expect(screen.getByText(`This bill takes Ramesh past the credit limit. ${OFFLINE_APPROVAL}`)).toBeInTheDocument();
    expect(screen.queryByLabelText("Manager's approval code")).not.toBeInTheDocument();
  });

  it('offers no account part to a customer not allowed to buy on account', async () => {
    renderWithApp(<Harness account={{ ...ramesh, onAccount: false }} net={120_000} />);
    expect(screen.queryByText(/On account: owes/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.click(screen.getByLabelText('Part 1 method'));
    expect(await screen.findByRole('option', { name: 'Card' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'On account' })).not.toBeInTheDocument();
  });
});
