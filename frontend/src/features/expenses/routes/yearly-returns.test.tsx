import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentFinancialYear } from '../../../../../shared/financial-year.js';
import type { YearlyReturns } from '../../../../../shared/schemas/expense.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import YearlyReturnsScreen from './yearly-returns.js';

const year = currentFinancialYear(new Date());
const plain = { boughtAmount: 0, onlineCredit: 0, cashCredit: 0, returns: 0, soldAmount: 0, expense: 0, profit: 0, grossSold: 0, pointsRedeemed: 0, cost: 0 };

describe('Yearly Returns with customer credit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows On Account and Dues Collected beside the money received, and the profit worked with them', async () => {
    // June: ₹200 in cash, ₹800 on account, ₹250 of dues paid; July: ₹200 credited back, ₹100 paid, ₹100 written off.
    const june = { ...plain, transactionMonth: `${year}-06`, cashCredit: 200, grossSold: 200, soldAmount: 200, boughtAmount: 750, cost: 750, onAccount: 800, duesCollected: 250, writtenOff: 0, profit: 250 };
    const july = { ...plain, transactionMonth: `${year}-07`, boughtAmount: -150, onAccount: -200, duesCollected: 100, writtenOff: 100, profit: -150 };
    const answer: YearlyReturns = {
      year,
      basis: 'financial',
      label: `FY ${year}-${String((year + 1) % 100).padStart(2, '0')}`,
      rows: [june, july],
      totals: { ...plain, cashCredit: 200, grossSold: 200, soldAmount: 200, boughtAmount: 600, cost: 750, onAccount: 600, duesCollected: 350, writtenOff: 100, profit: 100 },
      returnPercentage: 0,
      profit: 100,
    };
    serve([[`GET /expense/yearlyReturns/${year}?basis=financial`, [200, answer]]]);
    signInAs('ADMIN', ['YearlyReturnList']);
    renderScreen(<YearlyReturnsScreen />, { path: '/yearlyReturn' });
    const totals = await screen.findByRole('row', { name: 'Totals' });
    const table = screen.getByRole('table', { name: /^Yearly returns of / });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Month', 'Bought', 'Online Credit', 'Cash Credit', 'Returns', 'Net Sold', 'On Account', 'Dues Collected', 'Expense', 'Profit',
    ]);
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['₹600.00', '₹0.00', '₹200.00', '₹0.00', '₹200.00', '₹600.00', '₹350.00', '₹0.00', '₹100.00']);
    expect(screen.getByText('Net sold on account').nextSibling).toHaveTextContent('₹600.00');
    expect(screen.getByText('Dues written off').nextSibling).toHaveTextContent('₹100.00');
    expect(screen.getByText(/Profit = Net Sold \+ On Account − Bought − Expense − dues written off\./)).toBeInTheDocument();
  });
});
