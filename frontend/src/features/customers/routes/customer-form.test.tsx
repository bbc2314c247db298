import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GSTIN_MESSAGES } from '../../../../../shared/gst.js';
import { PASSWORD_MISMATCH } from '../../../../../shared/schemas/auth.js';
import { CUSTOMER_NAME_EXISTS, MOBILE_EXISTS, type Customer } from '../../../../../shared/schemas/customer.js';
import { CASHIER_ID, OWNER_ID, renderScreen, serve, signInWith } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import CustomerFormScreen from './customer-form.js';
import CustomerListScreen from './customer-list.js';

const meena: Customer = {
  customerId: 7,
  customerName: 'MeenaIyer@demo.shop',
  mobileNumber: '9740000001',
  emailId: 'meena@example.in',
  address: '2, Car Street',
  creditPoints: 12,
  version: 2,
  createdOn: '2026-05-02T05:00:00.000Z',
  updatedOn: '2026-06-10T05:00:00.000Z',
};
const shops = [
  { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Shop' },
  { tenantId: 'gamma', tenantName: 'gamma', displayName: 'Gamma Provisions' },
];

/** As the route table declares them: `/customer/new` is a route of its own, without the id parameter. */
const openForm = (id = 'new') =>
  renderScreen(<CustomerFormScreen />, {
    path: id === 'new' ? '/customer/new' : '/customer/:id',
    url: `/customer/${id}`,
    elsewhere: ['/login', '/customer', '/home', '/error'],
  });

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('customer self sign-up', () => {
  it('registers with the Tenant select, puts refusals under their fields and goes to sign-in', async () => {
    let answer: [number, unknown] = [409, { message: MOBILE_EXISTS }];
    const calls = serve([
      ['GET /tenant', [200, shops]],
      ['POST /customer/signUp', () => answer],
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Registration' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Gamma Provisions' });

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Select the shop')).toBeInTheDocument();
    expect(screen.getByText('Enter the Valid Mobile Number!!!')).toBeInTheDocument();
    expect(screen.getByText('Enter the Valid Email Id!!!')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /^Tenant/ }), 'Demo Shop');
    await user.type(screen.getByRole('textbox', { name: /^Customer Name/ }), 'Kavya S.');
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '9741111111');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'kavya@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'Kavya@2024');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Kavya@2025');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(PASSWORD_MISMATCH)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /customer/signUp')).toBe(false);

    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Kavya@2024');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(MOBILE_EXISTS)).toBeInTheDocument();

    answer = [200, { ...meena, customerId: 30, customerName: 'KavyaS@demo.shop', appUserId: 44 }];
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByText('page /login');
    expect(calls.filter((c) => c.key === 'POST /customer/signUp').at(-1)!.body).toEqual({
      tenantId: 'demo',
      customerName: 'Kavya S.',
      mobileNumber: '9741111111',
      emailId: 'kavya@example.in',
      address: '',
      password: 'Kavya@2024',
      passwordVerify: 'Kavya@2024',
    });
    expect(router.state.location.state).toEqual({ notice: 'Welcome, KavyaS! Sign in as kavyas@demo.shop with the password you chose.' });
  });

  it('cancels to sign-in', async () => {
    serve([['GET /tenant', [200, shops]]]);
    const user = userEvent.setup({ delay: null });
    openForm();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('page /login')).toBeInTheDocument();
  });
});

describe('customer registration by staff', () => {
  it('has no Tenant select, says a mobile is taken as soon as it is typed, and a taken name on save', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const calls = serve([
      ['GET /customer/isExist/9740000001', [200, true]],
      [/^GET \/customer\/isExist\//, [200, false]],
      ['POST /customer/save', [409, { message: CUSTOMER_NAME_EXISTS }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm();
    await user.type(await screen.findByRole('textbox', { name: /^Customer Name/ }), 'Meena Iyer');
    expect(screen.queryByRole('combobox', { name: /^Tenant/ })).not.toBeInTheDocument();
    expect(screen.getByText('Saved as MeenaIyer@demo.shop')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '9740000001');
    expect(await screen.findByText(MOBILE_EXISTS)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'meena@example.in');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(calls.some((c) => c.key === 'POST /customer/save')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: /^Mobile Number/ }));
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '9740000002');
    await waitFor(() => expect(screen.queryByText(MOBILE_EXISTS)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(CUSTOMER_NAME_EXISTS)).toBeInTheDocument();
  });

  it('locks name and mobile on an update and sends only what may change', async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const calls = serve([
      ['GET /customer/7', [200, meena]],
      ['PUT /customer/7', (call) => [200, { ...meena, ...(call.body as object) }]],
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm('7');
    const name = await screen.findByRole('textbox', { name: /^Customer Name/ });
    expect(name).toHaveValue('MeenaIyer');
    expect(name).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Mobile Number/ })).toBeDisabled();
    const address = screen.getByRole('textbox', { name: /^Address/ });
    await user.clear(address);
    await user.type(address, 'Kadri, Mangaluru');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('page /customer');
    expect(calls.find((c) => c.key === 'PUT /customer/7')!.body).toEqual({ emailId: 'meena@example.in', address: 'Kadri, Mangaluru', version: 2 });
    expect(router.state.location.state).toEqual({ notice: 'Saved MeenaIyer.' });
    expect(calls.some((c) => c.key.startsWith('GET /customer/isExist'))).toBe(false);
  });
});

