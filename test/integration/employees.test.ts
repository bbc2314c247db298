import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { userData } from '../../functions/users/data.js';
import { defaultRoles, ROLE } from '../../shared/roles.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import {
  EMPLOYEE_EMAIL_TAKEN,
  EMPLOYEE_MOBILE_TAKEN,
  JOINING_TOO_LATE,
  latestEmployeeDob,
  latestJoiningDate,
  NAME_EXISTS,
} from '../../shared/schemas/employee.js';
import { addDays } from '../../shared/leave-days.js';
import { SIGN_IN_FAILED } from '../../shared/tenant.js';
import { apiUrl, call, tokenOf } from './client.js';
import { latestMailTo } from './mail.js';
import { employeeForm, featuresOf, firstSignIn, mailedPassword, NEW_PASSWORD, seedStaffShop, signInAs } from './people.js';
import { ACCOUNT_CLOSED, SESSION_ENDED } from '../../functions/users/standing.js';

/**
 * A shop of its own: owner (TENANT_MANAGER) over manager and hr; manager leads cashier and clerk, whose HR contact
 * is hr; admin is the shop's ADMIN. New employees are created by the tests themselves.
 */
const TENANT = 'staff';
const at = (name: string) => `${name}@${TENANT}.shop`;
const ids: Record<string, number> = {};
const roleIds: Record<string, number> = {};

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Staff Test Stores', [
    ['admin', ROLE.ADMIN],
    ['owner', ROLE.TENANT_MANAGER],
    ['manager', ROLE.MANAGER, 'owner'],
    ['hr', ROLE.HR, 'owner'],
    ['cashier', ROLE.CASHIER, 'manager', 'hr'],
    ['clerk', ROLE.CASHIER, 'manager', 'hr'],
  ]);
  for (const name of ['admin', 'owner', 'manager', 'hr', 'cashier', 'clerk']) ids[name] = (await userData.byUserName(TENANT, at(name)))!.appUserId;
  const roles = await as<Role[]>('owner', 'GET', '/role/all');
  for (const role of roles.body) roleIds[role.name] = role.roleId;
});

async function as<T = AppUser & { message: string }>(name: string, method: string, path: string, body?: unknown) {
  return call<T>(method, path, { token: await tokenOf(at(name)), body });
}

type Created = AppUser & { mailSent: boolean; whatsappSent: boolean; message: string };

/** A cashier in manager's team with hr as HR contact, registered by the owner (HR holds no cashier features). */
const cashierForm = (overrides: Record<string, unknown> = {}) =>
  employeeForm({ appUserRole: [{ roleId: roleIds[ROLE.CASHIER]! }], managerId: ids.manager, hrId: ids.hr, ...overrides });

const featuresOfRole = (name: string) => [...defaultRoles.find((r) => r.name === name)!.features].sort();

