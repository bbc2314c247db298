import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TO_BE_UPDATED } from '../../../../../shared/schemas/cart.js';
import { masterRow, renderScreen, serve, signInAsCustomer } from '../../../../../test/web/checkout-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import YourOrders from './your-orders.js';

const STATUSES = encodeURIComponent('OrderSuccess,Shipped,Delivered');

describe('Your Orders', () => {
  beforeEach(() => signInAsCustomer());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("shows each order's product, date, quantity, amount paid and status, 'To Be Updated' until it ships", async () => {
    const calls = serve([
      [
        `GET /cart/masterOrder/page/21/${STATUSES}?page=0&size=5`,
        [
          200,
          [
            masterRow({
              customerCartId: 5,
              productName: 'Toor Dal 1kg',
              status: 'OrderSuccess',
              cartQuantity: 2,
              price: 180,
              mrp: 190,
              paymentDate: '2026-11-20T05:30:00.000Z',
              deliveryAddress: 'Ravi Kumar, 12, Beach Road, Kochi 682001, 32-Kerala',
            }),
            masterRow({
              customerCartId: 6,
              productName: 'Green Tea',
              status: 'Delivered',
              cartQuantity: 1,
              price: 304,
              mrp: 320,
              paymentDate: '2026-11-18T05:30:00.000Z',
              shippedDate: '2026-11-19T05:30:00.000Z',
              deliveredDate: '2026-11-20T10:30:00.000Z',
              deliveryPerson: 'Manjunath',
              deliveryContact: '9845011122',
            }),
          ],
        ],
      ],
      [`GET /cart/masterOrder/page/count/21/${STATUSES}`, [200, 6]],
      [/^GET \/cart\/masterOrder\/search\/21\/[^/]+\/green\?page=0&size=5$/, [200, []]],
      [/^GET \/cart\/masterOrder\/search\/count\/21\/[^/]+\/green$/, [200, 0]],
    ]);
    const user = userEvent.setup();
    renderScreen(<YourOrders />, { path: '/order' });
    const dal = await screen.findByRole('article', { name: 'Toor Dal 1kg' });
    expect(dal).toHaveTextContent('Ordered On20/11/2026');
    expect(dal).toHaveTextContent('Quantity2');
    expect(dal).toHaveTextContent('Amount Paid₹360.00');
    expect(dal).toHaveTextContent('StatusOrderSuccess');
    expect(dal).toHaveTextContent(`Delivery Person${TO_BE_UPDATED}`);
    expect(dal).toHaveTextContent(`Delivery Contact${TO_BE_UPDATED}`);
    // Where it goes as chosen at checkout, not the profile's Bengaluru address.
    expect(dal).toHaveTextContent('Delivering To Ravi Kumar, 12, Beach Road, Kochi 682001, 32-Kerala');

    const tea = screen.getByRole('article', { name: 'Green Tea' });
    expect(tea).toHaveTextContent('Delivery PersonManjunath');
    expect(tea).toHaveTextContent('Delivery Contact9845011122');
    expect(tea).toHaveTextContent('Shipped On19/11/2026');
    expect(tea).toHaveTextContent('Delivered On20/11/2026');
    expect(screen.getByText('Showing 1–5 of 6')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search by product name' }), 'green{Enter}');
    expect(await screen.findByText("No order of a product starting with 'green'.")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === `GET /cart/masterOrder/search/21/${STATUSES}/green?page=0&size=5`)).toBe(true));
    expect(within(document.body).queryByRole('article')).not.toBeInTheDocument();
  });

  it('goes to the next page by the cursor the server answered, and back to the first page', async () => {
    const order = (id: number) => masterRow({ customerCartId: id, productName: `Order ${id}`, status: 'Shipped', paymentDate: '2026-11-20T05:30:00.000Z' });
    const calls = serve([
      [`GET /cart/masterOrder/page/21/${STATUSES}?page=0&size=5`, [200, [1, 2, 3, 4, 5].map(order), { 'x-next-page': 'after-five.signed' }]],
      [`GET /cart/masterOrder/page/21/${STATUSES}?page=1&size=5&cursor=after-five.signed`, [200, [6, 7].map(order)]],
      [`GET /cart/masterOrder/page/count/21/${STATUSES}`, [200, 7]],
    ]);
    const user = userEvent.setup();
    renderScreen(<YourOrders />, { path: '/order' });
    expect(await screen.findByRole('article', { name: 'Order 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'Order 7' })).toBeInTheDocument();
    expect(screen.getByText('Showing 6–7 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('article', { name: 'Order 5' })).toBeInTheDocument();
    const pages = calls.filter((c) => c.key.startsWith('GET /cart/masterOrder/page/21/')).map((c) => c.key);
    expect(pages).toContain(`GET /cart/masterOrder/page/21/${STATUSES}?page=1&size=5&cursor=after-five.signed`);
    expect(pages.every((key) => key.endsWith('page=0&size=5') || key.endsWith('cursor=after-five.signed'))).toBe(true);
  });
});
