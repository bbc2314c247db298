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
import { userData } from '../../functions/users/data.js';
import { ROLE } from '../../shared/roles.js';
import { call, tokenOf } from './client.js';
import { createProducts, imageContent, productRow, unique } from './catalogue-fixtures.js';
import { injectDynamoFaults, invoke } from './faults.js';
import { seedStaffShop } from './people.js';

/**
 * Whole-shop counts (customers, categories, partners) are counter items kept in the transactions that create and
 * delete the records: after creates, refused creates, deletes and refused deletes the count equals the records,
 * and answering it reads the counter item only, never the records. Prefix-search counts stop at a cap
 * (SEARCH_COUNT_CAP, 1,000 in the routes; a small one here).
 */

const TENANT = 'tallies';
const admin = `admin@${TENANT}.shop`;

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Tallies Stores', [['admin', ROLE.ADMIN]]);
});

const as = async <T = { message?: string }>(method: string, path: string, body?: unknown) => call<T>(method, path, { token: await tokenOf(admin), body });

async function counterValue(counted: string): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(TENANT, counted) }));
  return Number(out.Item?.value ?? 0);
}

/** The count route answered in-process, with the DynamoDB commands it sent. */
async function countWithCommands(handler: unknown, routeKey: string): Promise<{ count: unknown; commands: string[] }> {
  const recorder = injectDynamoFaults();
  try {
    await invoke(handler as never, admin, routeKey); // signs in and warms the caller's reads
    recorder.arm();
    const answer = await invoke<number>(handler as never, admin, routeKey);
    expect(answer.status).toBe(200);
    return { count: answer.body, commands: recorder.commands() };
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
    expect(await counterValue('customer')).toBe(3);
    const { count, commands } = await countWithCommands(customersHandler, 'GET /customer/count');
    expect(count).toBe(3);
    expect(commands).toContain('GetCommand');
    expect(commands).not.toContain('QueryCommand');
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
    expect(await counterValue('partner')).toBe(2);
    const { count, commands } = await countWithCommands(partnersHandler, 'GET /businessPartners/count');
    expect(count).toBe(2);
    expect(commands).toContain('GetCommand');
    expect(commands).not.toContain('QueryCommand');
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
    expect(await counterValue('category')).toBe(2);
    const { count, commands } = await countWithCommands(categoriesHandler, 'GET /category/count');
    expect(count).toBe(2);
    expect(commands).toContain('GetCommand');
    expect(commands).not.toContain('QueryCommand');
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
  });
});
