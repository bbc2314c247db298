import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../../../shared/schemas/cart.js';
import type { WishLine } from '../../../../../shared/schemas/wish.js';
import { renderScreen, serve } from '../../../../../test/web/leave-fixtures.js';
import { cartLine, CUSTOMER_ID, signInAsCustomer, wishLine } from '../../../../../test/web/storefront-browse-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import Wishlist from './wishlist.js';

describe('Your Wishlist', () => {
  beforeEach(() => signInAsCustomer());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the wishes with their stock message, deletes one at once, and adds one to the cart', async () => {
    let wishes: WishLine[] = [
      wishLine({ customerWishId: 1, productId: 1, productName: 'Cow Ghee', stock: 2, stockMessage: 'Only 2 item(s) left.' }),
      wishLine({ customerWishId: 2, productId: 2, productName: 'Rock Salt', stock: 0, stockMessage: 'Out of Stock' }),
      wishLine({ customerWishId: 3, productId: 3, productName: 'Toor Dal' }),
    ];
    let lines: CartLine[] = [];
    let releaseDelete: () => void = () => undefined;
    const calls = serve([
      [`GET /wish/customer/${CUSTOMER_ID}?page=0&size=5`, () => [200, wishes]],
      [`GET /wish/count/${CUSTOMER_ID}`, () => [200, wishes.length]],
      [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, () => [200, lines]],
      [
        'DELETE /wish/3',
        () =>
          new Promise((resolve) => {
            releaseDelete = () => {
              wishes = wishes.filter((w) => w.customerWishId !== 3);
              resolve([200, wishLine({ customerWishId: 3, productId: 3, productName: 'Toor Dal' })]);
            };
          }),
      ],
      [
        'POST /cart/save',
        () => {
          const line = cartLine({ customerCartId: 40, productId: 1, cartQuantity: 1 });
          lines = [line];
          return [200, line];
        },
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<Wishlist />, { path: '/wish', elsewhere: ['/cart'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeInTheDocument();

    const ghee = await screen.findByRole('article', { name: 'Cow Ghee' });
    expect(within(ghee).getByRole('status')).toHaveTextContent('Only 2 item(s) left.');
    const salt = screen.getByRole('article', { name: 'Rock Salt' });
    expect(within(salt).getByRole('status')).toHaveTextContent('Out of Stock');
    expect(within(salt).getByRole('button', { name: 'Add to cart' })).toBeDisabled();

    // The card goes before the server has answered.
    await user.click(within(screen.getByRole('article', { name: 'Toor Dal' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Toor Dal' })).not.toBeInTheDocument());
    releaseDelete();

    await user.click(within(ghee).getByRole('button', { name: 'Add to cart' }));
    expect(await within(ghee).findByRole('link', { name: 'In cart(1)' })).toHaveAttribute('href', '/cart');
    expect(calls.find((c) => c.key === 'POST /cart/save')!.body).toMatchObject({ customerId: CUSTOMER_ID, productId: 1, cartQuantity: 1 });
  });

  it('brings a wish back with a message when the server refuses to delete it', async () => {
    serve([
      [`GET /wish/customer/${CUSTOMER_ID}?page=0&size=5`, [200, [wishLine({ customerWishId: 5, productId: 5, productName: 'Basmati Rice' })]]],
      [`GET /wish/count/${CUSTOMER_ID}`, [200, 1]],
      [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, [200, []]],
      ['DELETE /wish/5', [404, { message: 'Wishlist item not found.' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Wishlist />, { path: '/wish' });
    const rice = await screen.findByRole('article', { name: 'Basmati Rice' });
    await user.click(within(rice).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Wishlist item not found.');
    expect(await screen.findByRole('article', { name: 'Basmati Rice' })).toBeInTheDocument();
  });

  it('searches by product name and pages from 1', async () => {
    const calls = serve([
      [/^GET \/wish\/customer\/7\?page=0/, [200, [1, 2, 3, 4, 5].map((i) => wishLine({ customerWishId: i, productId: i, productName: `Item ${i}` }))]],
      [/^GET \/wish\/customer\/7\?page=1/, [200, [wishLine({ customerWishId: 6, productId: 6, productName: 'Item 6' })]]],
      [`GET /wish/count/${CUSTOMER_ID}`, [200, 6]],
      [/^GET \/wish\/search\/7\/gh/, [200, [wishLine({ customerWishId: 9, productId: 9, productName: 'Ghee' })]]],
      ['GET /wish/searchCount/7/gh', [200, 1]],
      [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, [200, []]],
    ]);
    const user = userEvent.setup();
    renderScreen(<Wishlist />, { path: '/wish' });
    await screen.findByRole('article', { name: 'Item 5' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'Item 6' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search your wishlist' }), 'gh{Enter}');
    expect(await screen.findByRole('article', { name: 'Ghee' })).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /wish/search/7/gh?page=0&size=5')).toBe(true);
  });
});