describe('registering an employee', () => {
  it('creates a sign-in with a temporary password, mails it, and the employee chooses their own at the first sign-in', async () => {
    const created = await as<Created>('owner', 'POST', '/appUser/save', cashierForm());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      userName: 'ashaverma@staff.shop',
      managerId: ids.manager,
      managerName: at('manager'),
      hrId: ids.hr,
      hrName: at('hr'),
      appUserRole: [{ roleId: roleIds[ROLE.CASHIER], name: ROLE.CASHIER }],
      enabled: true,
      mailSent: true,
      // The shop has WhatsApp set up: the employee's mobile gets the sign-in too.
      whatsappSent: true,
      createdBy: at('owner'),
    });
    // The creator never sees the password; only the employee receives it.
    expect(JSON.stringify(created.body)).not.toMatch(/temporaryPassword|Temporary/);
    const temporaryPassword = await mailedPassword('asha.verma@example.in');
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    const mail = await latestMailTo('asha.verma@example.in');
    expect(mail.text).toContain('ashaverma@staff.shop');
    expect(mail.text).toContain(temporaryPassword);

    const { token } = await firstSignIn('ashaverma@staff.shop', temporaryPassword);
    expect(featuresOf(token)).toEqual(featuresOfRole(ROLE.CASHIER));
    expect(decodeJwt(token)).toMatchObject({ roleNames: ROLE.CASHIER, appUserId: String(created.body.appUserId) });
    expect((await signInAs('ashaverma@staff.shop', temporaryPassword)).status).toBe(401);
  });

  it('refuses a first password that does not meet the rules, or two that differ', async () => {
    const created = await as<Created>('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Bhavna', mobileNumber: '9812345001' }));
    const challenge = await signInAs('bhavna@staff.shop', await mailedPassword(created.body.emailId!));
    const setPassword = (password: string, passwordVerify: string) =>
      call<{ message: string }>('POST', '/token/newPassword', {
        body: { username: 'bhavna@staff.shop', session: challenge.body.session, password, passwordVerify },
        headers: { 'x-tenantid': TENANT },
      });
    expect((await setPassword('short', 'short')).body.message).toBe('Password must have at least 8 characters');
    expect((await setPassword(NEW_PASSWORD, 'Other@2024')).body.message).toBe('Password Mismatch. Please enter same password in both Password field');
  });

  it.each([
    ['a 5-digit mobile', { mobileNumber: '98123' }, 'Enter the Valid Mobile Number!!!'],
    ['a malformed e-mail', { emailId: 'asha@' }, 'Enter the Valid Email Id!!!'],
    ['a 9-year-old', { dob: '2015-01-01' }, 'An employee must be at least 18 years old'],
    ['no role', { appUserRole: [] }, 'Select at least one role'],
    ['no gender', { gender: undefined }, 'Gender is required'],
    ['a blank address', { address: ' ' }, 'Address is required'],
    ['a date of joining typed as text', { doj: '01/06/2024' }, 'Enter a valid date'],
    ['a date of joining years ahead', { doj: '2036-06-01' }, JOINING_TOO_LATE],
    ['a date of joining a day past the limit', { doj: addDays(latestJoiningDate(), 1) }, JOINING_TOO_LATE],
    ['a name of special characters only', { userName: '@@@' }, 'Enter the Valid UserName...'],
    ['no manager', { managerId: undefined }, 'Manager is required.'],
    ['no HR', { hrId: undefined }, 'HR is required.'],
    ['an unknown manager', { managerId: 999 }, 'Select a valid Manager.'],
    // Id 1 is the shop's admin, who holds no HR role.
    ['an HR contact who is not HR', { hrId: 1 }, 'Select a valid HR.'],
  ])('refuses %s with the message', async (_, overrides, message) => {
    const answer = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Refused One', ...overrides }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('accepts an employee who turns 18 today and joins on the last day allowed', async () => {
    const answer = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Just Eighteen', mobileNumber: '9812345002', dob: latestEmployeeDob(), doj: latestJoiningDate() }));
    expect(answer.status).toBe(200);
  });

  it("strips special characters, appends the creator's domain, and keeps the name unique", async () => {
    const created = await as<Created>('owner', 'POST', '/appUser/save', cashierForm({ userName: 'R.K-Singh@other.com', mobileNumber: '9812345003' }));
    expect(created.body.userName).toBe('rksingh@staff.shop');
    const again = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'RK Singh', mobileNumber: '9812345004' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NAME_EXISTS);
    expect((await as<boolean>('hr', 'GET', '/appUser/isUserExist/RK%20Singh')).body).toBe(true);
    expect((await as<boolean>('hr', 'GET', '/appUser/isUserExist/Nobody%20Here')).body).toBe(false);
    expect((await as<boolean>('hr', 'GET', `/appUser/isUserExistById/${created.body.appUserId}/rksingh`)).body).toBe(false);
    expect((await as<boolean>('hr', 'GET', `/appUser/isUserExistById/${ids.cashier}/rksingh`)).body).toBe(true);
  });

  it('lets exactly one of two simultaneous registrations of a name win', async () => {
    const form = cashierForm({ userName: 'Twin', mobileNumber: '9812345005' });
    const answers = await Promise.all([as('owner', 'POST', '/appUser/save', form), as('owner', 'POST', '/appUser/save', form)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // The two forms are alike in name, e-mail and mobile: the loser is told whichever of them it found taken first.
    expect([NAME_EXISTS, EMPLOYEE_EMAIL_TAKEN, EMPLOYEE_MOBILE_TAKEN]).toContain(answers.find((a) => a.status === 409)!.body.message);
  });

  it('offers and allows only roles whose every feature the creator holds', async () => {
    const offered = async (name: string) => (await as<Role[]>(name, 'GET', '/role/employeeRole')).body.map((r) => r.name);
    expect(await offered('admin')).toEqual([ROLE.ADMIN, ROLE.TENANT_MANAGER, ROLE.MANAGER, ROLE.HR, ROLE.CASHIER]);
    expect(await offered('owner')).toEqual([ROLE.TENANT_MANAGER, ROLE.MANAGER, ROLE.HR, ROLE.CASHIER]);
    expect(await offered('hr')).toEqual([ROLE.HR]);

    const adminForm = employeeForm({ userName: 'Second Admin', mobileNumber: '9812345006', appUserRole: [{ roleId: roleIds[ROLE.ADMIN]! }] });
    const refused = await as('owner', 'POST', '/appUser/save', adminForm);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'You cannot give or take away the ADMIN role: it has features you do not hold (TenantEdit, TenantList, TenantDelete).' },
    });
    expect((await as('hr', 'POST', '/appUser/save', adminForm)).status).toBe(403);
    expect((await userData.byUserName(TENANT, 'secondadmin@staff.shop'))).toBeUndefined();
    expect((await as('admin', 'POST', '/appUser/save', adminForm)).status).toBe(200);
  });

  it('refuses HR an employee with MANAGER, naming the features HR lacks, and saves nothing', async () => {
    const form = employeeForm({ userName: 'Promoted Friend', mobileNumber: '9812345007', appUserRole: [{ roleId: roleIds[ROLE.MANAGER]! }], managerId: ids.owner, hrId: ids.hr });
    const refused = await as('hr', 'POST', '/appUser/save', form);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^You cannot give or take away the MANAGER role: it has features you do not hold \(StockList, /);
    expect(refused.body.message).toContain('CustomerList');
    expect(await userData.byUserName(TENANT, 'promotedfriend@staff.shop')).toBeUndefined();
    // Nor may HR take a role away that it could not give, or delete its holder.
    const cashier = await as<AppUser>('hr', 'GET', `/appUser/${ids.cashier}`);
    const demoted = await as('hr', 'PUT', `/appUser/${ids.cashier}`, { ...cashierForm({ userName: 'cashier', mobileNumber: '9111111111' }), appUserRole: [{ roleId: roleIds[ROLE.HR]! }], version: cashier.body.version });
    expect(demoted.status).toBe(403);
    expect((await as('hr', 'DELETE', `/appUser/${ids.clerk}`)).status).toBe(403);
  });

  it('never makes a customer through the employee form', async () => {
    const answer = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Not Staff', appUserRole: [{ roleId: roleIds[ROLE.CUSTOMER]! }] }));
    expect(answer.status).toBe(403);
  });
});

