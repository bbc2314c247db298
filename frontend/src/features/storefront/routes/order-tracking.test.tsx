import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_CONTACT_NUMBER,
  DELIVERY_CONTACT_REQUIRED,
  DELIVERY_PERSON_REQUIRED,
  MOBILE_SEARCH,
  SHIP_ONLY_ORDER_SUCCESS,
  TO_BE_UPDATED,
  type OrderRow,
} from '../../../../../shared/schemas/cart.js';
import { orderRow, renderScreen, serve } from '../../../../../test/web/checkout-fixtures.js';
import { signInWith } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import OrderTracking from './order-tracking.js';

// Statuses travel comma-separated in the path, URL-encoded.
const ALL = encodeURIComponent('OrderSuccess,OrderFail,Shipped,Delivered');
// Delivered to Kochi, though the customer's profile says Bengaluru: the row names where the order goes.
const paid = orderRow({ customerCartId: 1, status: 'OrderSuccess', productName: 'Toor Dal 1kg', address: 'Ravi Kumar, 12, Beach Road, Kochi 682001, 32-Kerala' });
const shipped = orderRow({
  customerCartId: 2,
  status: 'Shipped',
  productName: 'Basmati Rice 1kg',
  deliveryPerson: 'Manjunath',
  deliveryContact: '9845011122',
  shippedDate: '2026-11-21T06:00:00.000Z',
});
const delivered = orderRow({ customerCartId: 3, status: 'Delivered', productName: 'Green Tea', deliveryPerson: 'Manjunath', deliveryContact: '9845011122', shippedDate: '2026-11-21T06:00:00.000Z', deliveredDate: '2026-11-22T09:00:00.000Z' });

function serveOrders(rows: OrderRow[], extra: Parameters<typeof serve>[0] = []) {
  return serve([
    ...extra,
    [`GET /cart/order/${ALL}?page=0&size=5`, [200, rows]],
    [`GET /cart/order/count/${ALL}`, [200, rows.length]],
  ]);
}

const row = (product: string) => screen.getByText(product).closest('tr')!;

