import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { userData } from '../../functions/users/data.js';
import { allFeatures, moduleOf, type FeatureName } from '../../shared/features.js';
import { defaultRoles, ROLE, tenantFeatures } from '../../shared/roles.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import { call, tokenOf } from './client.js';
import { employeeForm, featuresOf, firstSignIn, mailedPassword, seedStaffShop } from './people.js';

/**
 * Nobody grants more than they hold. For every built-in role and for a custom role, every attempt to put a feature
 * the caller lacks into a role, to give a role carrying such a feature, to change a role the caller holds or one
 * above them, or to reach shop administration, is refused with a 403 naming what was refused, and nothing changes.
 */
const TENANT = 'privs';
const at = (name: string) => `${name}@${TENANT}.shop`;
const roleIds: Record<string, number> = {};
const ids: Record<string, number> = {};

/** The custom role of the issue: only RoleList and RoleEdit (and seeing employees), given to "keeper". */
const KEEPER_ROLE = 'ROLE KEEPER';
const callers = ['admin', 'owner', 'manager', 'hr', 'cashier', 'keeper'] as const;
type CallerName = (typeof callers)[number];
const tokens = {} as Record<CallerName, string>;

const roleForm = (name: string, features: readonly string[], version?: number) => {
  const modules = new Map<string, { featureName: string }[]>();
  for (const feature of features) modules.set(moduleOf(feature as FeatureName), [...(modules.get(moduleOf(feature as FeatureName)) ?? []), { featureName: feature }]);
  return { name, roleModule: [...modules].map(([moduleName, roleFeature]) => ({ moduleName, roleFeature })), ...(version ? { version } : {}) };
};
const roleFeatures = (role: Role) => role.roleModule.flatMap((m) => m.roleFeature.map((f) => f.featureName)).sort();

async function allRoles(): Promise<Role[]> {
  return (await call<Role[]>('GET', '/role/all', { token: tokens.admin })).body;
}

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Privilege Stores', [
    ['admin', ROLE.ADMIN],
    ['owner', ROLE.TENANT_MANAGER],
    ['hr', ROLE.HR, 'owner'],
    ['manager', ROLE.MANAGER, 'owner', 'hr'],
    ['cashier', ROLE.CASHIER, 'manager', 'hr'],
  ]);
  for (const name of ['admin', 'owner', 'hr', 'manager', 'cashier']) ids[name] = (await userData.byUserName(TENANT, at(name)))!.appUserId;
  tokens.admin = await tokenOf(at('admin'));
  for (const role of await allRoles()) roleIds[role.name] = role.roleId;
  const keeperRole = await call<Role>('POST', '/role/save', { token: tokens.admin, body: roleForm(KEEPER_ROLE, ['RoleList', 'RoleEdit', 'EmployeeView']) });
  roleIds[KEEPER_ROLE] = keeperRole.body.roleId;
  const keeper = await call<AppUser>('POST', '/appUser/save', {
    token: tokens.admin,
    body: employeeForm({ userName: 'keeper', emailId: 'keeper@example.in', appUserRole: [{ roleId: keeperRole.body.roleId }], managerId: ids.manager, hrId: ids.hr }),
  });
  expect(keeper.status, JSON.stringify(keeper.body)).toBe(200);
  ids.keeper = keeper.body.appUserId;
  tokens.keeper = (await firstSignIn(at('keeper'), await mailedPassword('keeper@example.in'))).token;
  for (const name of ['owner', 'manager', 'hr', 'cashier'] as const) tokens[name] = await tokenOf(at(name));
}, 60_000);

const held = (name: CallerName) => new Set(featuresOf(tokens[name]));
const ownRoles = (name: CallerName) => String(decodeJwt(tokens[name]).roleNames).split(',');

