import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../../../shared/schemas/category.js';
import { renderScreen, serve } from '../../../../../test/web/leave-fixtures.js';
import { cartLine, CUSTOMER_ID, shelfProduct, signInAsCustomer } from '../../../../../test/web/storefront-browse-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import CustomerHome from './customer-home.js';

const category = (categoryId: number, categoryName: string): Category => ({ categoryId, categoryName, version: 1 });
const firstPage = [
  category(1, 'Rice, Atta & Dal'),
  category(2, 'Edible Oils'),
  category(3, 'Personal Care'),
  category(4, 'Biscuits & Snacks'),
  category(5, 'Tea, Coffee & Drinks'),
];

describe('Customer landing', () => {
  beforeEach(() => signInAsCustomer());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("pages the category cards five at a time, links each to its products, and shows the cart's items and subtotal", async () => {
    const calls = serve([
      ['GET /category/image?page=0&size=5', [200, firstPage]],
      ['GET /category/image?page=1&size=5', [200, [category(6, 'Apparel')]]],
      ['GET /category/count', [200, 6]],
      [/^GET \/category\/image\/search\/app/, [200, [category(6, 'Apparel')]]],
      ['GET /category/searchCount/app', [200, 1]],
      ['GET /inventory/category/1', [200, [shelfProduct({ productId: 1, productName: 'Sona Masoori Rice' })]]],
      [
        `GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`,
        [200, [cartLine({ customerCartId: 1, productId: 1, cartQuantity: 2, price: 99.5 }), cartLine({ customerCartId: 2, productId: 4, cartQuantity: 1, price: 1250 })]],
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<CustomerHome />, { path: '/customerHome' });

    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByRole('link', { name: /Edible Oils/ })).toHaveAttribute('href', '/cart/2');

    const aside = screen.getByRole('complementary', { name: 'Your cart' });
    await waitFor(() => expect(within(aside).getByTestId('mini-cart-items')).toHaveTextContent('3'));
    expect(within(aside).getByTestId('mini-cart-subtotal')).toHaveTextContent('₹1,449.00');
    expect(await within(aside).findByTestId('carousel-product')).toHaveTextContent('Sona Masoori Rice');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(list).findByRole('link', { name: /Apparel/ })).toHaveAttribute('href', '/cart/6');
    expect(screen.getByText('Showing 6–6 of 6')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search categories' }), 'app{Enter}');
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /category/image/search/app?page=0&size=5')).toBe(true));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
  });
});
