import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { MOBILE_INVALID, NO_PURCHASE } from '../../../../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { billLine, storedBill } from '../test-fixtures.js';
import CustomerOrders from './customer-orders.js';

const meena: Customer = { customerId: 7, customerName: 'MeenaIyer@demo.shop', mobileNumber: '9740000001', emailId: 'meena@example.in', creditPoints: 132 };

const row = (purchaseId: number, purchasedProductId: number, productName: string, quantity: number, returned = 0) => ({
  purchaseId,
  purchasedProductId,
  saleDate: '2026-11-20',
  customerName: 'MeenaIyer@demo.shop',
  mobileNumber: '9740000001',
  paymentMode: 'Cash',
  productName,
  artcode: `A${purchaseId}${purchasedProductId}`,
  status: returned === 0 ? 'Sold' : quantity === 0 ? 'Returned' : 'Partly Returned',
  originalQuantity: quantity + returned,
  returnQuantity: returned,
  quantity,
  sellingPrice: 45,
  purchasedPrice: 45 * quantity,
  billedPrice: 45 * (quantity + returned),
});

const path = '/customerPurchase/:id';
const elsewhere = ['/reBill/:id', '/productReturn/:id'];

describe('Customer Order List', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  describe('as a cashier', () => {
    beforeEach(() => signInAs('CASHIER', ['CustomerPurchaseList', 'ReBill', 'ProductReturn']));

    it('opens the list of the mobile typed, with Generate Bill on every line and Return Product only while units remain', async () => {
      const calls = serve([
        [/^GET \/customer\/mobile/, [200, ['9740000001']]],
        ['GET /customer/validate/9740000001', [200, meena]],
        ['GET /purchase/custMobile/9740000001?page=0&size=5', [200, [row(41, 1, 'Bath Soap', 2), row(41, 2, 'Toor Dal 1kg', 0, 1)]]],
        ['GET /purchase/custMobileCount/9740000001', [200, 7]],
        ['GET /purchase/custMobile/9740000001?page=1&size=5', [200, [row(38, 1, 'Sona Rice 5kg', 1)]]],
        ['GET /purchase/search/9740000001/dal?page=0&size=5', [200, [row(41, 2, 'Toor Dal 1kg', 0, 1)]]],
        ['GET /purchase/searchCount/9740000001/dal', [200, 1]],
        // All seven lines: 9 units sold, 1 back, ₹315.00 kept; the search 'dal' keeps one line, all of it returned.
        ['GET /purchase/custMobileTotals/9740000001', [200, { rows: 7, orderQuantity: 9, returnQuantity: 1, price: 315, billed: 360, returned: 45 }]],
        ['GET /purchase/custMobileTotals/9740000001?search=dal', [200, { rows: 1, orderQuantity: 1, returnQuantity: 1, price: 0, billed: 45, returned: 45 }]],
      ]);
      const user = userEvent.setup();
      const { router } = renderScreen(<CustomerOrders />, { path, url: '/customerPurchase/new', elsewhere });
      expect(await screen.findByRole('heading', { level: 1, name: 'Customer Order List' })).toBeInTheDocument();

      await user.type(screen.getByRole('combobox', { name: 'Mobile Number' }), '974000000');
      await user.keyboard('{Enter}');
      expect(await screen.findByText(MOBILE_INVALID)).toBeInTheDocument();
      await user.type(screen.getByRole('combobox', { name: 'Mobile Number' }), '1');
      await waitFor(() => expect(router.state.location.pathname).toBe('/customerPurchase/9740000001'));
      await waitFor(() => expect(screen.getByLabelText('Customer Name')).toHaveValue('MeenaIyer'));
      expect(screen.getByText('Credit Points: 132')).toBeInTheDocument();

      const table = await screen.findByRole('table', { name: 'Customer Orders' });
      const soap = (await within(table).findByText('Bath Soap')).closest('tr')!;
      const dal = within(table).getByText('Toor Dal 1kg').closest('tr')!;
      expect(within(soap).getByRole('link', { name: 'Generate Bill' })).toHaveAttribute('href', '/reBill/41');
      expect(within(soap).getByRole('link', { name: 'Return Product' })).toHaveAttribute('href', '/productReturn/41');
      expect(within(dal).getByRole('link', { name: 'Generate Bill' })).toBeInTheDocument();
      expect(within(dal).queryByRole('link', { name: 'Return Product' })).not.toBeInTheDocument();
      expect(dal).toHaveTextContent('Returned');
      expect(screen.getByText('Rows 1–5 of 7')).toBeInTheDocument();
      const totalRow = () => within(table).getByRole('row', { name: 'Total' });
      await waitFor(() => expect(totalRow()).toHaveTextContent('Total91₹315.00'));
      // The Price is net of returns, and says so, with the gross and the deduction beside it.
      expect(within(table).getByRole('columnheader', { name: 'Price after returns' })).toBeInTheDocument();
      expect(screen.getByLabelText('Price after returns in full')).toHaveTextContent('Billed ₹360.00 − returned ₹45.00 = Price after returns ₹315.00');

      await user.click(screen.getByRole('button', { name: '2' }));
      expect(await within(table).findByText('Sona Rice 5kg')).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Search by product or artcode' }), '   {Enter}');
      expect(await screen.findByText('Search text should not be empty!')).toBeInTheDocument();
      await user.clear(screen.getByRole('textbox', { name: 'Search by product or artcode' }));
      await user.type(screen.getByRole('textbox', { name: 'Search by product or artcode' }), 'dal{Enter}');
      await waitFor(() => expect(within(table).queryByText('Bath Soap')).not.toBeInTheDocument());
      expect(within(table).getByText('Toor Dal 1kg')).toBeInTheDocument();
      expect(calls.some((c) => c.key === 'GET /purchase/searchCount/9740000001/dal')).toBe(true);
      await waitFor(() => expect(totalRow()).toHaveTextContent('Total11₹0.00'));

      await user.click(within(table).getAllByRole('link', { name: 'Generate Bill' })[0]!);
      expect(await screen.findByText('page /reBill/:id')).toBeInTheDocument();
    });

    it('says when a search matches 1,000 or more of the customer’s lines, and the note goes once the text narrows them', async () => {
      serve([
        [/^GET \/customer\/mobile/, [200, ['9740000001']]],
        ['GET /customer/validate/9740000001', [200, meena]],
        ['GET /purchase/custMobile/9740000001?page=0&size=5', [200, [row(41, 1, 'Bath Soap', 2)]]],
        ['GET /purchase/custMobileCount/9740000001', [200, 1]],
        ['GET /purchase/custMobileTotals/9740000001', [200, { rows: 1, orderQuantity: 2, returnQuantity: 0, price: 90, billed: 90, returned: 0 }]],
        // A one-letter search of a walk-in number with years of bills: the server counts matches up to 1,000.
        ['GET /purchase/search/9740000001/b?page=0&size=5', [200, [row(41, 1, 'Bath Soap', 2)]]],
        ['GET /purchase/searchCount/9740000001/b', [200, 1000]],
        ['GET /purchase/custMobileTotals/9740000001?search=b', [200, { rows: 1, orderQuantity: 2, returnQuantity: 0, price: 90, billed: 90, returned: 0 }]],
        ['GET /purchase/search/9740000001/bath?page=0&size=5', [200, [row(41, 1, 'Bath Soap', 2)]]],
        ['GET /purchase/searchCount/9740000001/bath', [200, 1]],
        ['GET /purchase/custMobileTotals/9740000001?search=bath', [200, { rows: 1, orderQuantity: 2, returnQuantity: 0, price: 90, billed: 90, returned: 0 }]],
      ]);
      const user = userEvent.setup();
      renderScreen(<CustomerOrders />, { path, url: '/customerPurchase/9740000001', elsewhere });
      const box = await screen.findByRole('textbox', { name: 'Search by product or artcode' });
      await user.type(box, 'b{Enter}');
      expect(await screen.findByText(/1,000 or more bill lines match “b”: the first 1,000 are listed. Type more of the name or artcode/)).toBeInTheDocument();
      await user.type(box, 'ath{Enter}');
      await waitFor(() => expect(screen.queryByText(/or more bill lines/)).not.toBeInTheDocument());
    });

    it("says 'No Purchase Found' for a customer without bills, and tells a mobile nobody has", async () => {
      serve([
        ['GET /customer/validate/9740000001', [200, meena]],
        [/^GET \/purchase\/custMobile\/9740000001\?/, [200, []]],
        ['GET /purchase/custMobileCount/9740000001', [200, 0]],
        ['GET /customer/validate/9880000002', [200, 'False']],
        [/^GET \/customer\/mobile/, [200, []]],
      ]);
      const user = userEvent.setup();
      renderScreen(<CustomerOrders />, { path, url: '/customerPurchase/9740000001', elsewhere });
      const message = await screen.findByRole('dialog');
      expect(within(message).getByText(NO_PURCHASE)).toBeInTheDocument();
      await user.click(within(message).getByRole('button', { name: 'OK' }));
      expect(screen.getByRole('button', { name: 'PDF' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Clear customer' }));
      await user.type(screen.getByRole('combobox', { name: 'Mobile Number' }), '9880000002');
      expect(await screen.findByText('No customer has the mobile number 9880000002.')).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Customer Orders' })).not.toBeInTheDocument();
    });
  });

  it('offers Edit with PurchaseEdit on a bill without returns, not on one with returns, and opens it in Place Order', async () => {
    signInAs('CASHIER', ['CustomerPurchaseList', 'PurchaseEdit']);
    const bill38 = storedBill([billLine(1, 'Sona Rice 5kg', 'A381', 45, 1)], { purchaseId: 38 });
    const bill41 = storedBill([billLine(1, 'Bath Soap', 'A411', 45, 2), billLine(2, 'Toor Dal 1kg', 'A412', 45, 1, 1)], { purchaseId: 41, returnQuantity: 1 });
    serve([
      ['GET /customer/validate/9740000001', [200, meena]],
      [/^GET \/purchase\/custMobile\/9740000001\?/, [200, [row(41, 1, 'Bath Soap', 2), row(38, 1, 'Sona Rice 5kg', 1)]]],
      ['GET /purchase/custMobileCount/9740000001', [200, 2]],
      ['GET /purchase/41', [200, bill41]],
      ['GET /purchase/38', [200, bill38]],
    ]);
    const user = userEvent.setup();
    const { router } = renderScreen(<CustomerOrders />, { path, url: '/customerPurchase/9740000001', elsewhere: [...elsewhere, '/purchaseEdit/:id'] });
    const table = await screen.findByRole('table', { name: 'Customer Orders' });
    const edit = await within(table).findByRole('button', { name: 'Edit bill 38' });
    expect(within(table).queryByRole('button', { name: 'Edit bill 41' })).not.toBeInTheDocument();
    await user.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchaseEdit/38'));
    expect(router.state.location.state).toEqual({ purchase: bill38 });
  });

  it('shows neither action to a role without re-bill or returns', async () => {
    signInAs('MANAGER', ['CustomerOrderList']);
    serve([
      ['GET /customer/validate/9740000001', [200, meena]],
      [/^GET \/purchase\/custMobile\/9740000001\?/, [200, [row(41, 1, 'Bath Soap', 2)]]],
      ['GET /purchase/custMobileCount/9740000001', [200, 1]],
    ]);
    renderScreen(<CustomerOrders />, { path, url: '/customerPurchase/9740000001', elsewhere });
    const table = await screen.findByRole('table', { name: 'Customer Orders' });
    await within(table).findByText('Bath Soap');
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });
});