describe.each(callers)('%s', (name) => {
  it('cannot put a feature it lacks into a new role or an existing one, and nothing is saved', async () => {
    const mine = held(name);
    const lacking = allFeatures.filter((f) => !mine.has(f));
    expect(lacking.length, 'every caller lacks something (ADMIN lacks nothing it could give: covered below)').toBeGreaterThanOrEqual(name === 'admin' ? 0 : 1);
    const target = (await allRoles()).find((r) => r.name === 'TARGET') ?? (await call<Role>('POST', '/role/save', { token: tokens.admin, body: roleForm('TARGET', ['StockList']) })).body;
    const before = JSON.stringify(await allRoles());
    for (const feature of lacking) {
      const created = await call<{ message: string }>('POST', '/role/save', { token: tokens[name], body: roleForm(`NEW ${feature}`, [feature]) });
      expect(created.status, `${name} creating a role with ${feature}`).toBe(403);
      const widened = await call<{ message: string }>('PUT', `/role/${target.roleId}`, {
        token: tokens[name],
        body: roleForm('TARGET', ['StockList', feature], target.version),
      });
      expect(widened.status, `${name} adding ${feature}`).toBe(403);
      if (mine.has('RoleEdit')) {
        expect(created.body.message).toBe(`You cannot give features you do not hold: ${feature}.`);
        expect(widened.body.message).toMatch(new RegExp(`You cannot (give features you do not hold|change the TARGET role: it has features you do not hold).*${feature}`));
      }
    }
    expect(JSON.stringify(await allRoles())).toBe(before);
  });

  it('cannot change a role it holds, nor a role above it', async () => {
    const roles = await allRoles();
    const mine = held(name);
    for (const role of roles) {
      const holds = ownRoles(name).includes(role.name);
      const above = roleFeatures(role).some((f) => !mine.has(f));
      if (!holds && !above) continue;
      const answer = await call<{ message: string }>('PUT', `/role/${role.roleId}`, { token: tokens[name], body: roleForm(role.name, roleFeatures(role), role.version) });
      expect(answer.status, `${name} editing ${role.name}`).toBe(403);
      const removed = await call('DELETE', `/role/${role.roleId}`, { token: tokens[name] });
      expect(removed.status, `${name} deleting ${role.name}`).toBe(403);
      if (mine.has('RoleEdit') && holds) expect(answer.body.message).toBe(`You cannot change the ${role.name} role: you hold it yourself.`);
    }
    expect(JSON.stringify(await allRoles())).toBe(JSON.stringify(roles));
  });

  it('cannot give an employee a role carrying a feature it lacks', async () => {
    const mine = held(name);
    for (const role of await allRoles()) {
      if (role.name === ROLE.CUSTOMER || roleFeatures(role).every((f) => mine.has(f))) continue;
      const userName = `given${role.roleId}by${name}`;
      const answer = await call<{ message: string }>('POST', '/appUser/save', {
        token: tokens[name],
        body: employeeForm({ userName, mobileNumber: '9800000001', appUserRole: [{ roleId: role.roleId }], managerId: ids.manager, hrId: ids.hr }),
      });
      expect(answer.status, `${name} giving ${role.name}`).toBe(403);
      if (mine.has('EmployeeEdit')) {
        const lacking = roleFeatures(role).filter((f) => !mine.has(f));
        expect(answer.body.message).toContain(`You cannot give or take away the ${role.name} role: it has features you do not hold (`);
        for (const feature of lacking) expect(answer.body.message).toContain(feature);
      }
      expect(await userData.byUserName(TENANT, at(userName))).toBeUndefined();
    }
  });

  it('cannot reach shop administration beyond its own shop', async () => {
    const token = tokens[name];
    for (const [method, path, body] of [
      ['GET', '/tenant/demo', undefined],
      ['PUT', '/tenant/demo', { displayName: 'Taken', address: 'x', gstNumber: '29ABCDE1234F1ZW' }],
      ['DELETE', '/tenant/demo', undefined],
      ['GET', '/tenant/platform', undefined],
      ['POST', '/tenant/save', { domain: 'evil.shop', displayName: 'Evil', address: 'x', gstNumber: '29ABCDE1234F1ZW', managerName: 'evil', managerEmailId: 'evil@example.in', managerMobileNumber: '9800000002' }],
    ] as const) {
      expect((await call(method, path, { token, body })).status, `${name}: ${method} ${path}`).toBe(403);
    }
    const listed = await call<{ tenantId: string }[]>('GET', '/tenant/all', { token });
    if (listed.status === 200) expect(listed.body.map((t) => t.tenantId)).toEqual([TENANT]);
    else expect(listed.status).toBe(403);
  });
});

describe('the shop owner role', () => {
  it('never receives shop administration, whoever edits it', async () => {
    const owner = (await allRoles()).find((r) => r.name === ROLE.TENANT_MANAGER)!;
    for (const feature of tenantFeatures) {
      const answer = await call<{ message: string }>('PUT', `/role/${owner.roleId}`, {
        token: tokens.admin,
        body: roleForm(ROLE.TENANT_MANAGER, [...roleFeatures(owner), feature], owner.version),
      });
      expect(answer).toEqual({
        status: 403,
        body: { message: `The TENANT_MANAGER role can never hold ${feature}: shops are administered by the platform.` },
      });
    }
    expect(roleFeatures((await allRoles()).find((r) => r.name === ROLE.TENANT_MANAGER)!)).toEqual(roleFeatures(owner));
  });

  it('keeps the default owner role free of shop administration', () => {
    expect(defaultRoles.find((r) => r.name === ROLE.TENANT_MANAGER)!.features.filter((f) => tenantFeatures.includes(f))).toEqual([]);
  });
});

describe('what stays allowed', () => {
  it('lets a caller grant what they hold: a role of their own features, and roles within them', async () => {
    const made = await call<Role>('POST', '/role/save', { token: tokens.owner, body: roleForm('SHELF HELPER', ['StockList', 'ProductList']) });
    expect(made.status).toBe(200);
    const given = await call<AppUser>('POST', '/appUser/save', {
      token: tokens.owner,
      body: employeeForm({ userName: 'helper', mobileNumber: '9800000003', appUserRole: [{ roleId: made.body.roleId }], managerId: ids.manager, hrId: ids.hr }),
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const keeperEdit = await call<Role>('PUT', `/role/${made.body.roleId}`, { token: tokens.keeper, body: roleForm('SHELF HELPER', ['StockList', 'ProductList'], made.body.version) });
    // The keeper holds neither StockList nor ProductList: the role is above them.
    expect(keeperEdit.status).toBe(403);
    const hrRole = await call<Role>('POST', '/role/save', { token: tokens.keeper, body: roleForm('VIEWER', ['EmployeeView']) });
    expect(hrRole.status).toBe(200);
  });

  it("refuses the keeper's own role the whole catalogue (the issue's escalation)", async () => {
    const keeperRole = (await allRoles()).find((r) => r.name === KEEPER_ROLE)!;
    const answer = await call<{ message: string }>('PUT', `/role/${keeperRole.roleId}`, { token: tokens.keeper, body: roleForm(KEEPER_ROLE, allFeatures, keeperRole.version) });
    expect(answer).toEqual({ status: 403, body: { message: `You cannot change the ${KEEPER_ROLE} role: you hold it yourself.` } });
    expect(roleFeatures((await allRoles()).find((r) => r.name === KEEPER_ROLE)!)).toEqual(['EmployeeView', 'RoleEdit', 'RoleList']);
  });
});
