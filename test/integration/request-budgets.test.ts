import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as tenantsHandler } from '../../functions/tenants/handler.js';
import { CUSTOMER_BUSY, STOREFRONT_BUSY } from '../../functions/lib/errors.js';
import { SESSION_ENDED, SHOP_CLOSED } from '../../functions/users/standing.js';
import { STOREFRONT_PLAN_PLATFORM_ONLY, type Tenant } from '../../shared/schemas/tenant.js';
import { injectDynamoFaults, invoke } from './faults.js';

/**
 * Who uses up which budget, at production-like figures, through the tenants function run in-process (the test stack
 * lifts the limits for the other tests). The shop `beta`: its cashier is staff, its customer a shopper.
 */
/** The till's burst beside each flood, and the storefront plan the ceiling test sets. */
const TILL_BURST = 20;
const PLAN = 20;
/**
 * The staff share holds every till burst of this file within one second: on a quiet machine the tests follow one
 * another inside a second, and the budgets count by the second.
 */
const STAFF_SHARE = 4 * TILL_BURST;
const limits = ['SHOP_REQUESTS_PER_SECOND', 'CUSTOMER_REQUESTS_PER_SECOND', 'STOREFRONT_REQUESTS_PER_SECOND'] as const;
const lifted = Object.fromEntries(limits.map((name) => [name, process.env[name]]));
beforeAll(() => {
  process.env.SHOP_REQUESTS_PER_SECOND = String(STAFF_SHARE);
  process.env.CUSTOMER_REQUESTS_PER_SECOND = '10';
  // No lifted storefront figure: the shop's plan decides.
  process.env.STOREFRONT_REQUESTS_PER_SECOND = '';
});
afterAll(() => {
  for (const name of limits) process.env[name] = lifted[name];
});

type Answer = { message?: string; tenantId?: string };
const currentTenant = (userName: string, claims?: Record<string, string>) =>
  invoke<Answer>(tenantsHandler as never, userName, 'GET /tenant/currentTenant', { claims });
const flood = (count: number, call: () => Promise<{ status: number; body: Answer }>) => Promise.all(Array.from({ length: count }, call));

/** The till's burst beside a flood: every one served. */
async function tillServedBeside(other: Promise<{ status: number; body: Answer }[]>) {
  const till = flood(TILL_BURST, () => currentTenant('cashier@beta.shop'));
  const [tillAnswers, otherAnswers] = await Promise.all([till, other]);
  expect(tillAnswers.map((a) => a.status)).toEqual(tillAnswers.map(() => 200));
  return otherAnswers;
}

async function setPlan(perSecond: number) {
  const shop = (await invoke<Tenant>(tenantsHandler as never, 'admin@platform.shop', 'GET /tenant/{tenantId}', { path: { tenantId: 'beta' } })).body;
  const body = { displayName: shop.displayName, address: shop.address, gstNumber: shop.gstNumber, gstRegistered: shop.gstRegistered, storefrontRequestsPerSecond: perSecond };
  return invoke<Answer & Tenant>(tenantsHandler as never, 'admin@platform.shop', 'PUT /tenant/{tenantId}', { path: { tenantId: 'beta' }, body });
}

/** The second the storefront crowd ended in (the budgets count by the second). */
let crowdSecond = 0;

describe('request budgets', () => {
  it('counts a refused token against no budget: signed-out and closed-shop floods make no write and the till is served', async () => {
    // Signed in before the floods (signing in is not part of them).
    await currentTenant('cashier@beta.shop');
    // (Refused before any budget, so the shop's plan is read only in the test that sets it.)
    await currentTenant('customer@beta.shop', { sessionVersion: '987654' });
    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      const signedOut = await flood(150, () => currentTenant('customer@beta.shop', { sessionVersion: '987654' }));
      expect(new Set(signedOut.map((a) => a.body.message))).toEqual(new Set([SESSION_ENDED]));
      const closed = await flood(50, () => currentTenant('customer@beta.shop', { 'custom:tenantId': 'closedshop' }));
      expect(new Set(closed.map((a) => a.body.message))).toEqual(new Set([SHOP_CLOSED]));
      // No budget counter was claimed for any of them.
      expect(recorder.commands()).not.toContain('UpdateCommand');
    } finally {
      recorder.restore();
    }
    await tillServedBeside(flood(100, () => currentTenant('customer@beta.shop', { sessionVersion: '987654' })));
  });

  it("takes the shop's storefront ceiling from its plan, set by the platform admin; a storefront at it never refuses the till", async () => {
    expect((await setPlan(PLAN)).status).toBe(200);
    const customerLimit = process.env.CUSTOMER_REQUESTS_PER_SECOND;
    process.env.CUSTOMER_REQUESTS_PER_SECOND = '100000';
    try {
      const crowd = await tillServedBeside(flood(150, () => currentTenant('customer@beta.shop')));
      crowdSecond = Math.floor(Date.now() / 1000);
      const refused = crowd.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set([STOREFRONT_BUSY]));
      // At most two seconds' worth of the plan's figure (the crowd may straddle a second) plus the free requests.
      expect(crowd.filter((a) => a.status === 200).length).toBeLessThanOrEqual(2 * (PLAN + 5));
    } finally {
      process.env.CUSTOMER_REQUESTS_PER_SECOND = customerLimit;
    }
  });

  it("refuses one customer's flood by their own share, before the shop's, and the till is served", async () => {
    // The crowd above filled the storefront's ceiling for its second: this flood starts in a second of its own.
    await expect.poll(() => Math.floor(Date.now() / 1000), { interval: 50 }).toBeGreaterThan(crowdSecond);
    const crowd = await tillServedBeside(flood(100, () => currentTenant('customer@beta.shop')));
    const refused = crowd.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set([CUSTOMER_BUSY]));
    await expect.poll(async () => (await currentTenant('customer@beta.shop')).status, { timeout: 10_000 }).toBe(200);
  });

  it("lets only the platform admin set a shop's plan, within its bounds", async () => {
    const shop = (await invoke<Tenant>(tenantsHandler as never, 'admin@beta.shop', 'GET /tenant/{tenantId}', { path: { tenantId: 'beta' } })).body;
    const owner = await invoke<Answer>(tenantsHandler as never, 'admin@beta.shop', 'PUT /tenant/{tenantId}', {
      path: { tenantId: 'beta' },
      body: { displayName: shop.displayName, address: shop.address, gstNumber: shop.gstNumber, gstRegistered: shop.gstRegistered, storefrontRequestsPerSecond: 4000 },
    });
    expect(owner).toMatchObject({ status: 403, body: { message: STOREFRONT_PLAN_PLATFORM_ONLY } });
    expect((await setPlan(5)).status).toBe(400);
    const restored = await setPlan(300);
    expect(restored).toMatchObject({ status: 200, body: { storefrontRequestsPerSecond: 300 } });
  });
});
