import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../../../shared/schemas/cart.js';
import type { PublicProduct } from '../../../../../shared/schemas/public-catalogue-answers.js';
import { renderScreen, serve } from '../../../../../test/web/leave-fixtures.js';
import { cartLine, CUSTOMER_ID, shelfProduct, signInAsCustomer } from '../../../../../test/web/storefront-browse-fixtures.js';
import { forgetCartAdd, pendingCartAdd, pendingProductPath } from '../../../lib/pending-cart.js';
import { clearSession } from '../../../lib/session.js';
import ProductDetails from './product-details.js';
import { PublicCategories, PublicCategoryProducts, PublicProductDetails } from './public-storefront.js';

const mug: PublicProduct = {
  productId: 4,
  productName: 'Brass Mug',
  categoryId: 7,
  artcode: 'BM1',
  imageUrl: '/media/t/demo/images/mug.png',
  size: '300 ml',
  colour: 'Gold',
  description: 'Hand made',
  sellingPrice: 1299,
  mrp: 1499,
  inStock: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCartAdd();
  clearSession();
});

describe('The public storefront', () => {
  it("shows a shared product to a visitor without sign-in: image, price and stock, from the public route", async () => {
    const calls = serve([['GET /public/demo/product/BM1', [200, mug]]]);
    renderScreen(<PublicProductDetails />, { path: '/shop/:shop/product/:artcode', url: '/shop/demo/product/BM1', elsewhere: ['/login', '/customer/new'] });

    expect(await screen.findByRole('heading', { level: 2, name: 'Brass Mug' })).toBeInTheDocument();
    expect(screen.getByText('₹1,299.00')).toBeInTheDocument();
    expect(screen.getByText('₹1,499.00')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brass Mug' })).toHaveAttribute('src', '/media/t/demo/images/mug.png');
    expect(calls.map((c) => c.key)).toEqual(['GET /public/demo/product/BM1']);
  });

  it('lists a category\'s products with links to their public pages', async () => {
    serve([[/^GET \/public\/demo\/category\/7\/products/, [200, [mug, { ...mug, productId: 5, productName: 'Steel Mug', artcode: 'SM1', inStock: false }]]]]);
    renderScreen(<PublicCategoryProducts />, { path: '/shop/:shop/category/:categoryId', url: '/shop/demo/category/7' });
    expect(await screen.findByRole('link', { name: 'Brass Mug' })).toHaveAttribute('href', '/shop/demo/product/BM1');
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
  });

  it("searches the categories by any word: 'oil' asks the public route with ?search=oil and shows Edible Oils; nothing found says so", async () => {
    const calls = serve([
      [/^GET \/public\/demo\/category\?size=24&search=oil$/, [200, [{ categoryId: 3, categoryName: 'Edible Oils' }]]],
      [/^GET \/public\/demo\/category\?size=24&search=ils$/, [200, []]],
      [/^GET \/public\/demo\/category\?size=24$/, [200, [{ categoryId: 1, categoryName: 'Rice' }]]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PublicCategories />, { path: '/shop/:shop', url: '/shop/demo' });
    expect(await screen.findByText('Rice')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search categories' }), 'oil');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: /Edible Oils/ })).toHaveAttribute('href', '/shop/demo/category/3');
    expect(screen.queryByText('Rice')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search categories' }));
    await user.type(screen.getByRole('textbox', { name: 'Search categories' }), 'ils');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText("No category has a word starting with 'ils'.")).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /public/demo/category?size=24', 'GET /public/demo/category?size=24&search=oil', 'GET /public/demo/category?size=24&search=ils']);
  });

  it("searches a category's products by any word through the public route", async () => {
    const calls = serve([
      [/^GET \/public\/demo\/category\/7\/products\?size=24&search=mug$/, [200, [mug]]],
      [/^GET \/public\/demo\/category\/7\/products\?size=24$/, [200, [mug, { ...mug, productId: 5, productName: 'Steel Plate', artcode: 'SP1' }]]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PublicCategoryProducts />, { path: '/shop/:shop/category/:categoryId', url: '/shop/demo/category/7' });
    expect(await screen.findByRole('link', { name: 'Steel Plate' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'mug');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('link', { name: 'Brass Mug' });
    expect(screen.queryByRole('link', { name: 'Steel Plate' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /public/demo/category/7/products?size=24', 'GET /public/demo/category/7/products?size=24&search=mug']);
  });

  it('reads a long category a page at a time: Show more asks for the next page by the cursor of the last one', async () => {
    const steel = { ...mug, productId: 5, productName: 'Steel Mug', artcode: 'SM1' };
    const calls = serve([
      [/^GET \/public\/demo\/category\/7\/products\?size=24&cursor=c1\.n1$/, [200, [steel]]],
      [/^GET \/public\/demo\/category\/7\/products\?size=24$/, [200, [mug], { 'X-Next-Page': 'c1.n1' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<PublicCategoryProducts />, { path: '/shop/:shop/category/:categoryId', url: '/shop/demo/category/7' });
    expect(await screen.findByRole('link', { name: 'Brass Mug' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Steel Mug' })).toHaveAttribute('href', '/shop/demo/product/SM1');
    // Both pages stay on screen, and the last page offers no more.
    expect(screen.getByRole('link', { name: 'Brass Mug' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /public/demo/category/7/products?size=24', 'GET /public/demo/category/7/products?size=24&cursor=c1.n1']);
  });

  it('"Add to cart" sends the visitor to sign in, and once signed in the product page adds it to the cart once', async () => {
    serve([['GET /public/demo/product/BM1', [200, mug]]]);
    const user = userEvent.setup();
    const first = renderScreen(<PublicProductDetails />, { path: '/shop/:shop/product/:artcode', url: '/shop/demo/product/BM1', elsewhere: ['/login', '/customer/new'] });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('page /login')).toBeInTheDocument();
    expect(pendingCartAdd()).toEqual({ shop: 'demo', artcode: 'BM1', productId: 4 });
    // Signing in lands on the signed-in product page.
    expect(pendingProductPath()).toBe('/productDetails/BM1');
    first.unmount();
    vi.unstubAllGlobals();

    signInAsCustomer();
    let lines: CartLine[] = [];
    const calls = serve([
      ['GET /inventory/artcode/BM1', [200, [shelfProduct({ productId: 4, productName: 'Brass Mug', artcode: 'BM1', stockId: 41, quantity: 5, sellingPrice: 1299, mrp: 1499 })]]],
      [`GET /cart/byCustomerStatus/${CUSTOMER_ID}/InCart`, () => [200, lines]],
      [`GET /wish/byCustomer/${CUSTOMER_ID}/Wishlist`, [200, []]],
      [
        'POST /cart/save',
        () => {
          lines = [cartLine({ customerCartId: 70, productId: 4, stockId: 41, cartQuantity: 1, price: 1299 })];
          return [200, lines[0]];
        },
      ],
    ]);
    renderScreen(<ProductDetails />, { path: '/productDetails/:artcode', url: '/productDetails/BM1', elsewhere: ['/cart', '/wish'] });
    expect(await screen.findByText('Brass Mug is in your cart.')).toBeInTheDocument();
    const saves = calls.filter((c) => c.key === 'POST /cart/save');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toMatchObject({ customerId: CUSTOMER_ID, productId: 4, stockId: 41, cartQuantity: 1, status: 'InCart' });
    expect(pendingCartAdd()).toBeNull();
  });
});
