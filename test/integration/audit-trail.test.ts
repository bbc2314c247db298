import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditData } from '../../functions/audit/data.js';
import { startGateway } from '../../infra/local/gateway.js';
import { localSigningKey } from '../../infra/local/signing-key.js';
import { ROLE } from '../../shared/roles.js';
import type { AuditRecord } from '../../shared/schemas/audit.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import type { Product } from '../../shared/schemas/catalogue.js';
import type { Policy } from '../../shared/schemas/content.js';
import type { Customer } from '../../shared/schemas/customer.js';
import type { Purchase } from '../../shared/schemas/purchase.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { computeBill } from '../../shared/bill.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { createCategory, createProducts, imageContent, inventoryUploadForm, productRow, unique } from './catalogue-fixtures.js';
import { apiUrl, call, callAt, tokenOf, type ApiAnswer } from './client.js';
import { employeeForm, seedStaffShop } from './people.js';
import { adminToken, bill, cashierToken, line, mustPlace, newCustomer, stockedProduct, stockOf, type Shelf } from './pos-fixtures.js';

/**
 * The audit trail: every audited change writes its record in its own transaction. Each change is tried twice:
 * once through a second gateway in this process whose audit record is made to fail inside the transaction (so
 * neither the change nor the record may remain), then through the product's stack, after which its record must be
 * there with the right before and after.
 */
const TENANT = 'audits';
const at = (name: string) => `${name}@${TENANT}.shop`;
const owner = () => tokenOf(at('owner'));

let server: http.Server | undefined;
let faultyUrl = '';

/** A call to the gateway whose audit records fail: the same functions, with the audit Put's condition turned round. */
async function faulty<T = unknown>(method: string, path: string, options: { token: string; body?: unknown }): Promise<ApiAnswer<T>> {
  return expectAuditFailure(() => callAt<T>(`${faultyUrl}/api`, method, path, options));
}

/** Runs a call while every audit record written fails inside its transaction (and checks one was tried). */
async function expectAuditFailure<T>(send: () => Promise<T>): Promise<T> {
  const real = auditData.write.bind(auditData);
  const spy = vi.spyOn(auditData, 'write').mockImplementation((tenantId, entry) => {
    const item = real(tenantId, entry);
    // A new record's key never exists, so "must exist" fails: the transaction is cancelled at the audit item.
    item.Put!.ConditionExpression = 'attribute_exists(pk)';
    return item;
  });
  try {
    return await send();
  } finally {
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  }
}

