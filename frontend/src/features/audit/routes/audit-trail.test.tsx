import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../../../shared/schemas/audit.js';
import { renderScreen, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import AuditTrailScreen from './audit-trail.js';

const record = (auditId: string, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  auditId,
  at: '2026-11-20T05:30:00.000Z',
  by: 'cashier@demo.shop',
  entity: 'stock',
  entityId: '7',
  action: 'update',
  before: { quantity: 5, sellingPrice: 8000 },
  after: { quantity: 9, sellingPrice: 9500 },
  ...overrides,
});

/** The audit route: answers by cursor, with the next page's cursor in X-Next-Page as the server sends it. */
function serveAudit(pages: Record<string, { items: AuditRecord[]; next?: string }>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(`${url.pathname}${url.search}`);
      const page = pages[url.searchParams.get('cursor') ?? ''] ?? { items: [] };
      return new Response(JSON.stringify(page.items), {
        status: 200,
        headers: { 'content-type': 'application/json', ...(page.next ? { 'x-next-page': page.next } : {}) },
      });
    }),
  );
  return urls;
}

describe('Audit Trail', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows who changed what and the fields before and after, pages older and newer, and filters', async () => {
    signInAs('TENANT_MANAGER', ['AuditTrail']);
    const urls = serveAudit({
      '': { items: [record('a1'), record('a2', { entity: 'bill', entityId: '41', action: 'return', by: 'owner@demo.shop', before: { refunded: 0 }, after: { refunded: 4500 } })], next: 'cursor.two' },
      'cursor.two': { items: [record('a3', { entity: 'role', entityId: '3', action: 'create', before: {}, after: { name: 'CLERK' } })] },
    });
    const user = userEvent.setup();
    renderScreen(<AuditTrailScreen />, { path: '/auditTrail' });

    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const stockRow = (await within(table).findAllByText('Stock 7'))[0]!.closest('tr')!;
    expect(stockRow).toHaveTextContent('cashier@demo.shop');
    expect(stockRow).toHaveTextContent('Changed');
    expect(stockRow).toHaveTextContent('Selling price: ₹80.00 → ₹95.00');
    expect(stockRow).toHaveTextContent('Quantity: 5 → 9');
    expect(within(table).getByText('Bill 41').closest('tr')).toHaveTextContent('Goods returned');

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('Role 3')).toBeInTheDocument();
    expect(urls.at(-1)).toContain('cursor=cursor.two');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await within(table).findByText('Bill 41')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('What changed'), 'stock');
    await user.type(screen.getByLabelText('Its id'), '7');
    await user.type(screen.getByLabelText('Person (user name)'), 'Cashier@Demo.shop');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(urls.at(-1)).toContain('entity=stock'));
    const asked = new URL(urls.at(-1)!, 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ entity: 'stock', entityId: '7', person: 'cashier@demo.shop', from: '2026-11-01' });
    expect(asked.has('cursor')).toBe(false);
  });

  it('refuses the screen to a role without the audit trail', async () => {
    signInAs('CASHIER', ['PurchaseEdit']);
    const urls = serveAudit({});
    renderScreen(<AuditTrailScreen />, { path: '/auditTrail' });
    expect(await screen.findByText('Not available for your role')).toBeInTheDocument();
    expect(urls).toEqual([]);
  });
});
