import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gstr1Summary } from '../../../../../shared/schemas/gstr1.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import GstReturnScreen from './gst-return.js';

const section = (key: Gstr1Summary['sections'][number]['key'], title: string, table: string, count: number, taxable = 0, igst = 0, cgst = 0, sgst = 0) => ({ key, title, table, count, value: taxable + igst + cgst + sgst, taxable, igst, cgst, sgst });

const june: Gstr1Summary = {
  month: '2026-06',
  fp: '062026',
  financialYear: '26-27',
  sections: [
    section('b2b', 'B2B invoices', '4A', 1, 20_000, 0, 1_800, 1_800),
    section('b2cl', 'B2C large invoices', '5', 1, 1_00_000, 18_000),
    section('b2cs', 'B2C small (by place of supply and rate)', '7', 1, 1_500, 0, 37.5, 37.5),
    section('cdnr', 'Credit notes to registered buyers', '9B', 0),
    section('cdnur', 'Credit notes to unregistered buyers', '9B', 0),
    section('hsn', 'HSN summary', '12', 3, 1_21_500, 18_000, 1_837.5, 1_837.5),
    section('docs', 'Documents issued', '13', 3),
  ],
  net: { value: 1_43_175, taxable: 1_21_500, igst: 18_000, cgst: 1_837.5, sgst: 1_837.5 },
  smallRows: [{ placeOfSupply: '29-Karnataka', supplyType: 'INTRA', rate: 5, taxable: 1_500, igst: 0, cgst: 37.5, sgst: 37.5 }],
  b2bInvoices: [{ purchaseId: 41, number: 'GST/26-27/000002', date: '2026-06-02', customerName: 'Mysuru Traders', gstin: '29BBBCT5678K1ZX', value: 23_600 }],
  quantities: [{ unit: 'KGS', quantity: 3 }, { unit: 'NOS', quantity: 3 }],
  documents: [{ nature: 'Invoices for outward supply', from: 'GST/26-27/000002', to: 'GST/26-27/000004', total: 3, cancelled: 0, issued: 3 }],
  problems: [],
};

const withProblem: Gstr1Summary = {
  ...june,
  problems: [{ kind: 'hsn', message: 'Extension Board has no HSN code (invoice GST/26-27/000005).', fix: { to: 'product', productId: 77 } }],
};

describe('GST return (GSTR-1)', () => {
  beforeEach(() => signInAs('MANAGER', ['GstReturn']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the month’s sections with counts and totals, and downloads the JSON', async () => {
    const calls = serve([
      ['GET /report/gstr1/6/2026', [200, june]],
      [/^GET \/report\/gstr1\/6\/2026\/file\?format=json/, [200, { gstin: '29AAPFG0939F1ZK' }]],
    ]);
    renderScreen(<GstReturnScreen />, { path: '/gstReturn', url: '/gstReturn?month=6&year=2026' });
    const sections = await screen.findByRole('table', { name: 'GSTR-1 sections' });
    const b2cl = within(sections).getByRole('row', { name: /B2C large invoices/ });
    expect(b2cl).toHaveTextContent('5');
    expect(b2cl).toHaveTextContent('₹1,00,000.00');
    expect(b2cl).toHaveTextContent('₹18,000.00');
    expect(within(sections).getByRole('row', { name: /Invoices less credit notes/ })).toHaveTextContent('₹1,21,500.00');
    expect(screen.getByText(/3 KGS · 3 NOS/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Documents issued' })).toHaveTextContent('GST/26-27/000002GST/26-27/000004');
    expect(screen.getAllByLabelText('Financial year')[0]!).toHaveValue('2026-27');
    expect(screen.getAllByLabelText('Month')[0]!).toHaveValue('June 2026');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /report/gstr1/6/2026/file?format=json'));
  });

  it('lists the problems with a link to fix each, and keeps the downloads off', async () => {
    serve([['GET /report/gstr1/7/2026', [200, withProblem]]]);
    renderScreen(<GstReturnScreen />, { path: '/gstReturn', url: '/gstReturn?month=7&year=2026', elsewhere: ['/product/edit'] });
    const problems = await screen.findByRole('list', { name: 'Problems to fix' });
    expect(problems).toHaveTextContent('Extension Board has no HSN code (invoice GST/26-27/000005).');
    expect(within(problems).getByRole('link', { name: 'Edit the product' })).toHaveAttribute('href', '/product/edit');
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download Excel' })).toBeDisabled();
  });

  it('offers the months of the chosen financial year', async () => {
    const calls = serve([[/^GET \/report\/gstr1\//, [200, june]]]);
    renderScreen(<GstReturnScreen />, { path: '/gstReturn', url: '/gstReturn?month=6&year=2026' });
    await screen.findByRole('table', { name: 'GSTR-1 sections' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByLabelText('Financial year')[0]!);
    await user.click(await screen.findByRole('option', { name: '2025-26' }));
    // June is in 2025-26 too: June 2025.
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /report/gstr1/6/2025'));
    await user.click(screen.getAllByLabelText('Month')[0]!);
    await user.click(await screen.findByRole('option', { name: 'March 2026' }));
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /report/gstr1/3/2026'));
  });
});
