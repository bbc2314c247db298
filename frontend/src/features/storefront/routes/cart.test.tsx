import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_FULL, type CartMasterRow } from '../../../../../shared/schemas/cart.js';
import { masterRow, renderScreen, serve, signInAsCustomer, type Answer, type Call } from '../../../../../test/web/checkout-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import CartScreen from './cart.js';

let cart: CartMasterRow[];
let saved: CartMasterRow[];

function serveCart(extra: [string | RegExp, Answer | ((call: Call) => Answer)][] = []) {
  return serve([
    ...extra,
    ['GET /cart/master/21/InCart', () => [200, cart]],
    [/^GET \/cart\/master\/page\/21\/Saved\?page=0&size=5$/, () => [200, saved]],
    ['GET /cart/master/page/count/21/Saved', () => [200, saved.length]],
  ]);
}

const card = (list: string, name: string) => within(screen.getByRole('list', { name: list })).getByRole('article', { name });

describe('Your Cart', () => {
  beforeEach(() => {
    signInAsCustomer();
    cart = [
      masterRow({ customerCartId: 1, productName: 'Basmati Rice 1kg', cartQuantity: 2, price: 95, mrp: 100, tax: 5, quantity: 10 }),
      masterRow({ customerCartId: 2, productName: 'Mango Pickle', cartQuantity: 1, price: 45.5, mrp: 50, tax: 12, quantity: 1, stockMessage: 'Only 1 item(s) left.' }),
    ];
    saved = [masterRow({ customerCartId: 3, productName: 'Green Tea', status: 'Saved', cartQuantity: 0, price: 304, mrp: 320 })];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows each line with saved amount, price, MRP, tax and total, and the cart totals', async () => {
    serveCart();
    renderScreen(<CartScreen />, { path: '/cart' });
    const rice = await screen.findByRole('article', { name: 'Basmati Rice 1kg' });
    expect(within(rice).getByLabelText('Quantity of Basmati Rice 1kg')).toHaveTextContent('2');
    expect(rice).toHaveTextContent('You Save₹10.00');
    expect(rice).toHaveTextContent('Price₹95.00');
    expect(rice).toHaveTextContent('MRP₹100.00');
    expect(rice).toHaveTextContent('Tax5%');
    expect(rice).toHaveTextContent('Total₹190.00');
    expect(card('Cart lines', 'Mango Pickle')).toHaveTextContent('Only 1 item(s) left.');
    const totals = screen.getByRole('region', { name: 'Cart total' });
    // 2 × ₹95 + ₹45.50; saved 2 × ₹5 + ₹4.50.
    expect(totals).toHaveTextContent('Items3');
    expect(totals).toHaveTextContent('Subtotal₹235.50');
    expect(totals).toHaveTextContent('You Save₹14.50');
    expect(within(card('Saved items', 'Green Tea')).getByRole('button', { name: 'Move to cart' })).toBeEnabled();
  });

  it('plus and minus change the quantity; minus at 1 removes the line; plus stops at the shelf with its message', async () => {
    const calls = serveCart([
      [
        /^PUT \/cart\/[12]$/,
        (call) => {
          const id = Number(call.key.split('/').at(-1));
          const quantity = (call.body as { cartQuantity: number }).cartQuantity;
          cart = quantity === 0 ? cart.filter((l) => l.customerCartId !== id) : cart.map((l) => (l.customerCartId === id ? { ...l, cartQuantity: quantity } : l));
          return [200, quantity === 0 ? null : cart.find((l) => l.customerCartId === id)];
        },
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await screen.findByRole('article', { name: 'Basmati Rice 1kg' });

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Basmati Rice 1kg' }));
    await waitFor(() => expect(screen.getByLabelText('Quantity of Basmati Rice 1kg')).toHaveTextContent('3'));
    expect(calls.find((c) => c.key === 'PUT /cart/1')!.body).toEqual({ status: 'InCart', cartQuantity: 3, version: 1 });

    // The pickle's shelf holds 1, which is in the cart already: no call, and the message says what is left (nothing).
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Mango Pickle' }));
    expect(card('Cart lines', 'Mango Pickle')).toHaveTextContent('Out of Stock');
    expect(card('Cart lines', 'Mango Pickle')).not.toHaveTextContent('1 in Stock');
    expect(calls.some((c) => c.key === 'PUT /cart/2')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Mango Pickle' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mango Pickle' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.key === 'PUT /cart/2')!.body).toEqual({ status: 'InCart', cartQuantity: 0, version: 1 });
  });

  it('hides plus and minus of a line whose shelf is empty', async () => {
    cart = [masterRow({ customerCartId: 4, productName: 'Ghee 500ml', quantity: 0, stockMessage: 'Out of Stock' })];
    serveCart();
    renderScreen(<CartScreen />, { path: '/cart' });
    const ghee = await screen.findByRole('article', { name: 'Ghee 500ml' });
    expect(ghee).toHaveTextContent('Out of Stock');
    expect(within(ghee).queryByRole('button', { name: /quantity/ })).not.toBeInTheDocument();
    expect(within(ghee).getByRole('button', { name: 'Save for later' })).toBeEnabled();
  });

  it('Save for later moves a line to the saved items, and Move to cart brings it back', async () => {
    const calls = serveCart([
      [
        'PUT /cart/1',
        (call) => {
          const line = cart.find((l) => l.customerCartId === 1)!;
          if ((call.body as { status: string }).status === 'Saved') {
            cart = cart.filter((l) => l !== line);
            saved = [...saved, { ...line, status: 'Saved', cartQuantity: 0, version: 2 }];
          }
          return [200, { ...line, status: 'Saved' }];
        },
      ],
      [
        'PUT /cart/3',
        () => {
          const line = saved.find((l) => l.customerCartId === 3)!;
          saved = saved.filter((l) => l !== line);
          cart = [...cart, { ...line, status: 'InCart', cartQuantity: 1, version: 2 }];
          return [200, line];
        },
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await user.click(within(await screen.findByRole('article', { name: 'Basmati Rice 1kg' })).getByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved items' })).getByRole('article', { name: 'Basmati Rice 1kg' })).toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Cart lines' })).queryByRole('article', { name: 'Basmati Rice 1kg' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /cart/1')!.body).toEqual({ status: 'Saved', version: 1 });

    await user.click(within(card('Saved items', 'Green Tea')).getByRole('button', { name: 'Move to cart' }));
    await waitFor(() => expect(card('Cart lines', 'Green Tea')).toBeInTheDocument());
    expect(calls.find((c) => c.key === 'PUT /cart/3')!.body).toEqual({ status: 'InCart', version: 1 });
  });

  it('Delete takes the line off the screen at once and puts it back with the reason when the server refuses', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const calls = serveCart([
      ['DELETE /cart/1', () => new Promise<Answer>((resolve) => (release = resolve)) as unknown as Answer],
    ]);
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await user.click(within(await screen.findByRole('article', { name: 'Basmati Rice 1kg' })).getByRole('button', { name: 'Delete' }));
    // Gone before the server answers.
    expect(screen.queryByRole('article', { name: 'Basmati Rice 1kg' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /cart/1')).toBe(true);
    release([404, { message: 'Cart item not found.' }]);
    expect(await screen.findByText('Cart item not found.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Basmati Rice 1kg' })).toBeInTheDocument();
  });

  it("says 'Your Cart is full, please place the order.' when a saved item would be an eleventh line", async () => {
    cart = Array.from({ length: 10 }, (_, i) => masterRow({ customerCartId: 10 + i, productName: `Product ${i + 1}` }));
    const calls = serveCart();
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await user.click(within(await screen.findByRole('article', { name: 'Green Tea' })).getByRole('button', { name: 'Move to cart' }));
    expect(await screen.findByText(CART_FULL)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it("shows the server's refusal of Move to cart (another tab filled the cart)", async () => {
    serveCart([['PUT /cart/3', [409, { message: CART_FULL }]]]);
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await user.click(within(await screen.findByRole('article', { name: 'Green Tea' })).getByRole('button', { name: 'Move to cart' }));
    expect(await screen.findByText(CART_FULL)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText(CART_FULL)).not.toBeInTheDocument());
  });

  it('searches the saved items by product name and pages them', async () => {
    saved = Array.from({ length: 5 }, (_, i) => masterRow({ customerCartId: 40 + i, productName: `Saved ${i + 1}`, status: 'Saved' }));
    const calls = serveCart([
      ['GET /cart/master/page/count/21/Saved', [200, 7]],
      [/^GET \/cart\/master\/page\/21\/Saved\?page=1&size=5$/, [200, [masterRow({ customerCartId: 60, productName: 'Saved 6', status: 'Saved' })]]],
      [/^GET \/cart\/master\/search\/21\/Saved\/tea\?page=0&size=5$/, [200, [masterRow({ customerCartId: 61, productName: 'Tea Masala', status: 'Saved' })]]],
      ['GET /cart/master/search/count/21/Saved/tea', [200, 1]],
    ]);
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await screen.findByRole('article', { name: 'Saved 1' });
    expect(screen.getByText('Showing 1–5 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'Saved 6' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search saved items by product name' }), 'tea{Enter}');
    expect(await screen.findByRole('article', { name: 'Tea Masala' })).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /cart/master/search/21/Saved/tea?page=0&size=5')).toBe(true);
  });

  it('goes back a page when the only saved item of the last page is moved to the cart', async () => {
    saved = Array.from({ length: 6 }, (_, i) => masterRow({ customerCartId: 40 + i, productName: `Saved ${i + 1}`, status: 'Saved' }));
    serveCart([
      [/^GET \/cart\/master\/page\/21\/Saved\?page=0&size=5$/, () => [200, saved.slice(0, 5)]],
      [/^GET \/cart\/master\/page\/21\/Saved\?page=1&size=5$/, () => [200, saved.slice(5, 10)]],
      [
        'PUT /cart/45',
        () => {
          const line = saved.find((l) => l.customerCartId === 45)!;
          saved = saved.filter((l) => l !== line);
          cart = [...cart, { ...line, status: 'InCart', cartQuantity: 1, version: 2 }];
          return [200, line];
        },
      ],
    ]);
    const user = userEvent.setup();
    renderScreen(<CartScreen />, { path: '/cart' });
    await screen.findByRole('article', { name: 'Saved 1' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(within(await screen.findByRole('article', { name: 'Saved 6' })).getByRole('button', { name: 'Move to cart' }));
    await waitFor(() => expect(card('Cart lines', 'Saved 6')).toBeInTheDocument());
    // Five saved items are left: the first page shows them, not an empty second page.
    expect(await within(screen.getByRole('list', { name: 'Saved items' })).findByRole('article', { name: 'Saved 1' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–5 of 5')).toBeInTheDocument();
    expect(screen.queryByText('Nothing saved for later.')).not.toBeInTheDocument();
  });
});
