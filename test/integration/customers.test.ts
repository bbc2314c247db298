import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRoles, ROLE } from '../../shared/roles.js';
import { PASSWORD_MISMATCH } from '../../shared/schemas/auth.js';
import { CUSTOMER_NAME_EXISTS, MOBILE_EXISTS, type Customer } from '../../shared/schemas/customer.js';
import type { BusinessPartner } from '../../shared/schemas/partner.js';
import { SIGN_IN_FAILED } from '../../shared/tenant.js';
import { call, tokenOf } from './client.js';
import { featuresOf, seedStaffShop, signInAs } from './people.js';
import { ACCOUNT_CLOSED } from '../../functions/users/standing.js';

/** A shop of its own with staff and no customers yet, so lists, counts and pages are exact. */
const TENANT = 'shoppers';
const at = (name: string) => `${name}@${TENANT}.shop`;
const cashier = at('cashier');
const admin = at('admin');

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Shoppers Mart', [
    ['admin', ROLE.ADMIN],
    ['owner', ROLE.TENANT_MANAGER],
    ['manager', ROLE.MANAGER, 'owner'],
    ['cashier', ROLE.CASHIER, 'manager'],
  ]);
});

async function as<T = Customer & { message: string }>(userName: string, method: string, path: string, body?: unknown) {
  return call<T>(method, path, { token: await tokenOf(userName), body });
}

const customerForm = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Meena Iyer',
  mobileNumber: '9740000001',
  emailId: 'meena.iyer@example.in',
  address: '2, Car Street, Mangaluru 575001',
  ...overrides,
});

