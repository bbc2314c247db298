import { beforeAll, describe, expect, it } from 'vitest';
import { tenantData } from '../../functions/tenants/data.js';
import { userData } from '../../functions/users/data.js';
import { defaultRoles, ROLE } from '../../shared/roles.js';
import { ROLE_NAME_EXISTS, type AppUser, type Role } from '../../shared/schemas/auth.js';
import { SHOP_GSTIN_REQUIRED, SHOP_STATE_REQUIRED, type Tenant } from '../../shared/schemas/tenant.js';
import { SIGN_IN_FAILED } from '../../shared/tenant.js';
import { call, tokenOf } from './client.js';
import { latestMailTo } from './mail.js';
import { employeeForm, featuresOf, firstSignIn, mailedPassword, NEW_PASSWORD, seedStaffShop, signInAs } from './people.js';
import { SHOP_CLOSED } from '../../functions/users/standing.js';

/** Roles are tried in a shop of their own; shops are created by the platform admin, who belongs to no shop. */
const TENANT = 'roletest';
const at = (name: string) => `${name}@${TENANT}.shop`;
beforeAll(async () => {
  await seedStaffShop(TENANT, 'Role Test Stores', [
    ['admin', ROLE.ADMIN],
    ['owner', ROLE.TENANT_MANAGER],
    ['hr', ROLE.HR],
    ['manager', ROLE.MANAGER, 'owner', 'hr'],
    ['cashier', ROLE.CASHIER, 'manager', 'hr'],
  ]);
});

async function as<T = Role & { message: string }>(userName: string, method: string, path: string, body?: unknown) {
  return call<T>(method, path, { token: await tokenOf(userName), body });
}
const owner = at('owner');

const roleForm = (name: string, features: string[], moduleName = 'IMS') => ({
  name,
  roleModule: [{ moduleName, roleFeature: features.map((featureName) => ({ featureName })) }],
});