describe('Customer Order Tracking', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the orders with their columns; Ship only for OrderSuccess, Deliver only for Shipped; dates shown', async () => {
    signInWith('manager@demo.shop', 3, ['MANAGER']);
    serveOrders([paid, shipped, delivered]);
    renderScreen(<OrderTracking />, { path: '/orderTracking' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    for (const header of ['OrderDate', 'OrderId', 'Customer Details', 'Product', 'Quantity', 'Status', 'Delivery Person', 'Delivery Contact', 'Action']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await within(table).findByText('Toor Dal 1kg');
    expect(row('Toor Dal 1kg')).toHaveTextContent('20/11/2026');
    expect(row('Toor Dal 1kg')).toHaveTextContent('RaviKumar');
    expect(row('Toor Dal 1kg')).toHaveTextContent('9876543210');
    expect(within(row('Toor Dal 1kg')).getByText('Deliver to: Ravi Kumar, 12, Beach Road, Kochi 682001, 32-Kerala')).toBeInTheDocument();
    expect(within(row('Toor Dal 1kg')).getByRole('button', { name: /^Ship / })).toBeInTheDocument();
    expect(within(row('Toor Dal 1kg')).queryByRole('button', { name: /^Deliver / })).not.toBeInTheDocument();

    expect(within(row('Basmati Rice 1kg')).getByRole('button', { name: /^Deliver / })).toBeInTheDocument();
    expect(within(row('Basmati Rice 1kg')).queryByRole('button', { name: /^Ship / })).not.toBeInTheDocument();
    expect(row('Basmati Rice 1kg')).toHaveTextContent('Shipped 21/11/2026');
    expect(row('Basmati Rice 1kg')).toHaveTextContent('Manjunath');

    expect(within(row('Green Tea')).queryByRole('button')).not.toBeInTheDocument();
    expect(row('Green Tea')).toHaveTextContent('Delivered 22/11/2026');
  });

  it('asks for the delivery person and a numeric contact before shipping, then ships with them', async () => {
    signInWith('manager@demo.shop', 3, ['MANAGER']);
    const calls = serveOrders([paid], [['PUT /cart/1', [200, { ...paid, status: 'Shipped' }]]]);
    const user = userEvent.setup();
    renderScreen(<OrderTracking />, { path: '/orderTracking' });
    const ship = await screen.findByRole('button', { name: 'Ship Toor Dal 1kg for RaviKumar' });

    await user.click(ship);
    expect(screen.getByText(DELIVERY_PERSON_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(DELIVERY_CONTACT_REQUIRED)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Delivery Person, Toor Dal 1kg for RaviKumar' }), 'Manjunath');
    await user.type(screen.getByRole('textbox', { name: 'Delivery Contact, Toor Dal 1kg for RaviKumar' }), '98450-ABC');
    await user.click(ship);
    expect(screen.queryByText(DELIVERY_PERSON_REQUIRED)).not.toBeInTheDocument();
    expect(screen.getByText(DELIVERY_CONTACT_NUMBER)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    const contact = screen.getByRole('textbox', { name: 'Delivery Contact, Toor Dal 1kg for RaviKumar' });
    await user.clear(contact);
    await user.type(contact, '9845011122');
    await user.click(ship);
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /cart/1')?.body).toEqual({ status: 'Shipped', deliveryPerson: 'Manjunath', deliveryContact: '9845011122', version: 3 }),
    );
    expect(await screen.findByText('Toor Dal 1kg shipped with Manjunath.')).toBeInTheDocument();
  });

  it("delivers a shipped order, and shows the server's refusal when someone else moved it first", async () => {
    signInWith('manager@demo.shop', 3, ['MANAGER']);
    const calls = serveOrders([shipped, paid], [
      ['PUT /cart/2', [200, { ...shipped, status: 'Delivered' }]],
      ['PUT /cart/1', [409, { message: SHIP_ONLY_ORDER_SUCCESS }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<OrderTracking />, { path: '/orderTracking' });
    await user.click(await screen.findByRole('button', { name: 'Deliver Basmati Rice 1kg for RaviKumar' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /cart/2')?.body).toEqual({ status: 'Delivered', version: 3 }));

    await user.type(screen.getByRole('textbox', { name: 'Delivery Person, Toor Dal 1kg for RaviKumar' }), 'Manjunath');
    await user.type(screen.getByRole('textbox', { name: 'Delivery Contact, Toor Dal 1kg for RaviKumar' }), '9845011122');
    await user.click(screen.getByRole('button', { name: 'Ship Toor Dal 1kg for RaviKumar' }));
    expect(await screen.findByText(SHIP_ONLY_ORDER_SUCCESS)).toBeInTheDocument();
  });

  it('searches by the digits of a mobile number and filters by status', async () => {
    signInWith('manager@demo.shop', 3, ['MANAGER']);
    const calls = serveOrders([paid, shipped], [
      [`GET /cart/search/${ALL}/98765?page=0&size=5`, [200, [paid]]],
      [`GET /cart/search/count/${ALL}/98765`, [200, 1]],
      ['GET /cart/order/Shipped?page=0&size=5', [200, [shipped]]],
      ['GET /cart/order/count/Shipped', [200, 1]],
    ]);
    const user = userEvent.setup();
    renderScreen(<OrderTracking />, { path: '/orderTracking' });
    await screen.findByText('Basmati Rice 1kg');
    const search = screen.getByRole('textbox', { name: 'Search by mobile number' });
    await user.type(search, 'Ravi{Enter}');
    expect(await screen.findByText(MOBILE_SEARCH)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('GET /cart/search/'))).toBe(false);

    // More digits than a mobile number holds (a country code typed in front) is refused the same way, not sent.
    await user.clear(search);
    await user.type(search, '919876543210{Enter}');
    expect(await screen.findByText(MOBILE_SEARCH)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('GET /cart/search/'))).toBe(false);

    await user.clear(search);
    await user.type(search, '98765{Enter}');
    await waitFor(() => expect(screen.queryByText('Basmati Rice 1kg')).not.toBeInTheDocument());
    expect(screen.getByText('Toor Dal 1kg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() => expect(screen.queryByText('Toor Dal 1kg')).not.toBeInTheDocument());
    expect(screen.getByText('Basmati Rice 1kg')).toBeInTheDocument();
  });

  it('shows the orders without Ship or Deliver to staff who may only list them', async () => {
    signInWith('clerk@demo.shop', 9, ['CASHIER'], ['OrderList']);
    serveOrders([paid]);
    renderScreen(<OrderTracking />, { path: '/orderTracking' });
    await screen.findByText('Toor Dal 1kg');
    expect(row('Toor Dal 1kg')).toHaveTextContent(TO_BE_UPDATED);
    expect(within(row('Toor Dal 1kg')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Toor Dal 1kg')).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('explains the screen is not part of a role without order features', async () => {
    signInWith('hr@demo.shop', 4, ['HR']);
    serveOrders([]);
    renderScreen(<OrderTracking />, { path: '/orderTracking' });
    expect(await screen.findByText('Not available for your role')).toBeInTheDocument();
  });
});
