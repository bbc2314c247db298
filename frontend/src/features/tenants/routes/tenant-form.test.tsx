import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GSTIN_MESSAGES } from '../../../../../shared/gst.js';
import { DEFAULT_STOREFRONT_REQUESTS_PER_SECOND, SHOP_GSTIN_REQUIRED, SHOP_STATE_REQUIRED, type Tenant } from '../../../../../shared/schemas/tenant.js';
import { renderScreen, roles, serve, signInWith } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import TenantFormScreen from './tenant-form.js';
import TenantListScreen from './tenant-list.js';

const demo: Tenant = {
  tenantId: 'demo',
  tenantName: 'demo',
  displayName: 'Demo Shop',
  address: 'MG Road',
  gstNumber: '29ABCDE1234F1ZW',
  domain: 'demo.shop',
  enabled: true,
  version: 1,
};
const gamma: Tenant = { ...demo, tenantId: 'gamma', tenantName: 'gamma', displayName: 'Gamma Provisions', domain: 'gamma.shop' };

beforeEach(() => {
  clearSession();
  signInWith('admin@demo.shop', 1, ['ADMIN']);
});
afterEach(() => vi.unstubAllGlobals());

const openForm = (id: string) => renderScreen(<TenantFormScreen />, { path: '/tenant/:id', url: `/tenant/${id}`, elsewhere: ['/tenant'] });

describe('tenant form', () => {
  it('opens a shop, leaving out the empty optional contacts, and says where its manager’s sign-in was sent', async () => {
    let answer: [number, unknown] = [409, { message: 'A shop with the id gamma already exists.' }];
    const calls = serve([['POST /tenant/save', () => answer]]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm('new');
    await user.type(await screen.findByRole('textbox', { name: /^User-name Domain/ }), 'Gamma.Shop');
    expect(screen.getByText('Shop id gamma; staff sign in as name@gamma.shop')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Shop Display Name/ }), 'Gamma Provisions');
    await user.type(screen.getByRole('textbox', { name: /^GSTIN/ }), '29aabcg1234h1zv');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '7, Station Road, Hosapete');
    await user.type(screen.getByRole('textbox', { name: /^Shop Phone/ }), '98');
    await user.type(screen.getByRole('textbox', { name: /^Manager User Name/ }), 'Gopal Rao');
    expect(screen.getByText('Signs in as gopalrao@gamma.shop')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Manager E-mail/ }), 'gopal@gamma.example');
    await user.type(screen.getByRole('textbox', { name: /^Manager Mobile Number/ }), '9900112233');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter the Valid Mobile Number!!!')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Shop Phone/ }));

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A shop with the id gamma already exists.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /tenant/save')!.body).toEqual({
      domain: 'gamma.shop',
      displayName: 'Gamma Provisions',
      address: '7, Station Road, Hosapete',
      gstNumber: '29AABCG1234H1ZV',
      gstRegistered: true,
      reportEmails: true,
      managerName: 'Gopal Rao',
      managerEmailId: 'gopal@gamma.example',
      managerMobileNumber: '9900112233',
    });

    answer = [200, { tenant: gamma, manager: { appUserId: 1, userName: 'gopalrao@gamma.shop', appUserRole: [roles.TENANT_MANAGER] }, mailSent: true, whatsappSent: false }];
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gamma Provisions is open' });
    expect(within(dialog).getByText('The sign-in was e-mailed to gopal@gamma.example.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Temporary password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await screen.findByText('page /tenant');
    expect(router.state.location.state).toEqual({ notice: 'Created Gamma Provisions; its manager is gopalrao@gamma.shop.' });
  });
});

