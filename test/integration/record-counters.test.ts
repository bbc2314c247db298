import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as categoriesHandler } from '../../functions/categories/handler.js';
import { handler as customersHandler } from '../../functions/customers/handler.js';
import { handler as partnersHandler } from '../../functions/partners/handler.js';
import { dynamo } from '../../functions/lib/aws.js';
import { tableName } from '../../functions/lib/db.js';
import { counterKey } from '../../functions/lib/keys.js';
import { categoryData } from '../../functions/categories/data.js';
import { customerData } from '../../functions/customers/data.js';
import { partnerData } from '../../functions/partners/data.js';
import { userData } from '../../functions/users/data.js';
import { defaultRoles, ROLE } from '../../shared/roles.js';
import { call, tokenOf } from './client.js';
import { createProducts, imageContent, productRow, unique } from './catalogue-fixtures.js';
import { injectDynamoFaults, invoke } from './faults.js';
import { employeeForm, seedStaffShop } from './people.js';

/**
 * Whole-shop counts (customers, categories, partners) are counter items kept in the transactions that create and
 * delete the records: after creates, refused creates, deletes and refused deletes the count equals the records,
 * and answering it reads the counter item only, never the records. Prefix-search counts stop at a cap
 * (SEARCH_COUNT_CAP, 1,000 in the routes; a small one here).
 */

const TENANT = 'tallies';
const admin = `admin@${TENANT}.shop`;

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Tallies Stores', [
    ['admin', ROLE.ADMIN],
    ['lead', ROLE.MANAGER, 'admin'],
    ['people', ROLE.HR, 'admin'],
    ['second', ROLE.MANAGER, 'admin'],
  ]);
});

const as = async <T = { message?: string }>(method: string, path: string, body?: unknown) => call<T>(method, path, { token: await tokenOf(admin), body });

async function counterValue(counted: string): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(TENANT, counted) }));
  return Number(out.Item?.value ?? 0);
}

/** The count route answered in-process, with the DynamoDB commands it sent. */
/** The count route answers `expected` from its counter item: one GetItem, no Query of the records. */
async function expectCountedByCounter(handler: unknown, routeKey: string, counter: string, expected: number) {
  expect(await counterValue(counter)).toBe(expected);
  const recorder = injectDynamoFaults();
  try {
    await invoke(handler as never, admin, routeKey); // signs in and warms the caller's reads
    recorder.arm();
    const answer = await invoke<number>(handler as never, admin, routeKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(expected);
    expect(recorder.commands()).toContain('GetCommand');
    expect(recorder.commands()).not.toContain('QueryCommand');
  } finally {
    recorder.restore();
  }
}


describe('record counters', () => {
  it('count customers through creates, a refused create, two saves of one mobile at once and deletes', async () => {
    const form = (i: number) => ({ customerName: `Tally Customer ${i}`, mobileNumber: `97311000${String(i).padStart(2, '0')}`, emailId: `c${i}@tallies.example`, address: 'Main Road' });
    const ids: number[] = [];
    for (const i of [1, 2, 3]) ids.push((await as<{ customerId: number }>('POST', '/customer/save', form(i))).body.customerId);
    expect((await as('POST', '/customer/save', { ...form(9), mobileNumber: form(1).mobileNumber })).status).toBe(409);
    const race = await Promise.all([as('POST', '/customer/save', form(4)), as('POST', '/customer/save', { ...form(5), mobileNumber: form(4).mobileNumber })]);
    expect(race.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await as('DELETE', `/customer/${ids[1]}`)).status).toBe(200);
    expect((await as('DELETE', `/customer/${ids[1]}`)).status).toBe(404);

    const listed = (await as<unknown[]>('GET', '/customer/all?size=50')).body;
    expect(listed).toHaveLength(3);
    expect((await as<number>('GET', '/customer/count')).body).toBe(3);
    await expectCountedByCounter(customersHandler, 'GET /customer/count', 'customer', 3);
  });

  it('count partners through creates, a refused create and deletes', async () => {
    const form = (i: number) => ({ name: `Tally Partner ${i}`, emailId: `p${i}@tallies.example`, companyName: `Tally Agencies ${i}`, mobileNumber: `98451200${String(i).padStart(2, '0')}`, productDetail: 'Rice', address: 'APMC Yard' });
    const ids: number[] = [];
    for (const i of [1, 2, 3]) ids.push((await as<{ businessPartnersId: number }>('POST', '/businessPartners/save', form(i))).body.businessPartnersId);
    expect((await as('POST', '/businessPartners/save', { ...form(9), mobileNumber: form(2).mobileNumber })).status).toBe(409);
    expect((await as('DELETE', `/businessPartners/${ids[0]}`)).status).toBe(200);
    expect((await as('DELETE', `/businessPartners/${ids[0]}`)).status).toBe(404);

    expect((await as<unknown[]>('GET', '/businessPartners?size=50')).body).toHaveLength(2);
    expect((await as<number>('GET', '/businessPartners/count')).body).toBe(2);
    await expectCountedByCounter(partnersHandler, 'GET /businessPartners/count', 'partner', 2);
  });

  it('count categories through creates, a refused create, a refused delete (it has products) and deletes', async () => {
    const token = await tokenOf(admin);
    const names = [unique('Tally Pulses'), unique('Tally Spices'), unique('Tally Oils')];
    const ids: number[] = [];
    for (const categoryName of names) ids.push((await as<{ categoryId: number }>('POST', '/category/save', { categoryName, imageContent: imageContent() })).body.categoryId);
    expect((await as('POST', '/category/save', { categoryName: names[0]!.toUpperCase(), imageContent: imageContent() })).status).toBe(409);
    await createProducts(token, [productRow(ids[2]!)]);
    expect((await as('DELETE', `/category/${ids[2]}`)).status).toBe(409);
    expect((await as('DELETE', `/category/${ids[0]}`)).status).toBe(200);
    expect((await as('DELETE', `/category/${ids[0]}`)).status).toBe(404);

    expect((await as<unknown[]>('GET', '/category?size=50')).body).toHaveLength(2);
    expect((await as<number>('GET', '/category/count')).body).toBe(2);
    await expectCountedByCounter(categoriesHandler, 'GET /category/count', 'category', 2);
  });
});