describe('roles', () => {
  it("lists the shop's roles with their features and holders", async () => {
    const answer = await as<Role[]>(owner, 'GET', '/role/all');
    expect(answer.body.map((r) => r.name)).toEqual(defaultRoles.map((r) => r.name));
    const cashier = answer.body.find((r) => r.name === ROLE.CASHIER)!;
    expect(cashier.holders).toBe(1);
    expect((await as<Role>(owner, 'GET', `/role/${cashier.roleId}`)).body.name).toBe(ROLE.CASHIER);
  });

  it('saves a role with an upper-case, unique name and features of the catalogue', async () => {
    const created = await as(owner, 'POST', '/role/save', roleForm('  store keeper ', ['StockList', 'InventoryList']));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'STORE KEEPER', description: 'STORE KEEPER', holders: 0, createdBy: owner });
    // Catalogue order, whatever order the form sent.
    expect(created.body.roleModule).toEqual([
      { moduleName: 'IMS', roleFeature: [expect.objectContaining({ featureName: 'StockList' }), expect.objectContaining({ featureName: 'InventoryList' })] },
    ]);
    const duplicate = await as(owner, 'POST', '/role/save', roleForm('Store Keeper', ['StockList']));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(ROLE_NAME_EXISTS);
    expect((await as(owner, 'POST', '/role/save', roleForm('EMPTY', []))).body.message).toBe('Select at least one feature.');
    expect((await as(owner, 'POST', '/role/save', roleForm('WRONG', ['StockList'], 'ERP'))).body.message).toBe('StockList is not a feature of ERP');
  });

  it('refuses to delete a role someone holds, and deletes it once nobody does', async () => {
    const role = (await as(owner, 'POST', '/role/save', roleForm('NIGHT SHIFT', ['StockList']))).body;
    const form = employeeForm({
      userName: 'Night Guard',
      appUserRole: [{ roleId: role.roleId }],
      managerId: (await userData.byUserName(TENANT, at('manager')))!.appUserId,
      hrId: (await userData.byUserName(TENANT, at('hr')))!.appUserId,
    });
    const guard = await as<AppUser>(owner, 'POST', '/appUser/save', form);
    expect(guard.status, JSON.stringify(guard.body)).toBe(200);

    const refused = await as(owner, 'DELETE', `/role/${role.roleId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The role NIGHT SHIFT is held by 1 user(s). Take it away from them before deleting it.');

    const cashierRole = (await as<Role[]>(owner, 'GET', '/role/all')).body.find((r) => r.name === ROLE.CASHIER)!;
    expect((await as(owner, 'PUT', `/appUser/${guard.body.appUserId}`, { ...form, appUserRole: [{ roleId: cashierRole.roleId }] })).status).toBe(200);
    expect((await as(owner, 'GET', `/role/${role.roleId}`)).body.holders).toBe(0);
    expect((await as(owner, 'DELETE', `/role/${role.roleId}`)).status).toBe(200);
    expect((await as(owner, 'GET', `/role/${role.roleId}`)).status).toBe(404);
    // The name is free again.
    expect((await as(owner, 'POST', '/role/save', roleForm('Night Shift', ['StockList']))).status).toBe(200);
  });

  it('keeps the roles the product relies on', async () => {
    const roles = (await as<Role[]>(owner, 'GET', '/role/all')).body;
    const id = (name: string) => roles.find((r) => r.name === name)!.roleId;
    const admin = await as(owner, 'PUT', `/role/${id(ROLE.ADMIN)}`, roleForm(ROLE.ADMIN, ['StockList']));
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe('You cannot change the ADMIN role: it has features you do not hold (TenantEdit, TenantList, TenantDelete).');
    expect((await as(owner, 'PUT', `/role/${id(ROLE.MANAGER)}`, roleForm('BOSS', ['StockList']))).status).toBe(400);
    const deleted = await as(owner, 'DELETE', `/role/${id(ROLE.CUSTOMER)}`);
    expect(deleted.status).toBe(400);
    expect(deleted.body.message).toBe('The CUSTOMER role cannot be deleted: the product relies on it.');
  });

  it('refuses a role edit made over someone else’s', async () => {
    const role = (await as(owner, 'POST', '/role/save', roleForm('AUDITOR', ['ReportList']))).body;
    expect((await as(owner, 'PUT', `/role/${role.roleId}`, { ...roleForm('AUDITOR', ['ReportList', 'StockList']), version: role.version })).status).toBe(200);
    expect((await as(owner, 'PUT', `/role/${role.roleId}`, { ...roleForm('AUDITOR', ['ReportList']), version: role.version })).status).toBe(409);
  });

  it('leaves roles to those with the role features', async () => {
    expect((await as(at('cashier'), 'GET', '/role/all')).status).toBe(403);
    expect((await as(at('hr'), 'GET', '/role/all')).status).toBe(200);
    expect((await as(at('hr'), 'POST', '/role/save', roleForm('HR MADE', ['StockList']))).status).toBe(403);
  });
});

type Created = { tenant: Tenant; manager: AppUser; mailSent: boolean; whatsappSent: boolean };

const shopForm = {
  domain: 'Gamma.Shop',
  displayName: 'Gamma Provisions',
  address: '7, Station Road, Hosapete 583201',
  gstNumber: '29aabcg1234h1zv',
  emailId: 'accounts@gamma.example',
  managerName: 'Gopal Rao',
  managerEmailId: 'gopal@gamma.example',
  managerMobileNumber: '9900112233',
};
const platformAdmin = 'admin@platform.shop';

describe('shops', () => {
  let gammaOwner: { token: string };

  beforeAll(async () => {
    const created = await as<Created>(platformAdmin, 'POST', '/tenant/save', shopForm);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain('temporaryPassword');
    gammaOwner = await firstSignIn(created.body.manager.userName, await mailedPassword('gopal@gamma.example'));
  });

  it('opens a shop with its catalogue, default roles and first TENANT_MANAGER', async () => {
    const shop = await as<Tenant>(platformAdmin, 'GET', '/tenant/gamma');
    expect(shop.body).toMatchObject({ tenantId: 'gamma', displayName: 'Gamma Provisions', gstNumber: '29AABCG1234H1ZV', domain: 'gamma.shop', enabled: true });
    const mail = await latestMailTo('gopal@gamma.example');
    expect(mail.text).toContain('gopalrao@gamma.shop');

    const tenantManager = defaultRoles.find((r) => r.name === ROLE.TENANT_MANAGER)!.features;
    expect(featuresOf(gammaOwner.token)).toEqual([...tenantManager].sort());
    const roles = await call<Role[]>('GET', '/role/all', { token: gammaOwner.token });
    expect(roles.body.map((r) => r.name)).toEqual(defaultRoles.map((r) => r.name));
    const current = await call<Tenant>('GET', '/tenant/currentTenant', { token: gammaOwner.token });
    expect(current.body.displayName).toBe('Gamma Provisions');
    const shops = await call<{ tenantId: string }[]>('GET', '/tenant');
    expect(shops.body.map((t) => t.tenantId)).toContain('gamma');
    // The platform is no shop: nobody signs up to it.
    expect(shops.body.map((t) => t.tenantId)).not.toContain('platform');
  });

  it('refuses a second shop with the same id, and a wrong GSTIN', async () => {
    const again = await as(platformAdmin, 'POST', '/tenant/save', { ...shopForm, domain: 'gamma.in' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A shop with the id gamma already exists.');
    const wrong = await as(platformAdmin, 'POST', '/tenant/save', { ...shopForm, domain: 'delta.shop', gstNumber: '29ABC' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Enter a valid 15-character GSTIN');
  });

  it("keeps a TENANT_MANAGER inside their own shop", async () => {
    const token = gammaOwner.token;
    for (const [method, path] of [
      ['GET', '/tenant/demo'],
      ['PUT', '/tenant/demo'],
      ['DELETE', '/tenant/demo'],
      ['GET', '/tenant/all'],
      ['POST', '/tenant/save'],
    ] as const) {
      const body = method === 'PUT' ? { displayName: 'Taken', address: 'x', gstNumber: '29ABCDE1234F1ZW' } : method === 'POST' ? { ...shopForm, domain: 'evil.shop' } : undefined;
      expect((await call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    const people = await call<AppUser[]>('GET', '/appUser/all?page=0&size=100', { token });
    expect(people.body.map((u) => u.userName)).toEqual(['gopalrao@gamma.shop']);
    // Ids collide across shops: demo's user 1 is not reachable through gamma's id 1.
    expect((await call<AppUser>('GET', '/appUser/1', { token })).body.userName).toBe('gopalrao@gamma.shop');
  });

  it('lets the shop owner switch the daily report e-mail off and on; a cashier may not', async () => {
    const token = gammaOwner.token;
    const before = await call<Tenant>('GET', '/tenant/currentTenant', { token });
    expect(before.body.reportEmails ?? true).toBe(true);
    const off = await call<Tenant>('PUT', '/tenant/currentTenant/reportEmails', { token, body: { reportEmails: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ tenantId: 'gamma', reportEmails: false, version: (before.body.version ?? 0) + 1 });
    expect((await call<Tenant>('GET', '/tenant/currentTenant', { token })).body.reportEmails).toBe(false);
    const bad = await call<{ message: string }>('PUT', '/tenant/currentTenant/reportEmails', { token, body: { reportEmails: 'no' } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Choose whether the daily report is e-mailed.' } });
    expect((await call<Tenant>('PUT', '/tenant/currentTenant/reportEmails', { token, body: { reportEmails: true } })).body.reportEmails).toBe(true);
    // The demo shop is untouched by gamma's switch, and a cashier (no ReportList) cannot switch it.
    expect((await as<Tenant>(platformAdmin, 'GET', '/tenant/demo')).body.reportEmails).not.toBe(false);
    expect((await as(at('cashier'), 'PUT', '/tenant/currentTenant/reportEmails', { reportEmails: false })).status).toBe(403);
    // A manager receives the mail and reads the reports, but switching the owner's mail off is not theirs to do.
    const manager = await as<{ message: string }>(at('manager'), 'PUT', '/tenant/currentTenant/reportEmails', { reportEmails: false });
    expect(manager).toMatchObject({ status: 403, body: { message: 'Only the shop owner or an admin can switch the daily report e-mail on or off.' } });
    expect((await as<Tenant>(platformAdmin, 'GET', '/tenant/demo')).body.reportEmails).not.toBe(false);
  });

  it("refuses the shop owner an ADMIN, and lets a shop's own ADMIN edit their shop and nobody else's", async () => {
    const gammaAdmin = await call<{ message: string }>('POST', '/appUser/save', {
      token: gammaOwner.token,
      body: employeeForm({ userName: 'Gamma Admin', appUserRole: [{ roleId: 1 }] }),
    });
    expect(gammaAdmin.status).toBe(403);
    expect(gammaAdmin.body.message).toBe('You cannot give or take away the ADMIN role: it has features you do not hold (TenantEdit, TenantList, TenantDelete).');
    const token = await tokenOf(at('admin'));
    const update = { displayName: 'Role Test Stores & Sons', address: '9, Station Road, Hosapete 583201', gstNumber: '29AABCG1234H1ZV' };
    const own = await call<Tenant>('PUT', `/tenant/${TENANT}`, { token, body: update });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ ...update, updatedBy: at('admin'), emailId: `accounts@${TENANT}.shop` });
    expect((await call('PUT', `/tenant/${TENANT}`, { token, body: { ...update, gstNumber: 'NOT-A-GSTIN' } })).body).toEqual({
      message: 'Enter a valid 15-character GSTIN',
      details: expect.anything(),
    });
    const other = await call<{ message: string }>('PUT', '/tenant/demo', { token, body: update });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can manage only your own shop.');
    expect((await call('GET', '/tenant/alpha', { token })).status).toBe(403);
    expect((await call<Tenant[]>('GET', '/tenant/all', { token })).body.map((t) => t.tenantId)).toEqual([TENANT]);
    for (const [method, path] of [['GET', '/tenant/platform'], ['PUT', '/tenant/platform'], ['POST', '/tenant/save']] as const) {
      const body = method === 'PUT' ? update : method === 'POST' ? { ...shopForm, domain: 'evil.shop' } : undefined;
      expect((await call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await call<number>('GET', '/tenant/count', { token })).body).toBe(1);
    expect((await call('DELETE', '/tenant/alpha', { token })).status).toBe(403);
  });

  it('lets a shop not registered for GST have no GSTIN, and a registered one not', async () => {
    const token = await tokenOf(at('admin'));
    const before = (await call<Tenant>('GET', `/tenant/${TENANT}`, { token })).body;
    const shop = { displayName: before.displayName, address: before.address, gstNumber: '', version: before.version };
    expect((await call('PUT', `/tenant/${TENANT}`, { token, body: shop })).body).toEqual({ message: SHOP_GSTIN_REQUIRED, details: expect.anything() });
    const noState = await call('PUT', `/tenant/${TENANT}`, { token, body: { ...shop, gstRegistered: false } });
    expect(noState.body).toEqual({ message: SHOP_STATE_REQUIRED, details: expect.anything() });
    const billOfSupply = await call<Tenant>('PUT', `/tenant/${TENANT}`, { token, body: { ...shop, gstRegistered: false, state: '32' } });
    expect(billOfSupply.status).toBe(200);
    expect(billOfSupply.body).toMatchObject({ gstNumber: '', gstRegistered: false, state: '32' });
    // Registered again, it needs a GSTIN with a valid check character, and takes its state from it.
    const again = { ...shop, gstRegistered: true, version: billOfSupply.body.version };
    expect((await call('PUT', `/tenant/${TENANT}`, { token, body: { ...again, gstNumber: '29AABCG1234H1ZA' } })).status).toBe(400);
    const registered = await call<Tenant>('PUT', `/tenant/${TENANT}`, { token, body: { ...again, gstNumber: before.gstNumber } });
    expect(registered.body).toMatchObject({ gstNumber: before.gstNumber, gstRegistered: true, state: before.gstNumber.slice(0, 2) });
  });

  it('lists every shop for the platform admin', async () => {
    const count = (await as<number>(platformAdmin, 'GET', '/tenant/count')).body;
    const all = await as<Tenant[]>(platformAdmin, 'GET', `/tenant/all?page=0&size=${count}`);
    expect(all.body.map((t) => t.tenantId)).toEqual(expect.arrayContaining(['alpha', 'beta', 'demo', 'gamma', 'platform']));
    expect(all.body).toHaveLength(count);
    expect((await as<Tenant[]>(platformAdmin, 'GET', '/tenant/all')).body).toHaveLength(5);
    // Page by page with the cursor each page answers: the same shops, once each, in the same order.
    const token = await tokenOf(platformAdmin);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call<Tenant[]>>> = await call<Tenant[]>('GET', `/tenant/all?size=2${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(page.status).toBe(200);
      walked.push(...page.body.map((t) => t.tenantId));
      cursor = page.headers.get('x-next-page');
    } while (cursor && walked.length <= count);
    expect(walked).toEqual(all.body.map((t) => t.tenantId));
    // The daily report's round of shops reads the directory the same way, a page at a time.
    const round: string[] = [];
    for await (const tenant of tenantData.every(2)) round.push(tenant.tenantId);
    expect(round).toEqual(walked);
  });

  it('closes a shop: its people cannot sign in and it leaves the sign-up list', async () => {
    expect((await call('GET', '/tenant/currentTenant', { token: gammaOwner.token })).status).toBe(200);
    const closed = await as<Tenant>(platformAdmin, 'DELETE', '/tenant/gamma');
    expect(closed.body.enabled).toBe(false);
    // The owner's token stops working at once, not when it runs out.
    expect(await call('GET', '/tenant/currentTenant', { token: gammaOwner.token })).toEqual({ status: 401, body: { message: SHOP_CLOSED } });
    const signIn = await signInAs('gopalrao@gamma.shop', NEW_PASSWORD);
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual({ message: SIGN_IN_FAILED });
    expect((await call<{ tenantId: string }[]>('GET', '/tenant')).body.map((t) => t.tenantId)).not.toContain('gamma');
    const own = await as(platformAdmin, 'DELETE', '/tenant/platform');
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('The platform itself cannot be closed.');
  });
});
