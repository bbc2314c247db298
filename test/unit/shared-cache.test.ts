import { describe, expect, it } from 'vitest';
import { sharedCache } from '../../infra/local/shared-cache.js';

/** The local gateway's stand-in for CloudFront's cache of the public catalogue, on a clock the test moves. */
describe("the local gateway's shared cache", () => {
  const answer = (body: string, control = 'public, max-age=30, stale-while-revalidate=30') => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json', 'cache-control': control, etag: `W/"${body}"` },
    body,
  });

  it('serves a public answer for its max-age, then stale once while it fetches the next, and the next after that', async () => {
    let clock = 0;
    const cache = sharedCache(() => clock);
    let origin = 'price-100';
    let fetched = 0;
    const fetch = async () => {
      fetched += 1;
      return answer(origin);
    };
    expect((await cache.serve('/public/demo/product/A?', undefined, fetch)).headers).toMatchObject({ 'x-cache': 'Miss' });
    origin = 'price-120';
    clock = 29_000;
    expect(await cache.serve('/public/demo/product/A?', undefined, fetch)).toMatchObject({ body: 'price-100', headers: { 'x-cache': 'Hit', age: '29' } });
    expect(fetched).toBe(1);
    // Past max-age: the stale answer at once, the new one fetched behind it.
    clock = 31_000;
    expect((await cache.serve('/public/demo/product/A?', undefined, fetch)).body).toBe('price-100');
    await new Promise((resolve) => setImmediate(resolve));
    expect(fetched).toBe(2);
    expect((await cache.serve('/public/demo/product/A?', undefined, fetch)).body).toBe('price-120');
    // Past max-age and stale-while-revalidate with no request in between: fetched before answering.
    origin = 'price-130';
    clock = 100_000;
    expect((await cache.serve('/public/demo/product/A?', undefined, fetch)).body).toBe('price-130');
  });

  it('answers If-None-Match holding the kept ETag with 304 and no body', async () => {
    const cache = sharedCache(() => 0);
    await cache.serve('/a?', undefined, async () => answer('x'));
    const held = await cache.serve('/a?', 'W/"other", W/"x"', async () => answer('y'));
    expect(held).toMatchObject({ statusCode: 304, body: '', headers: { etag: 'W/"x"' } });
  });

  it('keeps nothing private or refused, and keys by the whole address (shop and query)', async () => {
    const cache = sharedCache(() => 0);
    let fetched = 0;
    const privately = async () => {
      fetched += 1;
      return answer('mine', 'private, max-age=60');
    };
    await cache.serve('/p?', undefined, privately);
    await cache.serve('/p?', undefined, privately);
    expect(fetched).toBe(2);
    const refused = async () => ({ statusCode: 404, headers: { 'cache-control': 'no-store' }, body: '{}' });
    expect((await cache.serve('/q?', undefined, refused)).statusCode).toBe(404);
    await cache.serve('/public/demo/category?', undefined, async () => answer('demo'));
    expect((await cache.serve('/public/alpha/category?', undefined, async () => answer('alpha'))).body).toBe('alpha');
    expect((await cache.serve('/public/demo/category?size=3', undefined, async () => answer('demo-3'))).body).toBe('demo-3');
  });
});