describe('tenant form: GST registration', () => {
  it('needs a GSTIN only while the shop is registered for GST, and then the state the shop is in', async () => {
    const calls = serve([
      ['GET /tenant/demo', [200, demo]],
      ['PUT /tenant/demo', (call) => [200, { ...demo, ...(call.body as object) }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm('demo');
    const gstin = await screen.findByRole('textbox', { name: /^GSTIN/ });
    expect(gstin).toHaveValue('29ABCDE1234F1ZW');
    await user.clear(gstin);
    await user.type(gstin, '29ABCDE1234F1ZX');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(GSTIN_MESSAGES.checksum)).toBeInTheDocument();
    await user.clear(gstin);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SHOP_GSTIN_REQUIRED)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: /^Registered for GST/ }));
    expect(screen.getByText('Optional for a shop not registered for GST')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SHOP_STATE_REQUIRED)).toBeInTheDocument();
    expect(screen.queryByText(SHOP_GSTIN_REQUIRED)).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /tenant/demo')).toBe(false);

    await user.type(screen.getByLabelText(/^State/, { selector: 'input' }), 'Kerala');
    await user.click(await screen.findByRole('option', { name: '32 – Kerala' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('page /tenant');
    expect(calls.find((c) => c.key === 'PUT /tenant/demo')!.body).toMatchObject({ gstNumber: '', gstRegistered: false, state: '32' });
  });
});

describe('tenant list', () => {
  it('marks a shop Closed at once and Open again when the server refuses; the own shop has no Delete', async () => {
    let refuse: (answer: [number, unknown]) => void = () => undefined;
    const calls = serve([
      [/^GET \/tenant\/all\?/, [200, [demo, gamma]]],
      ['GET /tenant/count', [200, 2]],
      ['DELETE /tenant/gamma', () => new Promise((resolve) => (refuse = resolve))],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<TenantListScreen />, { path: '/tenant', elsewhere: ['/tenant/:id', '/home'] });
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    await screen.findByText('Gamma Provisions');
    expect(within(row('Demo Shop')).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    await user.click(within(row('Gamma Provisions')).getByRole('button', { name: 'Delete Gamma Provisions' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete tenant' });
    expect(asked).toHaveTextContent(
      'Close Gamma Provisions? Its people can no longer sign in and customers can no longer sign up; its data is kept.',
    );
    await user.click(within(asked).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    expect(within(row('Gamma Provisions')).getByText('Open')).toBeInTheDocument();

    await user.click(within(row('Gamma Provisions')).getByRole('button', { name: 'Delete Gamma Provisions' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete tenant' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(row('Gamma Provisions')).getByText('Closed')).toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual(['DELETE /tenant/gamma']);
    refuse([403, { message: 'You can manage only your own shop.' }]);
    expect(await screen.findByRole('dialog', { name: 'Message' })).toHaveTextContent('Gamma Provisions could not be closed: You can manage only your own shop.');
    await waitFor(() => expect(within(row('Gamma Provisions')).getByText('Open')).toBeInTheDocument());
  });

  it('asks the next page with the cursor the first page answered, and the first again without one', async () => {
    const more = Array.from({ length: 4 }, (_, i) => ({ ...gamma, tenantId: `shop${i}`, tenantName: `shop${i}`, displayName: `Shop ${i}` }));
    const calls = serve([
      [/^GET \/tenant\/all\?page=0&size=5$/, [200, [demo, gamma, ...more.slice(0, 3)], { 'x-next-page': 'after-shop2.signed' }]],
      [/^GET \/tenant\/all\?page=1&size=5&cursor=after-shop2\.signed$/, [200, [more[3]]]],
      ['GET /tenant/count', [200, 6]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<TenantListScreen />, { path: '/tenant', elsewhere: ['/tenant/:id', '/home'] });
    await screen.findByText('Shop 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Shop 3')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /tenant/all')).map((c) => c.key)).toEqual([
      'GET /tenant/all?page=0&size=5',
      'GET /tenant/all?page=1&size=5&cursor=after-shop2.signed',
    ]);
  });
});

describe('tenant form: the shop\'s plan', () => {
  it('lets the platform admin set another shop\'s storefront requests a second (the default shown when unset)', async () => {
    clearSession();
    signInWith('admin@platform.shop', 1, ['ADMIN']);
    const calls = serve([
      ['GET /tenant/gamma', [200, gamma]],
      ['PUT /tenant/gamma', (call) => [200, { ...gamma, ...(call.body as object) }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm('gamma');
    const plan = await screen.findByRole('textbox', { name: /^Plan: storefront requests a second/ });
    expect(plan).toHaveValue(String(DEFAULT_STOREFRONT_REQUESTS_PER_SECOND));
    await user.clear(plan);
    await user.type(plan, '1200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('page /tenant');
    expect(calls.find((c) => c.key === 'PUT /tenant/gamma')!.body).toMatchObject({ storefrontRequestsPerSecond: 1200 });
  });

  it('is neither shown to nor sent by the shop\'s own admin', async () => {
    const calls = serve([
      ['GET /tenant/demo', [200, demo]],
      ['PUT /tenant/demo', (call) => [200, { ...demo, ...(call.body as object) }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm('demo');
    await screen.findByRole('textbox', { name: /^Shop Display Name/ });
    expect(screen.queryByRole('textbox', { name: /^Plan:/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('page /tenant');
    expect(calls.find((c) => c.key === 'PUT /tenant/demo')!.body).not.toHaveProperty('storefrontRequestsPerSecond');
  });
});
