import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../../../shared/schemas/cart.js';
import type { WishLine } from '../../../../../shared/schemas/wish.js';
import { renderScreen, serve, type Call } from '../../../../../test/web/leave-fixtures.js';
import { cartLine, CUSTOMER_ID, shelfProduct, signInAsCustomer, wishLine } from '../../../../../test/web/storefront-browse-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import CategoryProducts from './category-products.js';

const dal = shelfProduct({ productId: 1, productName: 'Toor Dal', quantity: 4, sellingPrice: 150, mrp: 180 });
const ghee = shelfProduct({ productId: 2, productName: 'Cow Ghee', quantity: 2, sellingPrice: 620, mrp: 650, size: '500 ml', colour: 'Gold' });
const salt = shelfProduct({ productId: 3, productName: 'Rock Salt', quantity: 0 });

/** A stand-in server keeping the customer's cart lines and wishes, so the screen's reloads see the changes. */
function shop({ products = [dal, ghee, salt], count = 3, lines = [] as CartLine[], wishes = [] as WishLine[], save }: {
  products?: typeof dal[];
  count?: number;
  lines?: CartLine[];
  wishes?: WishLine[];
  save?: (call: Call) => [number, unknown] | undefined;
} = {}) {
  let nextId = 50;
  return serve([
    ['GET /category/image/3', [200, { categoryId: 3, categoryName: 'Groceries', imageUrl: '/img/groceries.png', version: 1 }]],
    ['GET /category/image/99', [404, { message: 'Category not found' }]],
    [/^GET \/inventory\/products\/category\/3\?page=0/, [200, products]],
    [/^GET \/inventory\/products\/category\/3\?page=1/, [200, [shelfProduct({ productId: 9, productName: 'Zeera' })]]],
    [/^GET \/inventory\/products\/3\/to/, [200, [dal]]],
    ['GET /product/count/category/3', [200, count]],
    ['GET /product/searchCount/3/to', [200, 1]],
    [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, () => [200, lines]],
    [`GET /wish/byCustomer/${CUSTOMER_ID}/Wishlist`, () => [200, wishes]],
    [
      'POST /cart/save',
      (call) => {
        const refused = save?.(call);
        if (refused) return refused;
        const body = call.body as { productId: number; cartQuantity: number };
        const line = cartLine({ customerCartId: nextId++, productId: body.productId, cartQuantity: body.cartQuantity, price: 150 });
        lines = [...lines, line];
        return [200, line];
      },
    ],
    [
      'POST /wish/save',
      (call) => {
        const body = call.body as { productId: number };
        const wish = wishLine({ customerWishId: nextId++, productId: body.productId, productName: 'Toor Dal' });
        wishes = [...wishes, wish];
        return [200, wish];
      },
    ],
    [
      /^DELETE \/wish\/\d+$/,
      (call) => {
        const id = Number(call.key.split('/').at(-1));
        const gone = wishes.find((w) => w.customerWishId === id);
        wishes = wishes.filter((w) => w.customerWishId !== id);
        return [200, gone];
      },
    ],
  ]);
}

const renderListing = () =>
  renderScreen(<CategoryProducts />, { path: '/cart/:categoryId', url: '/cart/3', elsewhere: ['/cart', '/wish', '/productDetails/:artcode'] });

const card = async (name: string) => screen.findByRole('article', { name });

