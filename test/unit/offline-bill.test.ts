import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineSaleDate, pointsRedeemed } from '../../functions/purchases/offline.js';
import { describeProblem } from '../../shared/bill-problems.js';
import { shopDay } from '../../shared/bill.js';
import { OFFLINE_MADE_LATER, OFFLINE_NEEDS_KEY, OFFLINE_TOO_OLD, purchaseBody } from '../../shared/schemas/purchase.js';

const bill = {
  mobileNumber: '9845012345',
  paymentMode: 'Cash',
  purchasedProduct: [{ productId: 1, artcode: 'RC5', quantity: 1, sellingPrice: 95 }],
  grossAmount: 100,
  discount: 5,
  tax: 4.52,
  netAmount: 95,
};
const key = '0123456789abcdef0123456789abcdef';
const madeOn = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const provisional = fc.stringMatching(/^[A-Za-z0-9-]{1,32}$/);
const device = fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/);
const issuesOf = (body: unknown) => {
  const parsed = purchaseBody.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('the offline block of a bill', () => {
  it('accepts any well-formed block with the idempotency key, and refuses it without the key', () => {
    fc.assert(
      fc.property(madeOn, provisional, device, (at, number, deviceId) => {
        const offline = { madeOn: at, provisionalNumber: number, deviceId };
        expect(issuesOf({ ...bill, idempotencyKey: key, offline })).toEqual([]);
        expect(issuesOf({ ...bill, offline })).toEqual([OFFLINE_NEEDS_KEY]);
      }),
    );
  });

  it('refuses provisional numbers and till ids outside their alphabet or length', () => {
    fc.assert(
      fc.property(madeOn, fc.string({ minLength: 1, maxLength: 40 }), fc.string({ maxLength: 80 }), (at, number, deviceId) => {
        const numberOk = /^[A-Za-z0-9-]{1,32}$/.test(number);
        const deviceOk = /^[A-Za-z0-9_-]{16,64}$/.test(deviceId);
        expect(issuesOf({ ...bill, idempotencyKey: key, offline: { madeOn: at, provisionalNumber: number, deviceId } }).length === 0).toBe(numberOk && deviceOk);
      }),
    );
  });

  it('books a bill on the shop day it was made, within the clock skew and the offline window', () => {
    const now = new Date('2026-11-25T08:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: -8 * 24 * 60, max: 60 }), (minutes) => {
        const at = new Date(now.getTime() + minutes * 60_000);
        const book = () => offlineSaleDate({ madeOn: at.toISOString(), provisionalNumber: 'DEM-1', deviceId: 'till-0123456789abcdef' }, now);
        if (minutes > 10) expect(book).toThrow(OFFLINE_MADE_LATER);
        else if (minutes < -6 * 24 * 60) expect(book).toThrow(OFFLINE_TOO_OLD);
        else expect(book()).toBe(shopDay(at));
      }),
    );
  });

  it('books a bill made at 00:30 in India on that Indian day, whatever the till’s offset', () => {
    const now = new Date('2026-04-01T06:00:00Z');
    expect(offlineSaleDate({ madeOn: '2026-04-01T00:30:00+05:30', provisionalNumber: 'DEM-1', deviceId: 'till-0123456789abcdef' }, now)).toBe('2026-04-01');
    expect(offlineSaleDate({ madeOn: '2026-03-31T18:29:00Z', provisionalNumber: 'DEM-1', deviceId: 'till-0123456789abcdef' }, now)).toBe('2026-03-31');
  });

  it('reads the points a till redeemed from the Redeem Amount', () => {
    const parsed = (extra: object) => purchaseBody.parse({ ...bill, ...extra });
    expect(pointsRedeemed(parsed({}))).toBeUndefined();
    expect(pointsRedeemed(parsed({ redeem: true, redeemAmount: 150, netAmount: 0 }))).toBe(150);
    expect(pointsRedeemed(parsed({ redeem: true, redeemAmount: 94.5, netAmount: 0.5 }))).toBe(95);
  });
});

describe('a held bill’s problem as the screens state it', () => {
  it('puts what was sold beside what the shop holds now', () => {
    const about = { productName: 'Rice 5kg', artcode: 'RC5' };
    expect(describeProblem({ kind: 'stockShort', ...about, asked: 3, now: 1, message: 'Only 1 in Stock for Rice 5kg (RC5).' })).toBe('Rice 5kg (RC5): 3 asked, 1 in stock');
    expect(describeProblem({ kind: 'priceChanged', ...about, asked: 42_000, now: 45_000, message: '' })).toBe('Rice 5kg (RC5): MRP ₹420.00 when sold, ₹450.00 now');
    expect(describeProblem({ kind: 'taxChanged', ...about, asked: 500, now: 1200, message: '' })).toBe('Rice 5kg (RC5): GST 5% when sold, 12% now');
    expect(describeProblem({ kind: 'pointsShort', asked: 250, now: 120, message: '' })).toBe('Credit points: 250 redeemed, 120 held now');
    expect(describeProblem({ kind: 'productDeleted', ...about, message: 'Rice 5kg (RC5) was deleted from the catalogue and cannot be sold.' })).toBe(
      'Rice 5kg (RC5) was deleted from the catalogue and cannot be sold.',
    );
  });
});