describe("an employee's e-mail and mobile number are theirs alone in the shop", () => {
  const mobileOf = async (name: string) => (await userData.byUserName(TENANT, at(name)))!.mobileNumber!;

  it('refuses a new employee with the e-mail or mobile of another (any letter case), naming the field, and saves nothing', async () => {
    for (const [change, message] of [
      [{ emailId: 'MANAGER@staff.shop', mobileNumber: '9812345030' }, EMPLOYEE_EMAIL_TAKEN],
      [{ emailId: 'own.mail@example.in', mobileNumber: await mobileOf('clerk') }, EMPLOYEE_MOBILE_TAKEN],
    ] as const) {
      const answer = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Copy Cat', ...change }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.message).toBe(message);
      expect(await userData.byUserName(TENANT, 'copycat@staff.shop')).toBeUndefined();
      expect((await signInAs('copycat@staff.shop', NEW_PASSWORD)).status).toBe(401);
    }
  });

  it("refuses an edit to another employee's e-mail or mobile and leaves the record as it was", async () => {
    const clerk = await as('owner', 'GET', `/appUser/${ids.clerk}`);
    const base = { ...cashierForm({ userName: 'clerk', emailId: clerk.body.emailId, mobileNumber: clerk.body.mobileNumber }) };
    for (const [change, message] of [
      [{ emailId: 'Cashier@Staff.Shop' }, EMPLOYEE_EMAIL_TAKEN],
      [{ mobileNumber: await mobileOf('manager') }, EMPLOYEE_MOBILE_TAKEN],
    ] as const) {
      const answer = await as('owner', 'PUT', `/appUser/${ids.clerk}`, { ...base, ...change, version: clerk.body.version });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.message).toBe(message);
    }
    const after = await as('owner', 'GET', `/appUser/${ids.clerk}`);
    expect(after.body).toMatchObject({ emailId: clerk.body.emailId, mobileNumber: clerk.body.mobileNumber, version: clerk.body.version });
  });

  it('frees the old e-mail and mobile when they change, and a deleted employee\'s for someone new', async () => {
    const first = await as<Created>('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Mover', emailId: 'mover@example.in', mobileNumber: '9812345031' }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const moved = await as('owner', 'PUT', `/appUser/${first.body.appUserId}`, {
      ...cashierForm({ userName: 'Mover', emailId: 'mover.new@example.in', mobileNumber: '9812345032' }),
      version: first.body.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const takesOld = await as<Created>('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Successor', emailId: 'mover@example.in', mobileNumber: '9812345031' }));
    expect(takesOld.status, JSON.stringify(takesOld.body)).toBe(200);
    const takesNew = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Latecomer', emailId: 'latecomer@example.in', mobileNumber: '9812345032' }));
    expect(takesNew.body.message).toBe(EMPLOYEE_MOBILE_TAKEN);

    expect((await as('owner', 'DELETE', `/appUser/${first.body.appUserId}`)).status).toBe(200);
    const afterDelete = await as('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Latecomer', emailId: 'Mover.New@example.in', mobileNumber: '9812345032' }));
    expect(afterDelete.status, JSON.stringify(afterDelete.body)).toBe(200);
  });

  it('lets exactly one of two simultaneous registrations with one e-mail win', async () => {
    const [a, b] = await Promise.all(
      ['Twin Mail A', 'Twin Mail B'].map((userName, i) =>
        as('owner', 'POST', '/appUser/save', cashierForm({ userName, emailId: 'twin.mail@example.in', mobileNumber: `981234504${i}` })),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    expect([a!.body.message, b!.body.message]).toContain(EMPLOYEE_EMAIL_TAKEN);
  });
});

