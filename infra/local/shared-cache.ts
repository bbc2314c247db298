import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * The local stand-in for CloudFront's cache of the public catalogue (infra/stacks/web-stack.ts): answers whose
 * `Cache-Control` is `public` are kept by address (path and query, which name the shop) for their `max-age`, then
 * served stale for up to `stale-while-revalidate` more while one request fetches them again. A request whose
 * `If-None-Match` holds the kept answer's ETag gets 304 without a body. `X-Cache` says `Hit` or `Miss`, as
 * CloudFront's does.
 */

type Result = APIGatewayProxyStructuredResultV2;

interface Kept {
  result: Result;
  etag: string;
  storedAt: number;
  maxAge: number;
  stale: number;
  refreshing?: Promise<void>;
}

/** Addresses kept at most; the oldest is dropped past this. */
const MOST_KEPT = 5_000;

const seconds = (control: string, name: string) => Number(control.match(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`))?.[1] ?? 0);

export function sharedCache(now: () => number = Date.now) {
  const kept = new Map<string, Kept>();

  const keep = (address: string, result: Result) => {
    const headers = (result.headers ?? {}) as Record<string, string>;
    const control = String(headers['cache-control'] ?? '');
    if (result.statusCode !== 200 || !/(^|,)\s*public(,|$)/.test(control)) return;
    kept.delete(address);
    kept.set(address, { result, etag: String(headers.etag ?? ''), storedAt: now(), maxAge: seconds(control, 'max-age'), stale: seconds(control, 'stale-while-revalidate') });
    if (kept.size > MOST_KEPT) kept.delete(kept.keys().next().value!);
  };

  const answer = (entry: Kept, ifNoneMatch: string | undefined, hit: boolean): Result => {
    const age = String(Math.floor((now() - entry.storedAt) / 1000));
    const headers: Record<string, string> = { ...(entry.result.headers as Record<string, string>), age, 'x-cache': hit ? 'Hit' : 'Miss' };
    const held = (ifNoneMatch ?? '').split(',').map((tag) => tag.trim());
    if (entry.etag && (held.includes(entry.etag) || held.includes('*'))) {
      delete headers['content-type'];
      return { statusCode: 304, headers, body: '' };
    }
    return { ...entry.result, headers };
  };

  return {
    /**
     * The answer for `address`: the kept one while fresh, or stale while `fetch` (asked without `If-None-Match`)
     * brings the next; otherwise what `fetch` answers, kept when it is public.
     */
    async serve(address: string, ifNoneMatch: string | undefined, fetch: () => Promise<Result>): Promise<Result> {
      const entry = kept.get(address);
      const age = entry ? (now() - entry.storedAt) / 1000 : Infinity;
      if (entry && age < entry.maxAge) return answer(entry, ifNoneMatch, true);
      if (entry && age < entry.maxAge + entry.stale) {
        entry.refreshing ??= fetch()
          .then((result) => keep(address, result))
          .catch(() => undefined)
          .finally(() => (entry.refreshing = undefined));
        return answer(entry, ifNoneMatch, true);
      }
      const result = await fetch();
      keep(address, result);
      const fresh = kept.get(address);
      return fresh && fresh.result === result ? answer(fresh, ifNoneMatch, false) : result;
    },
    clear: () => kept.clear(),
  };
}
