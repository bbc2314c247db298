import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopDay } from '../../../../../shared/bill.js';
import type { MonthlySales as MonthlySalesReport } from '../../../../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs, type Call } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { financialYearLabel } from '../../../../../shared/financial-year.js';
import { recentFinancialYears } from '../../../components/period.js';
import MonthlySales, { yearsUpTo } from './monthly-sales.js';

const [thisYear, thisMonth] = shopDay(new Date()).split('-').map(Number) as [number, number];

// Two days of March 2024: 3 cash bills ₹1,250.50 and 1 online ₹480.00 on the 4th, 2 cash ₹310.00 on the 5th;
// ₹20.00 of goods paid with points; a cash refund of ₹60.50 on the 5th; expenses ₹300.00 in cash and ₹200.00
// online: cash in hand 1,560.50 − 60.50 − 300.00 = ₹1,200.00, online balance 480.00 − 200.00 = ₹280.00.
const zero = { cash: 0, online: 0, total: 0 };
const figures = (f: Partial<MonthlySalesReport['figures']> = {}): MonthlySalesReport['figures'] => ({
  bills: zero,
  units: { sold: 0, returned: 0, net: 0 },
  goodsBilled: 0,
  pointsRedeemed: 0,
  sold: zero,
  returns: zero,
  returnCount: 0,
  returnedGoods: 0,
  netSold: zero,
  cost: { billed: 0, returned: 0, net: 0 },
  ...f,
});
const march: MonthlySalesReport = {
  month: 3,
  year: 2024,
  rows: [
    { transactionDate: '2024-03-04', transaction: 3, paymentMode: 'Cash', credit: 1250.5, debit: 900, returns: 0 },
    { transactionDate: '2024-03-04', transaction: 1, paymentMode: 'Online', credit: 480, debit: 400, returns: 0 },
    { transactionDate: '2024-03-05', transaction: 2, paymentMode: 'Cash', credit: 310, debit: 250, returns: 60.5 },
  ],
  online: 480,
  cash: 1560.5,
  total: 2040.5,
  figures: figures({
    bills: { cash: 5, online: 1, total: 6 },
    goodsBilled: 2060.5,
    pointsRedeemed: 20,
    sold: { cash: 1560.5, online: 480, total: 2040.5 },
    returns: { cash: 60.5, online: 0, total: 60.5 },
    netSold: { cash: 1500, online: 480, total: 1980 },
  }),
  cashSummary: { cash: { takings: 1560.5, refunds: 60.5, expenses: 300, inHand: 1200 }, online: { takings: 480, refunds: 0, expenses: 200, balance: 280 } },
};
const empty: MonthlySalesReport = {
  month: thisMonth,
  year: thisYear,
  rows: [],
  online: 0,
  cash: 0,
  total: 0,
  figures: figures(),
  cashSummary: { cash: { takings: 0, refunds: 0, expenses: 0, inHand: 0 }, online: { takings: 0, refunds: 0, expenses: 0, balance: 0 } },
};

