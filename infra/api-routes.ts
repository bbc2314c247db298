import { allRoutes, routeKey, type DomainName, type RouteEntry } from '../shared/routes/index.js';

/**
 * How the route table becomes HTTP API routes: by domain and access kind, not one gateway route per table route.
 *
 * The routes under one first path segment (`/expense/...`) that share the domain and the access kind of most of
 * them go through one greedy route, `ANY /expense/{proxy+}` (and `ANY /expense` for the segment itself), and the
 * domain's function matches the method and path against the route table itself, answering 404 or 405 for anything
 * else (functions/lib/handler.ts). A route of another domain or access kind under that segment gets a route of its
 * own, which API Gateway prefers to a greedy one; so does a route of the group that such a route would otherwise
 * catch. Every gateway route so carries exactly the table routes of one domain and one access kind:
 *
 * - `jwt`: the Cognito JWT authorizer, as every route that is not public;
 * - `public`: no authorizer, and the stage's smaller share for public routes (infra/stacks/api-stack.ts);
 * - `signed`: no authorizer and no smaller share: a provider's webhook, verified by its signature.
 *
 * The plan is a function of the route table alone: a new domain, or a new segment, gets its routes with no change
 * here. The local gateway (infra/local/gateway.ts) picks among the same routes as API Gateway does.
 */
export type AccessKind = 'jwt' | 'public' | 'signed';

/** Public routes whose callers are providers that sign their deliveries, and whose deliveries are not ours to slow. */
export const signedWebhookRoutes: ReadonlySet<string> = new Set(['POST /payment/webhook/razorpay']);

export const accessKindOf = (entry: RouteEntry): AccessKind =>
  entry.route.access !== 'public' ? 'jwt' : signedWebhookRoutes.has(routeKey(entry.route)) ? 'signed' : 'public';

export interface GatewayRoute {
  /** The HTTP API route key: `ANY /expense/{proxy+}`, `ANY /expense` or a table route's own `GET /expense/returnsAll`. */
  key: string;
  domain: DomainName;
  access: AccessKind;
  /** The table routes this gateway route carries. */
  routes: RouteEntry[];
}

export const PROXY = '{proxy+}';
const segmentsOf = (path: string) => path.split('/').slice(1);
const firstSegment = (path: string) => segmentsOf(path)[0] ?? '';
const isParam = (segment: string) => segment.startsWith('{');
const classOf = (entry: RouteEntry) => `${entry.domain} ${accessKindOf(entry)}`;

/** Whether one request could match both paths: as many segments, and each pair equal or one a `{param}`. */
function overlap(a: string, b: string): boolean {
  const [sa, sb] = [segmentsOf(a), segmentsOf(b)];
  return sa.length === sb.length && sa.every((s, i) => s === sb[i] || isParam(s) || isParam(sb[i]!));
}

/** The HTTP API routes for the given table routes (the whole table unless told). */
export function planGatewayRoutes(entries: readonly RouteEntry[] = allRoutes): GatewayRoute[] {
  const bySegment = new Map<string, RouteEntry[]>();
  for (const entry of entries) {
    const segment = firstSegment(entry.route.path);
    bySegment.set(segment, [...(bySegment.get(segment) ?? []), entry]);
  }
  const planned: GatewayRoute[] = [];
  for (const [segment, group] of bySegment) {
    // The domain and access kind with the most routes under the segment take its greedy route.
    const counts = new Map<string, number>();
    for (const entry of group) counts.set(classOf(entry), (counts.get(classOf(entry)) ?? 0) + 1);
    const owner = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const own = new Set<RouteEntry>();
    // A greedy route needs a literal segment before it (the function rebuilds the path from the route key).
    for (const entry of group) if (classOf(entry) !== owner || isParam(segment) || segment === '') own.add(entry);
    // A route of the owner that a route of its own could catch gets its own too (API Gateway would not reach the
    // greedy route for it), until nothing changes.
    for (let grew = true; grew; ) {
      grew = false;
      for (const entry of group) {
        if (own.has(entry)) continue;
        const caught = [...own].some((o) => o.route.method === entry.route.method && overlap(o.route.path, entry.route.path));
        if (caught) [grew] = [true, own.add(entry)];
      }
    }
    for (const entry of group) {
      if (own.has(entry)) planned.push({ key: routeKey(entry.route), domain: entry.domain, access: accessKindOf(entry), routes: [entry] });
    }
    const proxied = group.filter((entry) => !own.has(entry));
    if (!proxied.length) continue;
    const [domain, access] = owner.split(' ') as [DomainName, AccessKind];
    const root = `/${segment}`;
    const atRoot = proxied.filter((entry) => entry.route.path === root);
    const below = proxied.filter((entry) => entry.route.path !== root);
    if (atRoot.length) planned.push({ key: `ANY ${root}`, domain, access, routes: atRoot });
    if (below.length) planned.push({ key: `ANY ${root}/${PROXY}`, domain, access, routes: below });
  }
  return planned;
}

/** `[method, path]` of a route key. */
const partsOf = (key: string) => key.split(' ', 2) as [string, string];

/** Whether a gateway route's path (with `{param}` or a trailing `{proxy+}`) matches a concrete path. */
function pathMatches(template: string, path: string): boolean {
  const [st, sp] = [segmentsOf(template), segmentsOf(path)];
  if (st.at(-1) === PROXY) {
    const fixed = st.slice(0, -1);
    return sp.length > fixed.length && fixed.every((s, i) => isParam(s) || s === sp[i]) && sp.slice(fixed.length).every((s) => s !== '');
  }
  return st.length === sp.length && st.every((s, i) => (isParam(s) ? sp[i] !== '' : s === sp[i]));
}

/** Literal segments before `{param}` ones, left to right; a greedy route after every other. */
function rank(key: string): number[] {
  const [method, path] = partsOf(key);
  const segments = segmentsOf(path);
  return [segments.at(-1) === PROXY ? 0 : 1, method === 'ANY' ? 0 : 1, ...segments.map((s) => (isParam(s) ? 0 : 1))];
}

/**
 * The gateway route API Gateway picks for a request, or none (its 404): an exact method before `ANY`, a route
 * without a greedy variable before one with, and among those the most literal segments, left to right.
 */
export function selectGatewayRoute(routes: readonly GatewayRoute[], method: string, path: string): GatewayRoute | undefined {
  const candidates = routes.filter((r) => {
    const [m, p] = partsOf(r.key);
    return (m === 'ANY' || m === method) && pathMatches(p, path);
  });
  return candidates.sort((a, b) => {
    const [x, y] = [rank(a.key), rank(b.key)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((y[i] ?? 0) !== (x[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
    return 0;
  })[0];
}
