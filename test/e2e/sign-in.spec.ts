import { SIGN_IN_FAILED, expect, signIn, signInAndLand, storedSession, test } from './fixtures.js';

test.describe('sign-in', () => {
  test('refuses a user name that is not an e-mail without asking the server', async ({ page }) => {
    const tokenCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/token')) tokenCalls.push(request.url());
    });
    await signIn(page, 'admin');
    await expect(page.getByText('Enter the Valid UserName...')).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(tokenCalls).toEqual([]);
  });

  test('a wrong password shows the spec message, stays on sign-in and stores no token', async ({ page }) => {
    await signIn(page, 'admin@demo.shop', 'Wrong@1234');
    await expect(page.getByRole('alert')).toContainText(SIGN_IN_FAILED);
    await expect(page).toHaveURL('/login');
    expect(await storedSession(page)).toBeNull();
  });

  test('a user name of an unknown shop is refused the same way', async ({ page }) => {
    await signIn(page, 'admin@elsewhere.shop');
    await expect(page.getByRole('alert')).toContainText(SIGN_IN_FAILED);
    expect(await storedSession(page)).toBeNull();
  });

  test('the server refuses an X-TenantID that is not the user name’s shop', async ({ request }) => {
    const response = await request.post('/api/token/generate', {
      headers: { 'X-TenantID': 'elsewhere' },
      data: { username: 'admin@demo.shop', password: 'Demo@1234' },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ message: SIGN_IN_FAILED });
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel(/^Password/);
    await password.fill('Secret@123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show or hide the password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('/ and /#/ show the sign-in screen; its links lead to reset and customer sign-up', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/passwordReset');
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up as a customer' }).click();
    await expect(page).toHaveURL('/customer/new');
  });

  test('a signed-out visit to a staff screen goes to sign-in', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('landing and dashboard', () => {
  test('an admin lands on /home and sees every section, admin tiles included', async ({ page }) => {
    await signInAndLand(page, 'admin@demo.shop');
    for (const section of ['Employee', 'Inventory', 'Customer', 'Admin']) {
      await expect(page.getByRole('button', { name: new RegExp(`^${section}`) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Create Tenant' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Employee' })).toBeVisible();
    const session = await storedSession(page);
    expect(session?.isCustomer).toBe(false);
  });

  test('a cashier sees only the tiles of their features', async ({ page }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    await expect(page.getByRole('link', { name: 'Place Order' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your Details' })).toHaveAttribute('href', /^\/userView\/\d+$/);
    await expect(page.getByRole('button', { name: /^Admin/ })).toHaveCount(0);
    for (const hidden of ['Create Tenant', 'Create Employee', 'Reportees', 'Roles', 'Expenses', 'Partners']) {
      await expect(page.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
  });

  test('a dashboard section collapses and opens again from the keyboard', async ({ page }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    const inventory = page.getByRole('button', { name: /^Inventory/ });
    await expect(inventory).toHaveAttribute('aria-expanded', 'true');
    await inventory.focus();
    await page.keyboard.press('Enter');
    await expect(inventory).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Place Order' })).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Place Order' })).toBeVisible();
  });

  test('a customer lands on /customerHome with the customer menu and cart', async ({ page }) => {
    await signInAndLand(page, 'customer@demo.shop', '/customerHome');
    await expect(page.getByRole('heading', { name: 'Welcome, Ravi Kumar' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    await page.getByRole('button', { name: 'Me menu' }).click();
    await expect(page.getByText('Hello, Ravi Kumar')).toBeVisible();
    for (const item of ['My Account', 'My Order Details', 'My WishList', 'Info', 'Sign Out']) {
      await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    }
    expect((await storedSession(page))?.isCustomer).toBe(true);
  });

  test('customer screens turn staff away with the spec message', async ({ page }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    await page.goto('/cart');
    await expect(page).toHaveURL('/error');
    await expect(page.getByText('Allowed only for Customers..  SignUp as a Customer.')).toBeVisible();
  });

  test('the footer lists the shop’s policies separated by bars, linking to /policies/{name}', async ({ page }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    const footer = page.getByRole('navigation', { name: 'Policies' });
    await expect(footer.getByRole('link', { name: 'Return Policy' })).toHaveAttribute('href', '/policies/Return%20Policy');
    await expect(footer).toHaveText(
      'Terms and Conditions|Privacy Policy|Return Policy|Shipping and Delivery|About|Terms & Contact',
    );
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL('/policies/Terms%20and%20Conditions');
  });

  test('Sign Out ends the session on the server, shows the logged-out screen and forgets the session', async ({ page, request }) => {
    await signInAndLand(page, 'cashier@demo.shop');
    const before = (await storedSession(page))!;
    await page.getByRole('button', { name: 'Me menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByText('You Logged Out Successfully')).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // The token this browser held is refused from now on, and so is its refresh.
    const held = await request.get('/api/appUser/user', { headers: { authorization: `Bearer ${before.token}` } });
    expect(held.status()).toBe(401);
    expect(await held.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    const refreshed = await request.post('/api/token/refresh', {
      headers: { authorization: `Bearer ${before.token}` },
      data: { refreshToken: before.refreshToken },
    });
    expect(refreshed.status()).toBe(401);
    await page.goto('/home');
    await expect(page).toHaveURL('/login');
  });
});
