import { describe, expect, it } from 'vitest';
import { inParallel } from '../../functions/lib/in-parallel.js';

/** Work that records what runs beside what, each item taking a few turns of the event loop. */
function recorder() {
  const running = new Set<string>();
  const overlaps: [string, string][] = [];
  let most = 0;
  const work = async (item: { id: string }) => {
    for (const other of running) overlaps.push([other, item.id]);
    running.add(item.id);
    most = Math.max(most, running.size);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running.delete(item.id);
  };
  return { work, overlaps, most: () => most };
}

describe('inParallel', () => {
  it('runs at most the limit at once and never two items sharing a key together', async () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, keys: [`line ${i % 3}`] }));
    const r = recorder();
    await inParallel(items, 4, r.work, (item) => item.keys);
    expect(r.most()).toBeLessThanOrEqual(3);
    for (const [a, b] of r.overlaps) expect(Number(a.slice(1)) % 3, `${a} beside ${b}`).not.toBe(Number(b.slice(1)) % 3);
    expect(r.overlaps.length).toBeGreaterThan(0);
  });

  it('starts nothing after a failure, lets the ones under way finish, then throws the first failure', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = inParallel([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await new Promise((resolve) => setTimeout(resolve, i === 1 ? 20 : 5));
      if (i === 0) throw new Error('part 0 failed');
      finished.push(i);
    });
    await expect(run).rejects.toThrow('part 0 failed');
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([1]);
  });
});
