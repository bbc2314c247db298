import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import sample from '../../events/api-gateway-v2.json' with { type: 'json' };
import { domainHandler, type ApiEvent, type ApiResult } from '../../functions/lib/handler.js';
import { customerRoutes } from '../../shared/routes/customers.js';
import { findUnsafeText, UNSAFE_TEXT, unsafeTextReason } from '../../shared/schemas/text.js';

process.env.LOG_LEVEL = 'silent';

const refused = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\uD800', '\uDC00', '\u202E', '\u202D', '\u2066', '\u2069'];
const invisibleOnly = ['\u200B', '\u200B\u200B', ' \u200C ', '\uFEFF\u200B', '\u2060', '\u3164', '\u2800', '\u180E'];

describe('unsafe text', () => {
  it('refuses control characters, broken characters and direction overrides anywhere in a text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...refused), fc.string({ maxLength: 20 }), (before, bad, after) => {
        expect(unsafeTextReason(`${before}${bad}${after}`)).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a text made only of invisible characters, which would pass "required"', () => {
    for (const text of invisibleOnly) expect(unsafeTextReason(text), JSON.stringify(text)).toBe('only invisible characters');
  });

  it('keeps names and addresses as shops write them: Indian scripts with joiners, emoji, line breaks, spaces', () => {
    const kept = ['Ravi Kumar', 'क्‍ष', 'र्‍य', 'ಕನ್ನಡ ಅಂಗಡಿ', 'தமிழ்', 'শ্রী', 'Chai ☕ & Co.', '👨‍👩‍👧 Family Store', '12, MG Road,\nBengaluru\t560001', '', '   ', 'O\u2019Brien'];
    for (const text of kept) expect(unsafeTextReason(text), JSON.stringify(text)).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const reason = unsafeTextReason(text);
        if (reason) expect(reason).toMatch(/control|broken|override|invisible/);
      }),
    );
  });

  it('finds the first unsafe text in nested bodies, skipping files', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual({ path: ['b', 0, 'c'], reason: 'control character' });
    expect(findUnsafeText({ file: new Uint8Array([0, 1, 2]), n: 5 })).toBeUndefined();
    expect(findUnsafeText({ ['\u202Ekey']: 1 })).toBeDefined();
  });

  it('is refused with 400 by every route through the handler kit, before any code runs', async () => {
    let ran = false;
    const handler = domainHandler('customers', { signUp: customerRoutes.signUp }, { signUp: async () => { ran = true; return null as never; } }, { standing: async () => undefined, share: async () => undefined });
    const base = structuredClone(sample) as unknown as ApiEvent;
    delete (base.requestContext as { authorizer?: unknown }).authorizer;
    const body = { tenantId: 'demo', customerName: '\u200B', mobileNumber: '9876543210', emailId: 'a@b.example', address: 'x', password: 'Shopper@123', passwordVerify: 'Shopper@123' };
    const event = { ...base, routeKey: 'POST /customer/signUp', pathParameters: undefined, body: JSON.stringify(body), isBase64Encoded: false };
    const result = (await handler(event, {} as never)) as ApiResult;
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(String(result.body))).toEqual({ message: UNSAFE_TEXT, details: [{ path: 'customerName', message: 'only invisible characters' }] });
    expect(ran).toBe(false);
  });
});
