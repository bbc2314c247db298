import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { lazySchema } from '../../shared/lazy.js';

describe('a schema built on first use (lazySchema)', () => {
  it('is not built until something looks at it, then built once', () => {
    const build = vi.fn(() => z.object({ name: z.string().trim().min(1, 'Enter the name') }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ name: ' Rice ' })).toEqual({ name: 'Rice' });
    expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Enter the name');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is used as the schema itself: its class, shape, methods and place inside other schemas', () => {
    const amount = lazySchema(() => z.number().int().min(0, 'Enter the amount'));
    const form = lazySchema(() => z.object({ amount, note: z.string().optional() }));
    expect(form).toBeInstanceOf(z.ZodObject);
    expect(amount).toBeInstanceOf(z.ZodNumber);
    expect(Object.keys(form.shape)).toEqual(['amount', 'note']);
    expect('_zod' in form).toBe(true);
    expect(form.extend({ paid: z.boolean() }).parse({ amount: 5, paid: true })).toEqual({ amount: 5, paid: true });
    expect(form.pick({ amount: true }).safeParse({ amount: -1 }).error?.issues[0]).toMatchObject({ path: ['amount'], message: 'Enter the amount' });
    expect(amount.optional().parse(undefined)).toBeUndefined();
    expect(z.array(form).parse([{ amount: 1 }])).toEqual([{ amount: 1 }]);
    const kind = z.discriminatedUnion('kind', [
      lazySchema(() => z.object({ kind: z.literal('cash'), amount })),
      lazySchema(() => z.object({ kind: z.literal('card'), last4: z.string().length(4) })),
    ]);
    expect(kind.parse({ kind: 'card', last4: '1234' })).toEqual({ kind: 'card', last4: '1234' });
    expect(kind.safeParse({ kind: 'cash', amount: -2 }).success).toBe(false);
  });

  it("parses with zod's standard interface, as form libraries do", async () => {
    const schema = lazySchema(() => z.object({ mobile: z.string().regex(/^\d{10}$/, 'Enter the Valid Mobile Number!!!') }));
    const result = await schema['~standard'].validate({ mobile: '123' });
    expect(result.issues?.[0]?.message).toBe('Enter the Valid Mobile Number!!!');
  });
});
