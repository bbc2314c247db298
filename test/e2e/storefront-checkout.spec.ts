import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { tinyPng } from './catalogue-helpers.js';
import { demoTokenOf, digits, expect, signInAndLand, signUpCustomer, test } from './fixtures.js';

// Payments run the payment-to-order flow (stock, bill, order lines, e-mail) on a busy machine.
test.describe.configure({ timeout: 180_000 });

const SHOPPER_PASSWORD = 'Shopper@2024';
const todayInIndia = () => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/** The API of the stack the browser tests run against, called as a user of the demo shop. */
async function api(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
}

async function callAs<T>(http: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const answer = await http.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

interface Shopper {
  userName: string;
  customerId: number;
  mobileNumber: string;
  token: string;
}

/** A customer who signed up in the demo shop, with their token. */
async function newShopper(http: APIRequestContext): Promise<Shopper> {
  const customer = await signUpCustomer(http, 'Shopper', SHOPPER_PASSWORD);
  return { ...customer, token: await demoTokenOf(http, customer.userName, SHOPPER_PASSWORD) };
}

interface Stocked {
  productId: number;
  stockId: number;
  productName: string;
}

/** A product of its own received into stock by the shop's admin: 20 units at ₹110 (MRP ₹120, GST 5%). */
async function stockedProduct(http: APIRequestContext, base: string): Promise<Stocked> {
  const admin = await demoTokenOf(http, 'admin@demo.shop');
  const tag = `${Date.now().toString(36)}${digits(3)}`;
  const imageContent = `data:image/png;base64,${tinyPng([40, 120, 200]).toString('base64')}`;
  const category = await callAs<{ categoryId: number }>(http, admin, 'POST', '/category/save', { categoryName: `Checkout ${tag}`, imageContent });
  const [product] = await callAs<{ productId: number; productName: string }[]>(http, admin, 'POST', '/product/saveAll', [
    { productName: `${base} ${tag}`, categoryId: category.categoryId, description: 'Browser test product', size: '1 kg', colour: 'Brown', imageContent },
  ]);
  const received = await callAs<{ stock: { stockId: number } }>(http, admin, 'POST', '/inventory/save', {
    productId: product!.productId,
    vendor: 'Checkout Wholesale',
    artcode: `CK${digits(7)}`,
    barcode: `89${digits(11)}`,
    quantity: 20,
    cgst: 2.5,
    sgst: 2.5,
    mrp: 120,
    buyingPrice: 80,
    sellingPrice: 110,
  });
  return { productId: product!.productId, stockId: received.stock.stockId, productName: product!.productName };
}

const addToCart = (http: APIRequestContext, shopper: Shopper, product: Stocked, cartQuantity: number) =>
  callAs(http, shopper.token, 'POST', '/cart/save', { customerId: shopper.customerId, productId: product.productId, stockId: product.stockId, cartQuantity });

/** Pays the shopper's cart as the browser would: a provider order, the simulator's success, the checkout's result. */
async function paidOrder(http: APIRequestContext, shopper: Shopper): Promise<void> {
  const order = await callAs<{ id: string; checkoutUrl: string }>(http, shopper.token, 'POST', '/payment/order/external', { currency: 'INR' });
  const simulator = new URL(order.checkoutUrl).origin;
  const completed = await http.post(`${simulator}/sim/checkout/complete`, { data: { order_id: order.id, outcome: 'success' } });
  expect(completed.status(), await completed.text()).toBe(200);
  const { response } = (await completed.json()) as { response: Record<string, string> };
  const outcome = await callAs<{ status: string }>(http, shopper.token, 'POST', '/payment/order/internal', { payment: response, status: 'Paid' });
  expect(outcome.status).toBe('Paid');
}

async function signInAsShopper(browser: Browser, shopper: Shopper): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('User Name').fill(shopper.userName);
  await page.getByLabel(/^Password/).fill(SHOPPER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/customerHome', { timeout: 30_000 });
  return page;
}

const checkoutWindow = (page: Page) => page.frameLocator('iframe[title="Razorpay Checkout"]');

test('a customer pays the cart through the checkout: a failed attempt keeps the cart, a paid one makes the order and empties it', async ({ browser }) => {
  const http = await api();
  const [shopper, product] = await Promise.all([newShopper(http), stockedProduct(http, 'Checkout Jaggery')]);
  await addToCart(http, shopper, product, 2);
  const page = await signInAsShopper(browser, shopper);

  await page.goto('/cart');
  const line = page.getByRole('article', { name: product.productName });
  await expect(line).toContainText('₹220.00', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL('/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // 2 × ₹110 + ₹100 delivery; saved 2 × ₹10. Prices include GST: the 5% inside ₹220 is ₹5.24 CGST + ₹5.24 SGST and
  // inside the delivery ₹2.38 + ₹2.38, so the tax shown (and charged on the invoice) is ₹15.24.
  await expect(page.getByLabel('Payable Amount')).toHaveText('₹320.00', { timeout: 30_000 });
  await expect(page.getByLabel('Saved Amount')).toHaveText('₹20.00');
  await expect(page.getByLabel('Tax', { exact: true })).toHaveText('₹15.24');
  await expect(page.getByLabel('Delivery Charge')).toHaveText('₹100.00');
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('Pending');

  // Shipped to another state than the shop's (Karnataka): the order's bill charges IGST.
  const shipTo = page.getByRole('region', { name: 'Ship to' });
  await shipTo.getByRole('textbox', { name: 'Name' }).fill('Shopper at Home');
  await shipTo.getByRole('textbox', { name: 'Street Address' }).fill('14, Anna Salai');
  await shipTo.getByRole('textbox', { name: 'City' }).fill('Chennai');
  await shipTo.getByRole('textbox', { name: 'PIN Code' }).fill('60000');
  await shipTo.getByRole('combobox', { name: 'State' }).fill('Tamil');
  await page.getByRole('option', { name: '33 – Tamil Nadu' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(shipTo.getByText('Enter a 6-digit PIN code.')).toBeVisible();
  await shipTo.getByRole('textbox', { name: 'PIN Code' }).fill('600002');

  // The simulator's checkout window: the tester fails the payment.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(checkoutWindow(page).getByTestId('amount')).toHaveText('₹320.00', { timeout: 30_000 });
  await checkoutWindow(page).getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page.getByText('Oops Payment Failed!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Payment failed because the card was declined (simulated).')).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('Failed');

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('article', { name: product.productName })).toBeVisible({ timeout: 30_000 });

  // Paying again, the tester picks success; the address starts as the last order's.
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page.getByLabel('Payable Amount')).toHaveText('₹320.00', { timeout: 30_000 });
  await expect(shipTo.getByRole('textbox', { name: 'City' })).toHaveValue('Chennai');
  await expect(shipTo.getByRole('textbox', { name: 'PIN Code' })).toHaveValue('600002');
  await expect(shipTo.getByRole('combobox', { name: 'State' })).toHaveValue('33 – Tamil Nadu');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await checkoutWindow(page).getByRole('button', { name: /^Pay ₹320\.00/ }).click({ timeout: 30_000 });
  await expect(page.getByText('Payment Successfull!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^Payment Id: pay_/)).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  // The order goes to Chennai, not to the profile's Bengaluru address.
  const chennai = 'Shopper at Home, 14, Anna Salai, Chennai 600002, 33-Tamil Nadu';
  await expect(page.getByLabel('Address', { exact: true })).toHaveText(chennai);

  await page.getByRole('link', { name: 'Your Orders' }).click();
  await expect(page).toHaveURL('/order');
  const order = page.getByRole('article', { name: product.productName });
  await expect(order).toContainText('OrderSuccess', { timeout: 30_000 });
  await expect(order).toContainText('Amount Paid₹220.00');
  await expect(order).toContainText(`Ordered On${todayInIndia()}`);
  await expect(order).toContainText('Delivery PersonTo Be Updated');
  await expect(order).toContainText(`Delivering To ${chennai}`);

  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible({ timeout: 30_000 });
  await page.context().close();
  await http.dispose();
});

test('staff ship an order with its delivery person and contact and then deliver it; the customer sees both dates', async ({ page, browser }) => {
  const http = await api();
  const [shopper, product] = await Promise.all([newShopper(http), stockedProduct(http, 'Tracking Cashews')]);
  await addToCart(http, shopper, product, 1);
  await paidOrder(http, shopper);

  await signInAndLand(page, 'manager@demo.shop');
  await page.goto('/orderTracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Order Tracking' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search by mobile number' }).fill(shopper.mobileNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: product.productName });
  await expect(row).toContainText('OrderSuccess', { timeout: 30_000 });
  await expect(row).toContainText(shopper.mobileNumber);

  const ship = row.getByRole('button', { name: /^Ship / });
  await ship.click();
  await expect(row.getByText('Delivery Person is required.')).toBeVisible();
  await expect(row.getByText('Delivery Contact is required.')).toBeVisible();
  await row.getByRole('textbox', { name: /^Delivery Person/ }).fill('Manjunath');
  await row.getByRole('textbox', { name: /^Delivery Contact/ }).fill('98450 111');
  await ship.click();
  await expect(row.getByText('Delivery Contact should be a number.')).toBeVisible();
  await row.getByRole('textbox', { name: /^Delivery Contact/ }).fill('9845011122');
  await ship.click();
  await expect(row).toContainText(`Shipped ${todayInIndia()}`, { timeout: 30_000 });
  await expect(row).toContainText('Manjunath');
  await expect(row.getByRole('button', { name: /^Ship / })).toHaveCount(0);

  const customer = await signInAsShopper(browser, shopper);
  await customer.goto('/order');
  const order = customer.getByRole('article', { name: product.productName });
  await expect(order).toContainText('StatusShipped', { timeout: 30_000 });
  await expect(order).toContainText('Delivery PersonManjunath');
  await expect(order).toContainText('Delivery Contact9845011122');
  await expect(order).toContainText(`Shipped On${todayInIndia()}`);

  await row.getByRole('button', { name: /^Deliver / }).click();
  await expect(row).toContainText(`Delivered ${todayInIndia()}`, { timeout: 30_000 });
  await expect(row.getByRole('button')).toHaveCount(0);

  await customer.reload();
  await expect(order).toContainText('StatusDelivered', { timeout: 30_000 });
  await expect(order).toContainText(`Shipped On${todayInIndia()}`);
  await expect(order).toContainText(`Delivered On${todayInIndia()}`);
  await customer.context().close();
  await http.dispose();
});