describe('Product listing (Add To Cart)', () => {
  beforeEach(() => signInAsCustomer());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows size, colour, price, the struck MRP and the red stock messages; nothing to buy when out of stock', async () => {
    shop();
    renderListing();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add To Cart' })).toBeInTheDocument();

    const ghees = await card('Cow Ghee');
    expect(ghees).toHaveTextContent('Size: 500 ml');
    expect(ghees).toHaveTextContent('Color: Gold');
    expect(within(ghees).getByLabelText('Price ₹620.00')).toBeInTheDocument();
    expect(within(ghees).getByLabelText('MRP ₹650.00')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(ghees).getByRole('status')).toHaveTextContent('Only 2 item(s) left.');
    expect(within(ghees).getByRole('link', { name: 'Cow Ghee' })).toHaveAttribute('href', '/productDetails/ART2');

    const salts = await card('Rock Salt');
    expect(within(salts).getByRole('status')).toHaveTextContent('Out of Stock');
    expect(within(salts).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(within(salts).queryByRole('textbox', { name: /Quantity/ })).not.toBeInTheDocument();

    const dals = await card('Toor Dal');
    expect(within(dals).queryByRole('status')).not.toBeInTheDocument();
  });

  it('names the category when opened by its address, and tells an unknown category', async () => {
    shop();
    renderListing();
    expect(await screen.findByText('Groceries')).toBeInTheDocument();
    vi.unstubAllGlobals();

    shop();
    renderScreen(<CategoryProducts />, { path: '/cart/:categoryId', url: '/cart/99', elsewhere: ['/cart'] });
    expect(await screen.findByText('There is no such category.')).toBeInTheDocument();
  });

  it("caps the quantity at the shelf's units with '{n} in Stock', refuses a quantity below 1, adds to the cart and shows 'In cart(n)'", async () => {
    const calls = shop();
    const user = userEvent.setup();
    renderListing();
    const dals = await card('Toor Dal');
    const quantity = within(dals).getByRole('textbox', { name: 'Quantity of Toor Dal' });

    await user.clear(quantity);
    await user.click(within(dals).getByRole('button', { name: 'Add to Cart' }));
    expect(await within(dals).findByText('Invalid Quantity')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /cart/save')).toBe(false);

    await user.type(quantity, '9');
    expect(quantity).toHaveValue('4');
    expect(within(dals).getByRole('status')).toHaveTextContent('4 in Stock');

    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(within(dals).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dals).queryByText('Invalid Quantity')).not.toBeInTheDocument();
    // A letter is not taken, and the customer is told so rather than seeing it vanish.
    await user.type(quantity, 'x');
    expect(quantity).toHaveValue('3');
    expect(within(dals).getByText('Invalid Quantity')).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Your cart' });
    await waitFor(() => expect(within(aside).getByTestId('mini-cart-items')).toHaveTextContent('0'));

    await user.click(within(dals).getByRole('button', { name: 'Add to Cart' }));
    const inCart = await within(dals).findByRole('link', { name: 'In cart(3)' });
    expect(inCart).toHaveAttribute('href', '/cart');
    expect(within(dals).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    const save = calls.find((c) => c.key === 'POST /cart/save')!;
    expect(save.body).toEqual({ customerId: CUSTOMER_ID, productId: 1, stockId: 100, inventoryId: 10, cartQuantity: 3, status: 'InCart' });
    await waitFor(() => expect(within(aside).getByTestId('mini-cart-items')).toHaveTextContent('3'));
    expect(within(aside).getByTestId('mini-cart-subtotal')).toHaveTextContent('₹450.00');
  });

  it("shows the server's refusal in a modal with OK: 'Your Cart is full, please place the order.'", async () => {
    shop({ save: () => [409, { message: 'Your Cart is full, please place the order.' }] });
    const user = userEvent.setup();
    renderListing();
    const dals = await card('Toor Dal');
    await user.click(within(dals).getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Your Cart is full, please place the order.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(dals).getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });

  it("shows 'In cart(n)' for a product already in the cart", async () => {
    shop({ lines: [cartLine({ customerCartId: 8, productId: 2, cartQuantity: 1 })] });
    renderListing();
    const ghees = await card('Cow Ghee');
    expect(await within(ghees).findByRole('link', { name: 'In cart(1)' })).toBeInTheDocument();
    expect(within(ghees).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it("toggles the wishlist: 'Add to wishlist', then the 'Added to wishlist' link to /wish, and off again", async () => {
    const calls = shop();
    const user = userEvent.setup();
    renderListing();
    const dals = await card('Toor Dal');
    await user.click(await within(dals).findByRole('button', { name: 'Add to wishlist' }));
    const added = await within(dals).findByRole('link', { name: 'Added to wishlist' });
    expect(added).toHaveAttribute('href', '/wish');
    expect(calls.find((c) => c.key === 'POST /wish/save')!.body).toMatchObject({ customerId: CUSTOMER_ID, productId: 1, stockId: 100 });

    await user.click(within(dals).getByRole('button', { name: 'Remove Toor Dal from wishlist' }));
    expect(await within(dals).findByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => /^DELETE \/wish\/\d+$/.test(c.key))).toBe(true));
  });

  it('pages five at a time from 1 and searches by product name', async () => {
    const calls = shop({ count: 7 });
    const user = userEvent.setup();
    renderListing();
    await card('Toor Dal');
    expect(screen.getByText('Showing 1–5 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await card('Zeera')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /inventory/products/category/3?page=1&size=5')).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'to{Enter}');
    expect(await card('Toor Dal')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cow Ghee' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.key === 'GET /inventory/products/3/to?page=0&size=5')).toBe(true);
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });
});