describe('Monthly Sales Report', () => {
  beforeEach(() => signInAs('MANAGER', ['MonthlyPurchaseList']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('offers the last 10 years', () => {
    expect(yearsUpTo(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('opens on this month, searches another, and shows the rows, sums and cash summary', async () => {
    const calls: Call[] = serve([
      [`GET /purchase/monthly/${thisMonth}/${thisYear}`, [200, empty]],
      ['GET /purchase/monthly/3/2024', [200, march]],
    ]);
    const user = userEvent.setup();
    renderScreen(<MonthlySales />, { path: '/monthlyPurchase', elsewhere: ['/home'] });
    const table = await screen.findByRole('table', { name: 'Monthly sales' });
    expect(await within(table).findByText('No Transaction Found.')).toBeInTheDocument();

    // By financial year first: the months April to March, the years FY 2026-27 and the nine before it.
    await user.click(screen.getAllByLabelText('Month')[0]!);
    const months = await screen.findAllByRole('option');
    expect(months.map((o) => o.textContent)).toEqual(['April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'January', 'February', 'March']);
    await user.click(screen.getByRole('option', { name: 'March' }));
    await user.click(screen.getAllByLabelText('Year')[0]!);
    const financialYears = await screen.findAllByRole('option');
    expect(financialYears.map((o) => o.textContent)).toEqual(recentFinancialYears(10).map(financialYearLabel));
    // March of FY 2023-24 is March 2024.
    await user.click(screen.getByRole('option', { name: 'FY 2023-24' }));
    expect(calls.some((c) => c.key === 'GET /purchase/monthly/3/2024')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Sales of March 2024 (FY 2023-24)')).toBeInTheDocument();

    // The calendar year stays, as the spec shows it: the same month, the last 10 calendar years.
    await user.click(screen.getByRole('radio', { name: 'Calendar year' }));
    await user.click(screen.getAllByLabelText('Year')[0]!);
    const calendarYears = await screen.findAllByRole('option');
    expect(calendarYears.map((o) => o.textContent)).toEqual(yearsUpTo(thisYear).map(String));
    expect(screen.getByRole('option', { name: '2024', selected: true })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(await within(table).findByText('₹1,250.50')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DateTransactionPaymentModeSoldReturns',
      '04/03/20243Cash₹1,250.50₹0.00',
      '04/03/20241Online₹480.00₹0.00',
      '05/03/20242Cash₹310.00₹60.50',
      'Online₹480.00₹0.00',
      'Cash₹1,560.50₹60.50',
      'Total₹2,040.50₹60.50',
    ]);
    expect(screen.getByLabelText('Goods billed')).toHaveTextContent('₹2,060.50');
    expect(screen.getByLabelText('Points redeemed')).toHaveTextContent('₹20.00');
    expect(screen.getByLabelText('Sold (money received)')).toHaveTextContent('₹2,040.50');
    expect(screen.getByLabelText('Returns (refunded)')).toHaveTextContent('₹60.50');
    expect(screen.getByLabelText('Net sold')).toHaveTextContent('₹1,980.00');
    expect(screen.getByLabelText('Cash takings')).toHaveTextContent('₹1,560.50');
    expect(screen.getByLabelText('Cash refunds')).toHaveTextContent('₹60.50');
    expect(screen.getByLabelText('Expenses paid in cash')).toHaveTextContent('₹300.00');
    expect(screen.getByLabelText('Cash in hand')).toHaveTextContent('₹1,200.00');
    expect(screen.getByLabelText('Online takings')).toHaveTextContent('₹480.00');
    expect(screen.getByLabelText('Expenses paid online')).toHaveTextContent('₹200.00');
    expect(screen.getByLabelText('Online balance')).toHaveTextContent('₹280.00');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
  });

  it('shows what was sold on account and the dues collected apart from the money of the bills', async () => {
    const methods = (cash: number, upi: number, card: number, otherOnline: number) => ({ cash, upi, card, otherOnline, total: cash + upi + card + otherOnline });
    // ₹200.00 of bills in cash, ₹800.00 on account; ₹250.00 of dues paid, ₹150.00 cash and ₹100.00 UPI.
    const credit: MonthlySalesReport = {
      ...empty,
      rows: [{ transactionDate: shopDay(new Date()), transaction: 2, paymentMode: 'Cash', credit: 200, debit: 750, returns: 0 }],
      cash: 200,
      total: 200,
      figures: figures({
        bills: { cash: 2, online: 0, total: 2 },
        goodsBilled: 1000,
        sold: { cash: 200, online: 0, total: 200 },
        netSold: { cash: 200, online: 0, total: 200 },
        onAccount: { sold: 800, returns: 0, net: 800, duesCollected: 250, duesCash: 150, dues: methods(150, 100, 0, 0), writtenOff: 0 },
      }),
      cashSummary: { cash: { takings: 350, refunds: 0, expenses: 0, inHand: 350, dues: 150 }, online: { takings: 100, refunds: 0, expenses: 0, balance: 100, dues: 100 } },
    };
    serve([[`GET /purchase/monthly/${thisMonth}/${thisYear}`, [200, credit]]]);
    renderScreen(<MonthlySales />, { path: '/monthlyPurchase', elsewhere: ['/home'] });
    expect(await screen.findByLabelText('Sold on account (new credit given)')).toHaveTextContent('₹800.00');
    expect(screen.getByLabelText('Sold (money received)')).toHaveTextContent('₹200.00');
    expect(screen.getByLabelText('Dues collected')).toHaveTextContent('₹250.00');
    expect(screen.queryByLabelText('Dues written off')).toBeNull();
    const byMethod = screen.getByRole('table', { name: 'Sales by method' });
    const cells = (label: string) => within(within(byMethod).getByText(label).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('Cash')).toEqual(['Cash', '₹200.00', '₹0.00', '₹200.00', '₹150.00', '₹350.00']);
    expect(cells('UPI')).toEqual(['UPI', '₹0.00', '₹0.00', '₹0.00', '₹100.00', '₹100.00']);
    expect(screen.getByLabelText('Cash in hand')).toHaveTextContent('₹350.00');
    expect(screen.getByText(/The takings include dues collected: ₹150\.00 in cash, ₹100\.00 online; goods sold on account are in neither\./)).toBeInTheDocument();
  });

  it('downloads the PDF of the month shown', async () => {
    const calls: Call[] = serve([[`GET /purchase/monthly/${thisMonth}/${thisYear}`, [200, empty]]]);
    const fetchMock = vi.mocked(globalThis.fetch);
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith(`/purchase/monthly/${thisMonth}/${thisYear}/pdf`)) {
        calls.push({ key: 'GET pdf', body: undefined });
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="Sales_Report_${thisMonth}_${thisYear}.pdf"` },
        });
      }
      return served(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderScreen(<MonthlySales />, { path: '/monthlyPurchase' });
    await screen.findByText('No Transaction Found.');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'GET pdf')).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});
