import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../../../shared/schemas/cart.js';
import { renderScreen, serve } from '../../../../../test/web/leave-fixtures.js';
import { cartLine, CUSTOMER_ID, shelfProduct, signInAsCustomer } from '../../../../../test/web/storefront-browse-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import ProductDetails from './product-details.js';

/** A paragraph reading exactly this text, its label and value in separate elements. */
const line = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

describe('Product details', () => {
  beforeEach(() => signInAsCustomer());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the fullest shelf line of the artcode, lets the customer pick another, and adds it to the cart', async () => {
    let lines: CartLine[] = [];
    const calls = serve([
      [
        'GET /inventory/artcode/TS1',
        [
          200,
          [
            shelfProduct({ productId: 4, productName: 'Cotton T-Shirt', artcode: 'TS1', stockId: 41, size: 'M', colour: 'Blue', quantity: 1, sellingPrice: 399, mrp: 499 }),
            shelfProduct({ productId: 4, productName: 'Cotton T-Shirt', artcode: 'TS1', stockId: 42, size: 'L', colour: 'Blue', quantity: 9, sellingPrice: 449, mrp: 499 }),
          ],
        ],
      ],
      [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, () => [200, lines]],
      [`GET /wish/byCustomer/${CUSTOMER_ID}/Wishlist`, [200, []]],
      [
        'POST /cart/save',
        () => {
          const line = cartLine({ customerCartId: 70, productId: 4, stockId: 42, cartQuantity: 1, price: 449 });
          lines = [line];
          return [200, line];
        },
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<ProductDetails />, { path: '/productDetails/:artcode', url: '/productDetails/TS1', elsewhere: ['/cart', '/wish'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cotton T-Shirt' })).toBeInTheDocument();
    expect(screen.getByText(line('Size: L'))).toBeInTheDocument();
    expect(screen.getByText(line('Colour: Blue'))).toBeInTheDocument();
    expect(screen.getByText(line('MRP: ₹499.00'))).toBeInTheDocument();
    expect(screen.getByLabelText('Price ₹449.00')).toBeInTheDocument();
    // The MRP is shown once, on its own line.
    expect(screen.getAllByText(/₹499\.00/)).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByText('M · Blue'));
    expect(await screen.findByLabelText('Price ₹399.00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Only 1 item(s) left.');

    await user.click(screen.getByText('L · Blue'));
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('link', { name: 'In cart(1)' })).toHaveAttribute('href', '/cart');
    expect(calls.find((c) => c.key === 'POST /cart/save')!.body).toMatchObject({ productId: 4, stockId: 42, cartQuantity: 1 });
    // The other size is a line of its own: still to be added.
    await user.click(screen.getByText('M · Blue'));
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Your cart' })).getByTestId('mini-cart-items')).toHaveTextContent('1');
  });

  it('tells an artcode nothing on the shelf carries', async () => {
    serve([
      ['GET /inventory/artcode/NONE', [200, []]],
      [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, [200, []]],
    ]);
    renderScreen(<ProductDetails />, { path: '/productDetails/:artcode', url: '/productDetails/NONE' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByText(/No product on the shelf has the artcode NONE/)).toBeInTheDocument();
  });
});
