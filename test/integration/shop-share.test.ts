import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as tenantsHandler } from '../../functions/tenants/handler.js';
import { FREE_PER_CONTAINER, leaseSize } from '../../functions/lib/shop-share.js';
import { injectDynamoFaults, invoke } from './faults.js';

/**
 * A shop's fair share of the API at the production figure, through the tenants function run in-process (the test
 * stack lifts the share for the other tests, which all work in a few shops).
 */
const SHARE = 20;
const lifted = process.env.SHOP_REQUESTS_PER_SECOND;
beforeAll(() => void (process.env.SHOP_REQUESTS_PER_SECOND = String(SHARE)));
afterAll(() => void (process.env.SHOP_REQUESTS_PER_SECOND = lifted));

const currentTenant = (userName: string) => invoke<{ message?: string; tenantId?: string }>(tenantsHandler as never, userName, 'GET /tenant/currentTenant');

describe('one shop flooding the API', () => {
  it('is refused above its share with a plain 429, while another shop is served, and served again a second later', async () => {
    // Signed in before the flood (signing in is not part of it).
    await currentTenant('admin@demo.shop');
    await currentTenant('admin@alpha.shop');

    // The share counts by the second: the flood starts as a second begins, and each second it spans may serve a share.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const started = Date.now();
    const flood = await Promise.all(Array.from({ length: 200 }, () => currentTenant('admin@demo.shop')));
    const seconds = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1;
    const served = flood.filter((a) => a.status === 200).length;
    const refused = flood.filter((a) => a.status === 429);
    expect(served).toBeLessThanOrEqual(seconds * (SHARE + FREE_PER_CONTAINER));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body.message).toBe('Your shop is sending more requests at once than the server takes. Please wait a moment and try again.');

    expect(await currentTenant('admin@alpha.shop')).toMatchObject({ status: 200, body: { tenantId: 'alpha' } });
    await expect.poll(async () => (await currentTenant('admin@demo.shop')).status, { timeout: 10_000 }).toBe(200);
  });

  it('costs a shop at an ordinary pace no write: a few requests a second are counted in memory only', async () => {
    const recorder = injectDynamoFaults();
    try {
      recorder.arm();
      for (let i = 0; i < FREE_PER_CONTAINER - 1; i++) expect((await currentTenant('admin@beta.shop')).status).toBe(200);
      expect(recorder.commands()).not.toContain('UpdateCommand');
    } finally {
      recorder.restore();
    }
  });

  it('costs a busy shop under its share one write per block of requests, not one per request', async () => {
    const busy = 200;
    process.env.SHOP_REQUESTS_PER_SECOND = String(busy);
    const recorder = injectDynamoFaults();
    try {
      await currentTenant('admin@alpha.shop');
      recorder.arm();
      const crowd = await Promise.all(Array.from({ length: 60 }, () => currentTenant('admin@alpha.shop')));
      expect(crowd.every((a) => a.status === 200)).toBe(true);
      const claims = recorder.commands().filter((c) => c === 'UpdateCommand').length;
      // The crowd may straddle two seconds: per second, its requests beyond the free ones in blocks.
      expect(claims).toBeGreaterThan(0);
      expect(claims).toBeLessThanOrEqual(2 * Math.ceil(60 / leaseSize(busy)));
    } finally {
      recorder.restore();
      process.env.SHOP_REQUESTS_PER_SECOND = String(SHARE);
    }
  });
});
