import { describe, expect, it } from 'vitest';
import { getItem, nextId, putItem, putVersioned, queryCount, queryCountsUpTo, queryCountUpTo, queryPage } from '../../functions/lib/db.js';
import { Conflict } from '../../functions/lib/errors.js';
import { idSk, tenantPk } from '../../functions/lib/keys.js';

const pk = tenantPk('datalayer', 'THING');

describe('data layer', () => {
  it('hands out each sequence number once under concurrency', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, () => nextId('datalayer', 'thing')));
    expect(new Set(ids).size).toBe(25);
    expect(Math.max(...ids)).toBe(25);
  });

  it('refuses a save based on a stale version', async () => {
    const key = { pk, sk: 'versioned' };
    const v1 = await putVersioned({ ...key, name: 'first' }, undefined);
    expect(v1).toBe(1);
    await expect(putVersioned({ ...key, name: 'again' }, undefined)).rejects.toBeInstanceOf(Conflict);
    expect(await putVersioned({ ...key, name: 'second' }, 1)).toBe(2);
    await expect(putVersioned({ ...key, name: 'stale' }, 1)).rejects.toThrow('changed by someone else');
    expect(await getItem(pk, 'versioned')).toMatchObject({ name: 'second', version: 2 });
  });

  it('pages from 0 in key order and counts without reading items', async () => {
    for (let i = 1; i <= 12; i++) await putItem({ pk, sk: `ROW#${idSk(i)}`, n: i });
    const page = (n: number) => queryPage<{ n: number }>({ pk, skPrefix: 'ROW#' }, n, 5);
    expect((await page(0)).map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect((await page(2)).map((r) => r.n)).toEqual([11, 12]);
    expect(await page(3)).toEqual([]);
    expect(await queryCount({ pk, skPrefix: 'ROW#' })).toBe(12);
  });

  it('counts up to a cap: a count that reaches it stops there', async () => {
    for (let i = 1; i <= 12; i++) await putItem({ pk, sk: `CAPPED#${idSk(i)}`, n: i });
    expect(await queryCountUpTo({ pk, skPrefix: 'CAPPED#' }, 5)).toBe(5);
    expect(await queryCountUpTo({ pk, skPrefix: 'CAPPED#' }, 12)).toBe(12);
    expect(await queryCountUpTo({ pk, skPrefix: 'CAPPED#' }, 1000)).toBe(12);
  });

  it('counts the parts of a merged search together up to a cap, the later parts only up to what is left', async () => {
    for (let i = 1; i <= 4; i++) await putItem({ pk, sk: `PARTB#${idSk(i)}`, n: i });
    const parts = [{ pk, skPrefix: 'CAPPED#' }, { pk, skPrefix: 'PARTB#' }];
    expect(await queryCountsUpTo(parts, 1000)).toBe(16);
    expect(await queryCountsUpTo(parts, 14)).toBe(14);
    expect(await queryCountsUpTo(parts, 5)).toBe(5);
    expect(await queryCountsUpTo(parts.reverse(), 5)).toBe(5);
  });
});