async function recordsOf(token: string, entity: string, entityId: string | number): Promise<AuditRecord[]> {
  const answer = await call<AuditRecord[]>('GET', `/audit?entity=${entity}&entityId=${entityId}&size=100`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The refused change left no record behind and answered with a message, not a crash. */
function refused(answer: ApiAnswer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect((answer.body as { message: string }).message).toMatch(/try again/i);
}

beforeAll(async () => {
  await seedStaffShop(TENANT, 'Audit Test Stores', [
    ['owner', ROLE.TENANT_MANAGER],
    ['admin', ROLE.ADMIN],
    ['cashier', ROLE.CASHIER, 'owner'],
  ]);
  process.env.CURSOR_SECRET ??= 'audit-trail-test-cursor-key';
  process.env.COGNITO_WITHOUT_GLOBAL_SIGN_OUT ??= '1';
  const port = 20000 + Math.floor(Math.random() * 20000);
  server = await startGateway({
    port,
    issuer: `${process.env.COGNITO_ENDPOINT}/${process.env.USER_POOL_ID}`,
    audience: process.env.USER_POOL_CLIENT_ID!,
    signingKey: localSigningKey(path.dirname(process.env.LOCAL_TOKEN_KEY_FILE!)).jwk,
    invokeKeyId: 'not-used-here',
    invokable: {},
    loadDomain: async (domain) => (await import(`../../functions/${domain}/handler.ts`)).handler,
  });
  faultyUrl = `http://127.0.0.1:${port}`;
  expect(apiUrl()).not.toBe(`${faultyUrl}/api`);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('bills', () => {
  let rice: Shelf;
  let customer: Customer;
  const sale = (who: Customer, quantity: number) => {
    const figures = computeBill({ lines: [{ mrp: toPaise(rice.mrp), rate: toPaise(rice.sellingPrice), quantity, cgstRate: toPaise(rice.cgst), sgstRate: toPaise(rice.sgst) }] });
    const totals = { grossAmount: toRupees(figures.totals.gross), discount: toRupees(figures.totals.discount), tax: toRupees(figures.totals.tax), netAmount: toRupees(figures.paid) };
    return bill(who, [line(rice, quantity)], totals);
  };

  beforeAll(async () => {
    rice = await stockedProduct({ name: 'Audit Rice', quantity: 40, mrp: 50, buyingPrice: 40, gst: 5 });
    customer = await newCustomer();
  });

  it('a bill saved: refused with its record, or saved with it (who, when, lines after)', async () => {
    const stockBefore = await stockOf(rice);
    refused(await faulty('POST', '/purchase', { token: await cashierToken(), body: sale(customer, 2) }));
    expect(await stockOf(rice)).toBe(stockBefore);

    const saved = await mustPlace(sale(customer, 2));
    const [record, ...more] = await recordsOf(await adminToken(), 'bill', saved.purchaseId);
    expect(more).toEqual([]);
    expect(record).toMatchObject({ by: 'cashier@demo.shop', entity: 'bill', entityId: String(saved.purchaseId), action: 'create', before: {} });
    expect(record!.after).toMatchObject({ purchaseId: saved.purchaseId, customerId: customer.customerId, lines: [{ product: `${rice.productName} (${rice.artcode})`, quantity: 2 }] });
    expect(Date.now() - Date.parse(record!.at)).toBeLessThan(60_000);
  });

  it('a bill edited, returned and billed again: each refused whole with its record, or recorded with before and after', async () => {
    const saved = await mustPlace(sale(customer, 2));
    const cashier = await cashierToken();
    const edit = { ...sale(customer, 3), version: saved.version };
    const stockBefore = await stockOf(rice);
    refused(await faulty('PUT', `/purchase/${saved.purchaseId}`, { token: cashier, body: edit }));
    expect(await stockOf(rice)).toBe(stockBefore);
    expect((await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: cashier })).body.version).toBe(saved.version);

    const edited = await call<Purchase>('PUT', `/purchase/${saved.purchaseId}`, { token: cashier, body: edit });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [editRecord] = await recordsOf(await adminToken(), 'bill', saved.purchaseId);
    expect(editRecord).toMatchObject({ action: 'update', before: { lines: [{ quantity: 2 }] }, after: { lines: [{ quantity: 3 }] } });
    // Only what changed: the figures of two units against three; the customer stayed.
    expect(editRecord).toMatchObject({ before: { gross: 10000 }, after: { gross: 15000 } });
    expect(editRecord!.after).not.toHaveProperty('customerId');

    const giveBack = { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 50 };
    refused(await faulty('POST', `/purchase/return/${saved.purchaseId}`, { token: cashier, body: giveBack }));
    expect(await stockOf(rice)).toBe(stockBefore - 1);
    expect((await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: cashier })).body.returnQuantity).toBe(0);
    expect((await call('POST', `/purchase/return/${saved.purchaseId}`, { token: cashier, body: giveBack })).status).toBe(200);
    const [returnRecord] = await recordsOf(await adminToken(), 'bill', saved.purchaseId);
    expect(returnRecord).toMatchObject({ action: 'return', before: { lines: [{ quantity: 3, returned: 0 }] }, after: { lines: [{ quantity: 2, returned: 1 }] } });

    refused(await faulty('POST', `/purchase/reBill/${saved.purchaseId}`, { token: cashier, body: { print: true } }));
    expect((await call<Purchase>('GET', `/purchase/${saved.purchaseId}`, { token: cashier })).body.reBills).toBe(0);
    expect((await call('POST', `/purchase/reBill/${saved.purchaseId}`, { token: cashier, body: { print: true } })).status).toBe(200);
    const records = await recordsOf(await adminToken(), 'bill', saved.purchaseId);
    expect(records.map((r) => r.action)).toEqual(['rebill', 'return', 'update', 'create']);
    expect(records[0]).toMatchObject({ before: { reBills: 0 }, after: { reBills: 1, printed: true } });
  });
});