describe('customer GST details', () => {
  it("checks a business customer's GSTIN and that the state is the GSTIN's, and sends them upper-cased", async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    const calls = serve([
      ['GET /customer/7', [200, meena]],
      ['PUT /customer/7', (call) => [200, { ...meena, ...(call.body as object) }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm('7');
    const gstin = await screen.findByRole('textbox', { name: /^GSTIN/ });
    await user.type(gstin, '29aabcg1234h1za');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GSTIN_MESSAGES.checksum)).toBeInTheDocument();

    await user.clear(gstin);
    await user.type(gstin, '29aabcg1234h1zv');
    await user.type(screen.getByLabelText(/^State/, { selector: 'input' }), 'Kerala');
    await user.click(await screen.findByRole('option', { name: '32 – Kerala' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This GSTIN is registered in 29-Karnataka: choose that state.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /customer/7')).toBe(false);

    await user.clear(screen.getByLabelText(/^State/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^State/, { selector: 'input' }), 'Karnataka');
    await user.click(await screen.findByRole('option', { name: '29 – Karnataka' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('page /customer');
    expect(calls.find((c) => c.key === 'PUT /customer/7')!.body).toMatchObject({ gstin: '29AABCG1234H1ZV', state: '29' });
  });
});

describe('customer list', () => {
  it('shows the spec’s columns with names without the domain, and restores a row the server would not delete', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    serve([
      [/^GET \/customer\/all\?/, [200, [meena]]],
      ['GET /customer/count', [200, 1]],
      ['DELETE /customer/7', [404, { message: 'Customer not found.' }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<CustomerListScreen />, { path: '/customer', elsewhere: ['/customer/:id', '/home'] });
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Customer Id', 'Customer Name', 'Address', 'Mobile Number', 'Credit Points', 'Last Updated', 'Actions']);
    const row = (await screen.findByText('MeenaIyer')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '02/05/2026', '7', 'MeenaIyer', '2, Car Street', '9740000001', '12', '10/06/2026', expect.stringContaining('Edit'),
    ]);
    await user.click(within(row).getByRole('button', { name: 'Delete MeenaIyer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete customer' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Message' })).toHaveTextContent('MeenaIyer could not be deleted: Customer not found.');
    expect(screen.getByText('MeenaIyer')).toBeInTheDocument();
  });

  it('says when a search matches 1,000 or more customers, and the note goes once the text narrows them', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    serve([
      [/^GET \/customer\/all\?/, [200, [meena]]],
      ['GET /customer/count', [200, 1]],
      // A one-digit search of a large shop: the server counts matches up to 1,000.
      [/^GET \/customer\/search\/9\?/, [200, [meena]]],
      ['GET /customer/searchCount/9', [200, 1000]],
      [/^GET \/customer\/search\/97400\?/, [200, [meena]]],
      ['GET /customer/searchCount/97400', [200, 1]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<CustomerListScreen />, { path: '/customer', elsewhere: ['/customer/:id', '/home'] });
    const box = await screen.findByRole('textbox', { name: 'Search by customer name or mobile number' });
    await user.type(box, '9{Enter}');
    expect(await screen.findByText(/1,000 or more customer names or mobile numbers match “9”: the first 1,000 are listed/)).toBeInTheDocument();
    await user.type(box, '7400{Enter}');
    await waitFor(() => expect(screen.queryByText(/or more customer names/)).not.toBeInTheDocument());
  });

  it("links each customer's account for those who read accounts, and not for a user who only lists customers", async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    serve([
      [/^GET \/customer\/all\?/, [200, [meena]]],
      ['GET /customer/count', [200, 1]],
    ]);
    const user = userEvent.setup({ delay: null });
    const { unmount, router } = renderScreen(<CustomerListScreen />, { path: '/customer', elsewhere: ['/customer/:id', '/customerAccount/:id', '/home'] });
    await user.click(await screen.findByRole('link', { name: 'Account of MeenaIyer' }));
    expect(await screen.findByText('page /customerAccount/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customerAccount/7');
    unmount();

    signInWith('lister@demo.shop', CASHIER_ID, ['CASHIER'], ['CustomerList']);
    renderScreen(<CustomerListScreen />, { path: '/customer', elsewhere: ['/customer/:id', '/customerAccount/:id', '/home'] });
    expect(await screen.findByText('MeenaIyer')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account of MeenaIyer' })).not.toBeInTheDocument();
  });

  it("links the customer's account and ledger from the customer's details", async () => {
    signInWith('cashier@demo.shop', CASHIER_ID, ['CASHIER']);
    serve([['GET /customer/7', [200, meena]]]);
    openForm('7');
    expect(await screen.findByRole('link', { name: 'Account and ledger' })).toHaveAttribute('href', '/customerAccount/7');
  });
});