describe('employee counters', () => {
  it('count each list (the organisation, a manager’s reports, an HR contact’s people) through creates, a refused create, a move and a delete', async () => {
    const roleIds = Object.fromEntries(defaultRoles.map((r, i) => [r.name, i + 1]));
    const idOf = async (name: string) => (await userData.byUserName(TENANT, `${name}@${TENANT}.shop`))!.appUserId;
    const [adminId, leadId, secondId, peopleId] = [await idOf('admin'), await idOf('lead'), await idOf('second'), await idOf('people')];
    const form = (userName: string, managerId: number) =>
      employeeForm({ userName, appUserRole: [{ roleId: roleIds[ROLE.CASHIER]! }], managerId, hrId: peopleId });
    const kiran = await as<{ appUserId: number; version: number }>('POST', '/appUser/save', form('Kiran Tally', leadId));
    expect(kiran.status, JSON.stringify(kiran.body)).toBe(200);
    expect((await as('POST', '/appUser/save', form('Ravi Tally', leadId))).status).toBe(200);
    expect((await as('POST', '/appUser/save', { ...form('Copy Tally', leadId), mobileNumber: employeeForm({ userName: 'Kiran Tally' }).mobileNumber })).status).toBe(409);
    const customer = await as('POST', '/appUser/save', { ...form('Shopper Tally', leadId), appUserRole: [{ roleId: roleIds[ROLE.CUSTOMER]! }] });
    // Kiran moves from the lead's team to the second manager's.
    const moved = await as('PUT', `/appUser/${kiran.body.appUserId}`, { ...form('Kiran Tally', secondId), version: kiran.body.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const ravi = await userData.byUserName(TENANT, `ravitally@${TENANT}.shop`);
    expect((await as('DELETE', `/appUser/${ravi!.appUserId}`)).status).toBe(200);

    const lists: [string, string][] = [
      ['/appUser/all?size=50', '/appUser/allCount'],
      [`/appUser/manager/userList/${adminId}?size=50`, `/appUser/manager/userCount/${adminId}`],
      [`/appUser/manager/userList/${leadId}?size=50`, `/appUser/manager/userCount/${leadId}`],
      [`/appUser/manager/userList/${secondId}?size=50`, `/appUser/manager/userCount/${secondId}`],
      [`/appUser/hr/userList/${peopleId}?size=50`, `/appUser/hr/userCount/${peopleId}`],
    ];
    const counted = [];
    for (const [list, count] of lists) {
      const listed = (await as<unknown[]>('GET', list)).body;
      expect((await as<number>('GET', count)).body, count).toBe(listed.length);
      counted.push(listed.length);
    }
    // Admin, lead, people, second and Kiran; the admin's three; nobody left under the lead; Kiran under the second
    // manager and under HR.
    expect(counted).toEqual([5, 3, 0, 1, 1]);
    expect(await counterValue('employee')).toBe(5);
    expect(await counterValue(`employee#manager#${secondId}`)).toBe(1);
    expect(customer.status).toBeLessThan(500);
  });
});

describe('search counts', () => {
  it('stop at the cap however many records start with the text', async () => {
    // Left by the tests above: three customers and two categories whose names start with 'tally'.
    expect(await customerData.searchCount(TENANT, 'tally', 1000)).toBe(3);
    expect(await customerData.searchCount(TENANT, 'tally', 2)).toBe(2);
    expect(await customerData.searchCount(TENANT, '97311', 2)).toBe(2);
    expect(await categoryData.searchCount(TENANT, 'tally', 1000)).toBe(2);
    expect(await categoryData.searchCount(TENANT, 'tally', 1)).toBe(1);
    expect(await userData.searchCount(TENANT, { kind: 'all' }, 'admin', 1000)).toBe(1);
    // Two partners whose name and company both start with 'tally': each counted once.
    expect(await partnerData.searchCount(TENANT, 'tally', 1000)).toBe(2);
    expect(await partnerData.searchCount(TENANT, 'tally', 1)).toBe(1);
  });
});