describe('stock, products, roles, employees, the shop and its policies', () => {
  let categoryId: number;
  beforeAll(async () => {
    categoryId = (await createCategory(await owner(), unique('Audit Category'))).categoryId;
  });

  it('stock lines and their prices', async () => {
    const token = await owner();
    const [product] = await createProducts(token, [productRow(categoryId)]);
    const form = { productId: product!.productId, artcode: `AUD${Date.now() % 1_000_000}`, quantity: 5, productPrice: 80 };
    refused(await faulty('POST', '/stock', { token, body: form }));
    expect((await call('GET', `/stock/${product!.productId}/${form.artcode}`, { token })).status).toBe(404);

    const created = await call<{ stockId: number; quantity: number }>('POST', '/stock', { token, body: form });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { stockId } = created.body;
    refused(await faulty('PUT', `/stock/${stockId}`, { token, body: { quantity: 9, productPrice: 95 } }));
    expect((await call<{ quantity: number }>('GET', `/stock/${product!.productId}/${form.artcode}`, { token })).body.quantity).toBe(5);
    expect((await call('PUT', `/stock/${stockId}`, { token, body: { quantity: 9, productPrice: 95 } })).status).toBe(200);

    const [update, create] = await recordsOf(token, 'stock', stockId);
    expect(create).toMatchObject({ by: at('owner'), action: 'create', before: {}, after: { quantity: 5, sellingPrice: 8000, artcode: form.artcode } });
    expect(update).toMatchObject({ action: 'update', before: { quantity: 5, sellingPrice: 8000 }, after: { quantity: 9, sellingPrice: 9500 } });
    // Fields that did not change are not repeated.
    expect(update!.after).not.toHaveProperty('artcode');
  });

  it('goods received at inventory add: refused whole with its record, or recorded with the quantity before and after', async () => {
    const token = await owner();
    const [product] = await createProducts(token, [productRow(categoryId)]);
    const artcode = `AUR${Date.now() % 1_000_000}`;
    const receipt = (quantity: number, mrp: number) => ({ productId: product!.productId, vendor: 'Audit Traders', artcode, barcode: `89${artcode}`, quantity, cgst: 2.5, sgst: 2.5, mrp, buyingPrice: 40 });
    const received = async () => (await call<number>('GET', '/inventory/count', { token })).body;
    const countBefore = await received();

    refused(await faulty('POST', '/inventory/save', { token, body: receipt(6, 60) }));
    expect((await call('GET', `/stock/${product!.productId}/${artcode}`, { token })).status).toBe(404);
    expect(await received()).toBe(countBefore);
    const first = await call<{ stock: { stockId: number } }>('POST', '/inventory/save', { token, body: receipt(6, 60) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { stockId } = first.body.stock;

    refused(await faulty('POST', '/inventory/save', { token, body: receipt(4, 65) }));
    expect((await call<{ quantity: number }>('GET', `/stock/${product!.productId}/${artcode}`, { token })).body.quantity).toBe(6);
    expect(await received()).toBe(countBefore + 1);
    expect((await call('POST', '/inventory/save', { token, body: receipt(4, 65) })).status).toBe(200);

    const [more, opened, ...none] = await recordsOf(token, 'stock', stockId);
    expect(none).toEqual([]);
    expect(opened).toMatchObject({ by: at('owner'), action: 'receive', before: {}, after: { quantity: 6, mrp: 6000, received: 6, artcode } });
    expect(opened!.after.receivedFrom).toMatch(/^Inventory \d+$/);
    expect(more).toMatchObject({ action: 'receive', before: { quantity: 6, mrp: 6000 }, after: { quantity: 10, mrp: 6500, received: 4 } });
    expect(more!.after).not.toHaveProperty('artcode');
  });

  it('an inventory spreadsheet upload: a part refused whole with its records, or one record per stock line changed', async () => {
    const token = await owner();
    const [product] = await createProducts(token, [productRow(categoryId)]);
    const received = async () => (await call<number>('GET', '/inventory/count', { token })).body;
    const codes = [`AUU${Date.now() % 1_000_000}A`, `AUU${Date.now() % 1_000_000}B`];
    const row = (artcode: string, quantity: number) => ({ productName: product!.productName, vendor: 'Upload Traders', artcode, barcode: `89${artcode}`, quantity, cgst: 2.5, sgst: 2.5, mrp: 60, buyingPrice: 45, sellingPrice: 58 });
    const file = await inventoryUploadForm([row(codes[0]!, 3), row(codes[1]!, 7), row(codes[0]!, 2)], 'Audit Upload.xlsx');
    const staged = await call<{ uploadId: string; batches: number }>('POST', `/inventory/saveByFile/${at('owner')}`, { token, body: file });
    expect(staged.status, JSON.stringify(staged.body)).toBe(200);
    expect(staged.body.batches).toBe(1);
    const countBefore = await received();
    const commit = `/inventory/upload/${staged.body.uploadId}/batch/1`;

    refused(await faulty('POST', commit, { token }));
    expect(await received()).toBe(countBefore);
    for (const artcode of codes) expect((await call('GET', `/stock/${product!.productId}/${artcode}`, { token })).status).toBe(404);

    const saved = await call<{ done: boolean }>('POST', commit, { token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.done).toBe(true);
    expect(await received()).toBe(countBefore + 3);
    for (const [artcode, quantity, rows] of [[codes[0]!, 5, 'rows? 2, 4'], [codes[1]!, 7, 'rows? 3']] as const) {
      const line = await call<{ stockId: number; quantity: number }>('GET', `/stock/${product!.productId}/${artcode}`, { token });
      expect(line.body.quantity).toBe(quantity);
      const [record, ...none] = await recordsOf(token, 'stock', line.body.stockId);
      expect(none).toEqual([]);
      expect(record).toMatchObject({ by: at('owner'), action: 'receive', before: {}, after: { quantity, received: quantity, artcode } });
      expect(record!.after.receivedFrom).toMatch(new RegExp(`^Upload Audit Upload\\.xlsx, ${rows}$`));
    }
  });

  it('products: added, edited and deleted', async () => {
    const token = await owner();
    const row = productRow(categoryId);
    refused(await faulty('POST', '/product/saveAll', { token, body: [row] }));
    expect((await call<Product[]>('GET', `/product/search/${encodeURIComponent(row.productName)}`, { token })).body).toEqual([]);
    const [product] = await createProducts(token, [row]);

    const edit = [{ ...row, productId: product!.productId, productName: `${row.productName} Large`, size: '5 kg', version: product!.version }];
    refused(await faulty('PUT', '/product/listOfProducts', { token, body: edit }));
    expect((await call<Product[]>('GET', `/product/listOfProducts/${product!.productId}`, { token })).body[0]).toMatchObject({ productName: row.productName });
    expect((await call('PUT', '/product/listOfProducts', { token, body: edit })).status).toBe(200);

    refused(await faulty('DELETE', '/product/deleteAllById', { token, body: [product!.productId] }));
    expect((await call<Product[]>('GET', `/product/listOfProducts/${product!.productId}`, { token })).status).toBe(200);
    expect((await call('DELETE', '/product/deleteAllById', { token, body: [product!.productId] })).status).toBe(200);

    const records = await recordsOf(token, 'product', product!.productId);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(records[1]).toMatchObject({ before: { productName: row.productName, size: row.size }, after: { productName: `${row.productName} Large`, size: '5 kg' } });
    expect(records[0]).toMatchObject({ before: { productName: `${row.productName} Large` }, after: {} });
  });

  it('roles and their features', async () => {
    const token = await owner();
    const body = { name: unique('Audit Clerk'), roleModule: [{ moduleName: 'IMS', roleFeature: [{ featureName: 'StockList' }] }] };
    refused(await faulty('POST', '/role/save', { token, body }));
    expect((await call<Role[]>('GET', '/role/all', { token })).body.map((r) => r.name)).not.toContain(body.name);
    const role = (await call<Role>('POST', '/role/save', { token, body })).body;

    const wider = { ...body, roleModule: [{ moduleName: 'IMS', roleFeature: [{ featureName: 'StockList' }, { featureName: 'ProductList' }] }], version: role.version };
    refused(await faulty('PUT', `/role/${role.roleId}`, { token, body: wider }));
    expect((await call<Role>('GET', `/role/${role.roleId}`, { token })).body.version).toBe(role.version);
    expect((await call('PUT', `/role/${role.roleId}`, { token, body: wider })).status).toBe(200);

    refused(await faulty('DELETE', `/role/${role.roleId}`, { token }));
    expect((await call('GET', `/role/${role.roleId}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/role/${role.roleId}`, { token })).status).toBe(200);

    const records = await recordsOf(token, 'role', role.roleId);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(records[1]).toMatchObject({ before: { features: ['StockList'] }, after: { features: ['StockList', 'ProductList'] } });
    expect(records[2]).toMatchObject({ before: {}, after: { name: body.name.toUpperCase(), features: ['StockList'] } });
  });

  it('employees and their roles', async () => {
    const token = await owner();
    const roles = (await call<Role[]>('GET', '/role/all', { token })).body;
    const ownerRole = roles.find((r) => r.name === ROLE.TENANT_MANAGER)!;
    const name = unique('Audit Person').replace(/\s/g, '');
    const form = employeeForm({
      userName: name,
      emailId: `${name.toLowerCase()}@example.in`,
      mobileNumber: `9${String(Date.now()).slice(-9)}`,
      appUserRole: [{ roleId: ownerRole.roleId }],
    });
    const first = await faulty<{ message: string }>('POST', '/appUser/save', { token, body: form });
    expect(first.status, JSON.stringify(first.body)).toBe(409);
    const userName = `${name.toLowerCase()}@${TENANT}.shop`;
    expect((await call('GET', `/appUser/isUserExist/${encodeURIComponent(userName)}`, { token })).body).toBe(false);
    const created = await call<AppUser>('POST', '/appUser/save', { token, body: form });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.appUserId;

    const moved = { ...form, address: '22, Brigade Road, Bengaluru 560025', version: created.body.version };
    refused(await faulty('PUT', `/appUser/${id}`, { token, body: moved }));
    expect((await call<AppUser>('GET', `/appUser/${id}`, { token })).body.address).toBe(form.address);
    expect((await call('PUT', `/appUser/${id}`, { token, body: moved })).status).toBe(200);

    refused(await faulty('DELETE', `/appUser/${id}`, { token }));
    expect((await call<AppUser>('GET', `/appUser/${id}`, { token })).body.enabled).not.toBe(false);
    expect((await call('DELETE', `/appUser/${id}`, { token })).status).toBe(200);

    const records = await recordsOf(token, 'employee', id);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(records[2]).toMatchObject({ before: {}, after: { userName, appUserRole: [{ roleId: ownerRole.roleId, name: ROLE.TENANT_MANAGER }] } });
    expect(records[1]).toMatchObject({ before: { address: form.address }, after: { address: moved.address } });
    expect(records[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('the shop settings', async () => {
    const token = await tokenOf(at('admin'));
    const shop = (await call<Tenant>('GET', `/tenant/${TENANT}`, { token })).body;
    const body = { displayName: shop.displayName, address: 'Audit Test Stores, MG Road, Karnataka', gstNumber: shop.gstNumber, version: shop.version };
    refused(await faulty('PUT', `/tenant/${TENANT}`, { token, body }));
    expect((await call<Tenant>('GET', `/tenant/${TENANT}`, { token })).body.address).toBe(shop.address);
    expect((await call('PUT', `/tenant/${TENANT}`, { token, body })).status).toBe(200);
    refused(await faulty('PUT', '/tenant/currentTenant/reportEmails', { token, body: { reportEmails: false } }));
    expect((await call('PUT', '/tenant/currentTenant/reportEmails', { token, body: { reportEmails: false } })).status).toBe(200);

    const [emails, edit] = await recordsOf(token, 'shop', TENANT);
    expect(edit).toMatchObject({ by: at('admin'), action: 'update', before: { address: shop.address }, after: { address: body.address } });
    expect(emails).toMatchObject({ action: 'update', before: {}, after: { reportEmails: false } });
  });

  it('policies', async () => {
    const token = await owner();
    const body = { policyName: unique('Audit Returns Policy'), imageContent: imageContent() };
    refused(await faulty('POST', '/policy/save', { token, body }));
    expect((await call<Policy[]>('GET', '/policy/all', { token })).body.map((p) => p.policyName)).not.toContain(body.policyName);
    const policy = (await call<Policy>('POST', '/policy/save', { token, body })).body;
    const renamed = { policyName: `${body.policyName} 2`, imageContent: imageContent([10, 20, 30]), version: policy.version };
    refused(await faulty('PUT', `/policy/${policy.policyId}`, { token, body: renamed }));
    expect((await call<Policy>('GET', `/policy/${policy.policyId}`, { token })).body.policyName).toBe(body.policyName);
    expect((await call('PUT', `/policy/${policy.policyId}`, { token, body: renamed })).status).toBe(200);
    refused(await faulty('DELETE', `/policy/${policy.policyId}`, { token }));
    expect((await call('DELETE', `/policy/${policy.policyId}`, { token })).status).toBe(200);

    const records = await recordsOf(token, 'policy', policy.policyId);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(records[1]).toMatchObject({ before: { policyName: body.policyName }, after: { policyName: renamed.policyName } });
  });
});

describe('the audit trail screen', () => {
  it('filters by person, kind of record and shop days, newest first, a page at a time; only the owner reads it', async () => {
    const token = await owner();
    const all = (await call<AuditRecord[]>('GET', '/audit?size=100', { token })).body;
    expect(all.length).toBeGreaterThan(5);
    expect([...all].sort((a, b) => b.at.localeCompare(a.at))).toEqual(all);

    const first = await call<AuditRecord[]>('GET', '/audit?size=2', { token });
    const cursor = first.headers.get('x-next-page');
    expect(cursor).toBeTruthy();
    const second = await call<AuditRecord[]>('GET', `/audit?size=2&cursor=${cursor}`, { token });
    expect([...first.body, ...second.body]).toEqual(all.slice(0, 4));

    const mine = (await call<AuditRecord[]>('GET', `/audit?size=100&person=${encodeURIComponent(at('owner'))}&entity=role`, { token })).body;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.by === at('owner') && r.entity === 'role')).toBe(true);
    const today = all[0]!.at.slice(0, 10);
    expect((await call<AuditRecord[]>('GET', '/audit?size=100&to=2020-01-01', { token })).body).toEqual([]);
    expect((await call<AuditRecord[]>('GET', `/audit?size=100&from=2020-01-01&entity=policy`, { token })).body.length).toBeGreaterThan(0);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect((await call('GET', '/audit?from=2026-02-02&to=2026-01-01', { token })).status).toBe(400);
    expect((await call('GET', '/audit', { token: await tokenOf(at('cashier')) })).status).toBe(403);
    // Another shop's records are not in this shop's trail.
    expect(all.every((r) => r.by.endsWith(`@${TENANT}.shop`))).toBe(true);
  });

  it('offers no route that edits or deletes a record', async () => {
    const { allRoutes } = await import('../../shared/routes/index.js');
    expect(allRoutes.filter((r) => r.domain === 'audit').map((r) => r.route.method)).toEqual(['GET']);
  });
});