describe('customers registered by staff', () => {
  let meena: Customer;

  beforeAll(async () => {
    const created = await as(cashier, 'POST', '/customer/save', customerForm());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    meena = created.body;
  });

  it("stores the name without special characters and with the shop's domain", () => {
    expect(meena).toMatchObject({
      customerName: 'MeenaIyer@shoppers.shop',
      mobileNumber: '9740000001',
      creditPoints: 0,
      tenant: TENANT,
      createdBy: cashier,
    });
    expect(meena.appUserId).toBeUndefined();
  });

  it.each([
    ['the mobile of another customer', { customerName: 'Someone Else' }, 409, MOBILE_EXISTS],
    ['the name of another customer, spelt differently', { customerName: 'meena-iyer', mobileNumber: '9740000002' }, 409, CUSTOMER_NAME_EXISTS],
    ['a 9-digit mobile', { customerName: 'New One', mobileNumber: '974000000' }, 400, 'Enter the Valid Mobile Number!!!'],
    ['a malformed e-mail', { customerName: 'New One', mobileNumber: '9740000003', emailId: 'new.one' }, 400, 'Enter the Valid Email Id!!!'],
  ])('refuses %s with the spec message', async (_, overrides, status, message) => {
    const answer = await as(cashier, 'POST', '/customer/save', customerForm(overrides));
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('lets exactly one of two simultaneous registrations of a mobile win', async () => {
    const answers = await Promise.all([
      as(cashier, 'POST', '/customer/save', customerForm({ customerName: 'Race One', mobileNumber: '9740000009' })),
      as(cashier, 'POST', '/customer/save', customerForm({ customerName: 'Race Two', mobileNumber: '9740000009' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(MOBILE_EXISTS);
  });

  it('answers the till’s look-ups by mobile', async () => {
    expect((await as(cashier, 'GET', '/customer/validate/9740000001')).body).toMatchObject({ customerId: meena.customerId });
    expect((await as<string>(cashier, 'GET', '/customer/validate/9740009999')).body).toBe('False');
    expect((await as<boolean>(cashier, 'GET', '/customer/isExist/9740000001')).body).toBe(true);
    expect((await as<boolean>(cashier, 'GET', '/customer/isExist/9740009999')).body).toBe(false);
    expect((await as<string[]>(cashier, 'GET', '/customer/mobile?prefix=97400')).body).toEqual(['9740000001', '9740000009']);
    expect((await as<boolean>(cashier, 'GET', '/appUser/isUserExist/Meena%20Iyer')).body).toBe(false);
  });

  it('keeps name and mobile as registered and saves the rest', async () => {
    const moved = await as(cashier, 'PUT', `/customer/${meena.customerId}`, { ...customerForm(), address: 'New address', version: meena.version });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ customerName: 'MeenaIyer@shoppers.shop', address: 'New address', updatedBy: cashier });
    for (const change of [{ customerName: 'Meena R' }, { mobileNumber: '9740000005' }]) {
      const refused = await as(cashier, 'PUT', `/customer/${meena.customerId}`, customerForm(change));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The customer name and mobile number cannot be changed.');
    }
    const stale = await as(cashier, 'PUT', `/customer/${meena.customerId}`, { emailId: 'x@example.in', version: meena.version });
    expect(stale.status).toBe(409);
    expect((await as(cashier, 'GET', `/customer/${meena.customerId}`)).body.address).toBe('New address');
  });

  it('lists customers newest first in pages of 5, with a count, and searches by name or mobile', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await as(cashier, 'POST', '/customer/save', customerForm({ customerName: `Page Customer ${i}`, mobileNumber: `985000000${i}` }))).status).toBe(200);
    }
    const count = (await as<number>(cashier, 'GET', '/customer/count')).body;
    expect(count).toBe(7);
    const first = await as<Customer[]>(cashier, 'GET', '/customer/all');
    expect(first.body.map((c) => c.customerName)).toEqual([4, 3, 2, 1, 0].map((i) => `PageCustomer${i}@shoppers.shop`));
    const second = await as<Customer[]>(cashier, 'GET', '/customer/all?page=1&size=5');
    expect(second.body).toHaveLength(2);
    expect(second.body.at(-1)!.customerId).toBe(meena.customerId);

    expect((await as<Customer[]>(cashier, 'GET', '/customer/search/pagecust?page=1&size=3')).body.map((c) => c.mobileNumber)).toEqual(['9850000003', '9850000004']);
    expect((await as<number>(cashier, 'GET', '/customer/searchCount/PAGE')).body).toBe(5);
    expect((await as<Customer[]>(cashier, 'GET', '/customer/search/97400')).body.map((c) => c.customerName)).toEqual(['MeenaIyer@shoppers.shop', expect.any(String)]);
    expect((await as<number>(cashier, 'GET', '/customer/searchCount/985')).body).toBe(5);
    expect((await as(cashier, 'GET', '/customer/search/%20')).body.message).toBe('Search text should not be empty!');
  });

  it('deletes with CustomerDelete only, and frees the mobile and name', async () => {
    const doomed = (await as(cashier, 'POST', '/customer/save', customerForm({ customerName: 'Short Stay', mobileNumber: '9740000100' }))).body;
    expect((await as(cashier, 'DELETE', `/customer/${doomed.customerId}`)).status).toBe(403);
    expect((await as(admin, 'DELETE', `/customer/${doomed.customerId}`)).status).toBe(200);
    expect((await as(admin, 'GET', `/customer/${doomed.customerId}`)).status).toBe(404);
    expect((await as(cashier, 'POST', '/customer/save', customerForm({ customerName: 'Short Stay', mobileNumber: '9740000100' }))).status).toBe(200);
  });
});

describe('customer self sign-up', () => {
  const signUpForm = (overrides: Record<string, unknown> = {}) => ({
    tenantId: TENANT,
    customerName: 'Kavya S.',
    mobileNumber: '9741111111',
    emailId: 'kavya@example.in',
    address: 'Kadri, Mangaluru',
    password: 'Kavya@2024',
    passwordVerify: 'Kavya@2024',
    ...overrides,
  });

  it('creates a sign-in and a customer record; the customer signs in at once', async () => {
    const signedUp = await call<Customer>('POST', '/customer/signUp', { body: signUpForm() });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    expect(signedUp.body).toMatchObject({ customerName: 'KavyaS@shoppers.shop', mobileNumber: '9741111111', appUserId: expect.any(Number) });

    const session = await signInAs('kavyas@shoppers.shop', 'Kavya@2024');
    expect(session.status).toBe(200);
    const claims = decodeJwt(session.body.token!);
    expect(claims.roleNames).toBe(ROLE.CUSTOMER);
    expect(featuresOf(session.body.token!)).toEqual([...defaultRoles.find((r) => r.name === ROLE.CUSTOMER)!.features].sort());
    const own = await call<Customer>('GET', `/customer/appUser/${claims.appUserId}`, { token: session.body.token });
    expect(own.body.customerId).toBe(signedUp.body.customerId);
    // A customer is not staff: not in the employee lists.
    expect((await as<number>(admin, 'GET', '/appUser/searchCount/kavya')).body).toBe(0);
  });

  it.each([
    ['a taken mobile', { customerName: 'Kavya Two' }, 409, MOBILE_EXISTS],
    ['a taken name', { mobileNumber: '9741111112' }, 409, CUSTOMER_NAME_EXISTS],
    ['different passwords', { customerName: 'Kavya Three', mobileNumber: '9741111113', passwordVerify: 'Other@2024' }, 400, PASSWORD_MISMATCH],
    ['an unknown shop', { tenantId: 'nowhere', customerName: 'Kavya Four', mobileNumber: '9741111114' }, 400, 'Select the shop'],
  ])('refuses %s', async (_, overrides, status, message) => {
    const answer = await call<{ message: string }>('POST', '/customer/signUp', { body: signUpForm(overrides) });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('takes the sign-in away when staff delete the customer', async () => {
    const signedUp = await call<Customer>('POST', '/customer/signUp', { body: signUpForm({ customerName: 'Brief Visitor', mobileNumber: '9741111120' }) });
    const session = await signInAs('briefvisitor@shoppers.shop', 'Kavya@2024');
    expect(session.status).toBe(200);
    const held = (session.body as { token: string }).token;
    expect((await call('GET', '/tenant/currentTenant', { token: held })).status).toBe(200);
    expect((await as(admin, 'DELETE', `/customer/${signedUp.body.customerId}`)).status).toBe(200);
    const refused = await signInAs('briefvisitor@shoppers.shop', 'Kavya@2024');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: SIGN_IN_FAILED });
    // The token they already hold stops working at once.
    expect(await call('GET', '/tenant/currentTenant', { token: held })).toEqual({ status: 401, body: { message: ACCOUNT_CLOSED } });
  });
});

describe('business partners', () => {
  const partnerForm = (overrides: Record<string, unknown> = {}) => ({
    name: 'Venkatesh Murthy',
    emailId: 'orders@murthy.example',
    companyName: 'Murthy Agencies',
    mobileNumber: '9845100001',
    productDetail: 'Rice and pulses',
    address: 'APMC Yard, Mangaluru',
    ...overrides,
  });
  const asAdmin = <T = BusinessPartner & { message: string }>(method: string, path: string, body?: unknown) => as<T>(admin, method, path, body);
  let murthy: BusinessPartner;

  beforeAll(async () => {
    murthy = (await asAdmin('POST', '/businessPartners/save', partnerForm())).body;
    await asAdmin('POST', '/businessPartners/save', partnerForm({ name: 'Farida Begum', companyName: 'Venkat Spices', mobileNumber: '9845100002' }));
    await asAdmin('POST', '/businessPartners/save', partnerForm({ name: 'Anil Shetty', companyName: 'Coastal Oils', mobileNumber: '9845100003' }));
  });

  it.each([
    ['a taken mobile', { name: 'Other' }, 409, MOBILE_EXISTS],
    ['no company name', { mobileNumber: '9845100009', companyName: '' }, 400, 'Company name is required'],
    ['no product detail', { mobileNumber: '9845100009', productDetail: undefined }, 400, 'Product detail is required'],
    ['a malformed e-mail', { mobileNumber: '9845100009', emailId: 'orders' }, 400, 'Enter the Valid Email Id!!!'],
    ['an 11-digit mobile', { mobileNumber: '98451000091' }, 400, 'Enter the Valid Mobile Number!!!'],
  ])('refuses %s', async (_, overrides, status, message) => {
    const answer = await asAdmin('POST', '/businessPartners/save', partnerForm(overrides));
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('lists partners by name and searches by name or company, each once', async () => {
    expect((await asAdmin<BusinessPartner[]>('GET', '/businessPartners')).body.map((p) => p.name)).toEqual(['Anil Shetty', 'Farida Begum', 'Venkatesh Murthy']);
    expect((await asAdmin<number>('GET', '/businessPartners/count')).body).toBe(3);
    // 'venkat' starts Murthy's name and Farida's company; they sort by the text that matched ('venkat spices' first).
    const venkat = await asAdmin<BusinessPartner[]>('GET', '/businessPartners/search/venkat');
    expect(venkat.body.map((p) => p.name)).toEqual(['Farida Begum', 'Venkatesh Murthy']);
    expect((await asAdmin<BusinessPartner[]>('GET', '/businessPartners/search/venkat?page=1&size=1')).body.map((p) => p.name)).toEqual(['Venkatesh Murthy']);
    expect((await asAdmin<number>('GET', '/businessPartners/searchCount/venkat')).body).toBe(2);
    expect((await asAdmin<BusinessPartner[]>('GET', '/businessPartners/search/coastal')).body.map((p) => p.name)).toEqual(['Anil Shetty']);
    expect((await asAdmin<boolean>('GET', '/businessPartners/isExist/9845100001')).body).toBe(true);
  });

  it('changes a partner, moving the mobile claim along', async () => {
    const moved = await asAdmin('PUT', `/businessPartners/${murthy.businessPartnersId}`, partnerForm({ mobileNumber: '9845100010', version: murthy.version }));
    expect(moved.status).toBe(200);
    expect((await asAdmin('POST', '/businessPartners/save', partnerForm({ name: 'Newcomer', mobileNumber: '9845100001' }))).status).toBe(200);
    const taken = await asAdmin('PUT', `/businessPartners/${murthy.businessPartnersId}`, partnerForm({ mobileNumber: '9845100002' }));
    expect(taken.body.message).toBe(MOBILE_EXISTS);
  });

  it('deletes a partner with BusinessPartnerDelete only', async () => {
    const manager = at('manager');
    expect((await as(manager, 'DELETE', `/businessPartners/${murthy.businessPartnersId}`)).status).toBe(403);
    expect((await as(manager, 'GET', `/businessPartners/${murthy.businessPartnersId}`)).status).toBe(200);
    expect((await asAdmin('DELETE', `/businessPartners/${murthy.businessPartnersId}`)).status).toBe(200);
    expect((await asAdmin('GET', `/businessPartners/${murthy.businessPartnersId}`)).status).toBe(404);
    expect((await asAdmin<boolean>('GET', '/businessPartners/isExist/9845100010')).body).toBe(false);
  });
});
