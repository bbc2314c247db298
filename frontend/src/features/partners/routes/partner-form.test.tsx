import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_EXISTS } from '../../../../../shared/schemas/customer.js';
import type { BusinessPartner } from '../../../../../shared/schemas/partner.js';
import { OWNER_ID, renderScreen, serve, signInWith } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import PartnerFormScreen from './partner-form.js';
import PartnerListScreen from './partner-list.js';

const murthy: BusinessPartner = {
  businessPartnersId: 3,
  name: 'Venkatesh Murthy',
  emailId: 'orders@murthy.example',
  companyName: 'Murthy Agencies',
  mobileNumber: '9845100001',
  productDetail: 'Rice and pulses',
  address: 'APMC Yard, Mangaluru',
  version: 4,
};

const openForm = (id: string) =>
  renderScreen(<PartnerFormScreen />, { path: '/businessPartners/:id', url: `/businessPartners/${id}`, elsewhere: ['/businessPartners', '/home'] });

beforeEach(() => {
  clearSession();
  signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
});
afterEach(() => vi.unstubAllGlobals());

describe('partner form', () => {
  it('requires every field and refuses a mobile another partner has as soon as it is typed', async () => {
    const calls = serve([
      ['GET /businessPartners/isExist/9845100002', [200, true]],
      [/^GET \/businessPartners\/isExist\//, [200, false]],
      ['POST /businessPartners/save', (call) => [200, { ...murthy, ...(call.body as object), businessPartnersId: 9 }]],
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm('new');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    for (const message of ['Name is required', 'Company name is required', 'Enter the Valid Email Id!!!', 'Enter the Valid Mobile Number!!!', 'Product detail is required', 'Address is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Farida Begum');
    await user.type(screen.getByRole('textbox', { name: /^Company Name/ }), 'Venkat Spices');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'farida@spices.example');
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '9845100002');
    expect(await screen.findByText(MOBILE_EXISTS)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Product/ }), 'Spices');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), 'Car Street');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(calls.some((c) => c.key === 'POST /businessPartners/save')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: /^Mobile Number/ }));
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '9845100003');
    await waitFor(() => expect(screen.queryByText(MOBILE_EXISTS)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('page /businessPartners');
    expect(router.state.location.state).toEqual({ notice: 'Registered Farida Begum.' });
  });

  it('does not call the partner’s own mobile taken, and sends the version on an update', async () => {
    const calls = serve([
      ['GET /businessPartners/3', [200, murthy]],
      ['PUT /businessPartners/3', (call) => [200, { ...murthy, ...(call.body as object) }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm('3');
    const company = await screen.findByRole('textbox', { name: /^Company Name/ });
    await user.clear(company);
    await user.type(company, 'Murthy & Sons');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('page /businessPartners');
    expect(calls.some((c) => c.key.startsWith('GET /businessPartners/isExist'))).toBe(false);
    expect(calls.find((c) => c.key === 'PUT /businessPartners/3')!.body).toMatchObject({ companyName: 'Murthy & Sons', mobileNumber: '9845100001', version: 4 });
  });
});

describe('partner list', () => {
  it('says when a search matches 1,000 or more partners, and the note goes once the text narrows them', async () => {
    serve([
      [/^GET \/businessPartners\?/, [200, [murthy]]],
      ['GET /businessPartners/count', [200, 1]],
      // A one-letter search of a large shop: the server counts matches up to 1,000.
      [/^GET \/businessPartners\/search\/m\?/, [200, [murthy]]],
      ['GET /businessPartners/searchCount/m', [200, 1000]],
      [/^GET \/businessPartners\/search\/murthy\?/, [200, [murthy]]],
      ['GET /businessPartners/searchCount/murthy', [200, 1]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<PartnerListScreen />, { path: '/businessPartners', elsewhere: ['/businessPartners/:id', '/home'] });
    const box = await screen.findByRole('textbox', { name: 'Search by name or company name' });
    await user.type(box, 'm{Enter}');
    expect(await screen.findByText(/1,000 or more partner names or companies match “m”: the first 1,000 are listed/)).toBeInTheDocument();
    await user.type(box, 'urthy{Enter}');
    await waitFor(() => expect(screen.queryByText(/or more partner names/)).not.toBeInTheDocument());
  });
});