describe('who sees and changes whom', () => {
  let leadToken: string;
  let leadId: number;
  let reportId: number;

  beforeAll(async () => {
    // A manager who may also register and delete employees: MANAGER plus a role with those features.
    const editor = await as<Role>('owner', 'POST', '/role/save', {
      name: 'Employee Editor',
      roleModule: [{ moduleName: 'ERP', roleFeature: [{ featureName: 'EmployeeEdit' }, { featureName: 'EmployeeDelete' }] }],
    });
    const lead = await as<Created>('owner', 'POST', '/appUser/save', {
      ...cashierForm({ userName: 'Lead', mobileNumber: '9812345010', managerId: ids.owner }),
      appUserRole: [{ roleId: roleIds[ROLE.MANAGER]! }, { roleId: editor.body.roleId }],
    });
    leadId = lead.body.appUserId;
    leadToken = (await firstSignIn(lead.body.userName, await mailedPassword(lead.body.emailId!))).token;
    const report = await call<Created>('POST', '/appUser/save', {
      token: leadToken,
      body: cashierForm({ userName: 'Teja', mobileNumber: '9812345011', managerId: leadId }),
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    reportId = report.body.appUserId;
  });

  const asLead = <T = AppUser & { message: string }>(method: string, path: string, body?: unknown) => call<T>(method, path, { token: leadToken, body });

  it('gives a manager their direct reports and nobody else’s', async () => {
    const mine = await asLead<AppUser[]>('GET', `/appUser/manager/userList/${leadId}?page=0&size=5`);
    expect(mine.body.map((u) => u.userName)).toEqual(['teja@staff.shop']);
    expect((await asLead<number>('GET', `/appUser/manager/userCount/${leadId}`)).body).toBe(1);
    for (const path of [
      `/appUser/manager/userList/${ids.manager}`,
      `/appUser/manager/userCount/${ids.manager}`,
      `/appUser/manager/searchList/${ids.manager}/cash`,
      `/appUser/hr/userList/${ids.hr}`,
      '/appUser/all',
      '/appUser/allCount',
      '/appUser/search/cash',
    ]) {
      expect((await asLead('GET', path)).status, path).toBe(403);
    }
  });

  it('lets a manager open and change only their own people', async () => {
    expect((await asLead('GET', `/appUser/${reportId}`)).status).toBe(200);
    expect((await asLead('GET', `/appUser/${ids.cashier}`)).status).toBe(403);
    expect((await asLead('GET', `/appUser/detail/${ids.cashier}`)).status).toBe(403);
    const outsider = await asLead('PUT', `/appUser/${ids.cashier}`, cashierForm({ userName: 'cashier' }));
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe('You can change only the employees who report to you.');
    expect((await asLead('DELETE', `/appUser/${ids.cashier}`)).status).toBe(403);

    const moved = await asLead('PUT', `/appUser/${reportId}`, cashierForm({ userName: 'Teja', mobileNumber: '9812345011', managerId: ids.manager }));
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe('You can keep employees only in your own team.');
    const changed = await asLead('PUT', `/appUser/${reportId}`, cashierForm({ userName: 'Teja', mobileNumber: '9812345011', managerId: leadId, address: 'New address' }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ address: 'New address', updatedBy: 'lead@staff.shop', version: 2 });
  });

  it('lets a manager add people only to their own team', async () => {
    const answer = await asLead('POST', '/appUser/save', cashierForm({ userName: 'Elsewhere', mobileNumber: '9812345012' }));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You can add employees only to your own team.');
  });

  it('gives HR the people whose HR contact they are, and the whole organisation', async () => {
    const scoped = await as<AppUser[]>('hr', 'GET', `/appUser/hr/userList/${ids.hr}?page=0&size=100`);
    expect(scoped.body.length).toBeGreaterThan(2);
    expect(scoped.body.every((u) => u.hrId === ids.hr)).toBe(true);
    expect(scoped.body.map((u) => u.userName)).toEqual(expect.arrayContaining([at('cashier'), at('clerk'), 'teja@staff.shop']));
    expect((await as<number>('hr', 'GET', `/appUser/hr/userCount/${ids.hr}`)).body).toBe(scoped.body.length);
    expect((await as<AppUser[]>('hr', 'GET', `/appUser/hr/searchList/${ids.hr}/cle`)).body.map((u) => u.userName)).toEqual([at('clerk')]);
    expect((await as<number>('hr', 'GET', `/appUser/hr/searchCount/${ids.hr}/cle`)).body).toBe(1);

    const all = await as<AppUser[]>('hr', 'GET', '/appUser/all?page=0&size=100');
    expect(all.body.map((u) => u.userName)).toEqual(expect.arrayContaining([at('owner'), at('manager'), at('cashier'), 'teja@staff.shop']));
    expect(all.body.map((u) => u.userName)).toEqual([...all.body.map((u) => u.userName)].sort());
    expect((await as<number>('hr', 'GET', '/appUser/allCount')).body).toBe(all.body.length);
  });

  it('pages the Org Employees by 5 and searches them by user name', async () => {
    const count = (await as<number>('owner', 'GET', '/appUser/allCount')).body;
    const first = await as<AppUser[]>('owner', 'GET', '/appUser/all');
    const second = await as<AppUser[]>('owner', 'GET', '/appUser/all?page=1&size=5');
    expect(first.body).toHaveLength(5);
    expect(second.body).toHaveLength(Math.min(5, count - 5));
    expect(second.body[0]!.userName > first.body[4]!.userName).toBe(true);
    expect((await as<AppUser[]>('owner', 'GET', '/appUser/search/CASH')).body.map((u) => u.userName)).toEqual([at('cashier')]);
    expect((await as<number>('owner', 'GET', '/appUser/searchCount/cash')).body).toBe(1);
  });

  it('gives a plain manager their team, and refuses them the org view', async () => {
    const team = await as<AppUser[]>('manager', 'GET', `/appUser/manager/userList/${ids.manager}?page=0&size=100`);
    expect(team.body.map((u) => u.userName)).toEqual(expect.arrayContaining([at('cashier'), at('clerk')]));
    expect(team.body.every((u) => u.managerId === ids.manager)).toBe(true);
    expect((await as<AppUser[]>('manager', 'GET', `/appUser/manager/searchList/${ids.manager}/cl`)).body.map((u) => u.userName)).toEqual([at('clerk')]);
    expect((await as('manager', 'GET', '/appUser/all')).status).toBe(403);
    expect((await as('manager', 'PUT', `/appUser/${ids.cashier}`, cashierForm({ userName: 'cashier' }))).status).toBe(403);
  });

  it('offers MANAGER and TENANT_MANAGER holders as managers and HR holders as HR contacts', async () => {
    const managers = await as<{ userName: string }[]>('hr', 'GET', `/appUser/managers/${ids.manager}`);
    expect(managers.body.map((m) => m.userName)).toEqual(expect.arrayContaining([at('owner'), 'lead@staff.shop']));
    expect(managers.body.map((m) => m.userName)).not.toContain(at('manager'));
    expect(managers.body.map((m) => m.userName)).not.toContain(at('cashier'));
    const hrs = await as<{ userName: string }[]>('hr', 'GET', `/appUser/hr/${ids.cashier}`);
    expect(hrs.body.map((m) => m.userName)).toEqual([at('hr')]);
    expect((await as<{ userName: string }>('cashier', 'GET', `/appUser/getManager/${ids.cashier}`)).body).toEqual({ appUserId: ids.manager, userName: at('manager') });
    expect((await as('hr', 'GET', `/appUser/getManager/${ids.owner}`)).body).toBeNull();
  });

  it('shows an employee their own record with their roles and features', async () => {
    const own = await as<AppUser & { roles: Role[] }>('cashier', 'GET', `/appUser/detail/${ids.cashier}`);
    expect(own.status).toBe(200);
    expect(own.body.roles.map((r) => r.name)).toEqual([ROLE.CASHIER]);
    expect((await as('cashier', 'GET', `/appUser/${ids.clerk}`)).status).toBe(403);
  });
});

describe('changing and deleting employees', () => {
  it('applies a role edit at the very next call, and a refresh brings the new features into the token', async () => {
    const clerkRole = await as<Role>('owner', 'POST', '/role/save', {
      name: 'stock clerk',
      roleModule: [{ moduleName: 'IMS', roleFeature: [{ featureName: 'StockList' }] }],
    });
    expect(clerkRole.body.name).toBe('STOCK CLERK');
    const form = cashierForm({ userName: 'Mohan', mobileNumber: '9812345020', appUserRole: [{ roleId: clerkRole.body.roleId }] });
    const mohan = await as<Created>('owner', 'POST', '/appUser/save', form);
    const session = await firstSignIn('mohan@staff.shop', await mailedPassword(mohan.body.emailId!));
    expect(featuresOf(session.token)).toEqual(['StockList']);
    const refresh = async () => {
      const answer = await call<{ token: string }>('POST', '/token/refresh', { token: session.token, body: { refreshToken: session.refreshToken } });
      expect(answer.status).toBe(200);
      return featuresOf(answer.body.token);
    };

    const withHeader = async (path: string, token = session.token) => {
      const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, changed: response.headers.get('x-access-changed') };
    };
    expect(await withHeader('/stock/count')).toEqual({ status: 200, changed: null });
    expect((await withHeader('/inventory/count')).status).toBe(403);

    const edit = (features: string[], version: number) =>
      as<Role>('owner', 'PUT', `/role/${clerkRole.body.roleId}`, {
        name: 'STOCK CLERK',
        roleModule: [{ moduleName: 'IMS', roleFeature: features.map((featureName) => ({ featureName })) }],
        version,
      });
    expect((await edit(['StockList', 'InventoryList'], 1)).status).toBe(200);
    // The token in hand is judged by the role as it is now, and the answer says access changed.
    expect(await withHeader('/inventory/count')).toEqual({ status: 200, changed: '1' });
    expect((await edit(['InventoryList'], 2)).status).toBe(200);
    expect(await withHeader('/stock/count')).toEqual({ status: 403, changed: '1' });
    expect(await refresh()).toEqual(['InventoryList']);

    // Giving or taking a role ends the sessions: the token and its refresh are refused, a new sign-in has the roles.
    const moved = await as('owner', 'PUT', `/appUser/${mohan.body.appUserId}`, { ...form, appUserRole: [{ roleId: roleIds[ROLE.CASHIER]! }] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await call('GET', '/stock/count', { token: session.token })).toEqual({ status: 401, body: { message: SESSION_ENDED } });
    expect((await call('POST', '/token/refresh', { token: session.token, body: { refreshToken: session.refreshToken } })).status).toBe(401);
    const again = await signInAs('mohan@staff.shop', NEW_PASSWORD);
    expect(featuresOf(again.body.token!)).toEqual(featuresOfRole(ROLE.CASHIER));
    expect((await call('GET', '/stock/count', { token: again.body.token })).status).toBe(200);
  });

  it('disables the sign-in of a deleted employee and keeps the record', async () => {
    const created = await as<Created>('owner', 'POST', '/appUser/save', cashierForm({ userName: 'Leaving Soon', mobileNumber: '9812345021' }));
    const session = await firstSignIn('leavingsoon@staff.shop', await mailedPassword(created.body.emailId!));
    expect((await call('GET', '/tenant/currentTenant', { token: session.token })).status).toBe(200);
    const deleted = await as('owner', 'DELETE', `/appUser/${created.body.appUserId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.enabled).toBe(false);

    const signIn = await signInAs('leavingsoon@staff.shop', NEW_PASSWORD);
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual({ message: SIGN_IN_FAILED });
    expect((await call('POST', '/token/refresh', { token: session.token, body: { refreshToken: session.refreshToken } })).status).toBe(401);
    // The token they already hold stops working at once, not when it runs out.
    const held = await call('GET', '/tenant/currentTenant', { token: session.token });
    expect(held).toEqual({ status: 401, body: { message: ACCOUNT_CLOSED } });

    expect((await as('hr', 'GET', `/appUser/${created.body.appUserId}`)).body.enabled).toBe(false);
    const listed = await as<AppUser[]>('hr', 'GET', '/appUser/search/leaving');
    expect(listed.body).toEqual([]);
    const again = await as('owner', 'DELETE', `/appUser/${created.body.appUserId}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This employee has been deleted.');
  });

  it('keeps people in place: no self-delete, no manager deleted while people report to them', async () => {
    const self = await as('hr', 'DELETE', `/appUser/${ids.hr}`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot delete your own account.');
    const boss = await as('owner', 'DELETE', `/appUser/${ids.manager}`);
    expect(boss.status).toBe(409);
    expect(boss.body.message).toMatch(/employee\(s\) report to manager@staff\.shop/);
  });

  it('lets people edit their own details but not their own roles, manager or HR', async () => {
    const hrSelf = employeeForm({ userName: 'hr', managerId: ids.owner, appUserRole: [{ roleId: roleIds[ROLE.HR]! }], address: 'HR lane' });
    expect((await as('hr', 'PUT', `/appUser/${ids.hr}`, hrSelf)).status).toBe(200);
    const promoted = await as('hr', 'PUT', `/appUser/${ids.hr}`, { ...hrSelf, appUserRole: [{ roleId: roleIds[ROLE.HR]! }, { roleId: roleIds[ROLE.MANAGER]! }] });
    expect(promoted.status).toBe(403);
    expect(promoted.body.message).toMatch(/^You cannot give or take away the MANAGER role/);
    const ownerSelf = employeeForm({ userName: 'owner', appUserRole: [{ roleId: roleIds[ROLE.TENANT_MANAGER]! }, { roleId: roleIds[ROLE.CASHIER]! }] });
    const selfPromoted = await as('owner', 'PUT', `/appUser/${ids.owner}`, ownerSelf);
    expect(selfPromoted.status).toBe(403);
    expect(selfPromoted.body.message).toBe('You cannot change your own roles, manager or HR.');
  });

  it('keeps the user name, refuses a stale edit, and lets the name stay as it is', async () => {
    // HR edits the record without moving its e-mail or mobile (that needs every feature of the cashier's role).
    const stored = (await as('hr', 'GET', `/appUser/${ids.cashier}`)).body;
    const base = cashierForm({ userName: 'cashier', emailId: stored.emailId, mobileNumber: stored.mobileNumber });
    const renamed = await as('hr', 'PUT', `/appUser/${ids.cashier}`, { ...base, userName: 'Cashier Two' });
    expect(renamed.status).toBe(400);
    expect((await as('hr', 'PUT', `/appUser/${ids.cashier}`, { ...base, userName: 'clerk' })).body.message).toBe(NAME_EXISTS);
    const current = (await as('hr', 'GET', `/appUser/${ids.cashier}`)).body;
    expect((await as('hr', 'PUT', `/appUser/${ids.cashier}`, { ...base, version: current.version })).status).toBe(200);
    const stale = await as('hr', 'PUT', `/appUser/${ids.cashier}`, { ...base, version: current.version });
    expect(stale.status).toBe(409);
  });
});
