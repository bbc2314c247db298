import type { Tenant } from '../../shared/schemas/tenant.js';
import { getItem, mapPage, op, putNew, query, queryCount, queryCursorPage, strip, type CursorPage, type Item, type PageRequest, type TransactItem } from '../lib/db.js';
import { TENANT_DIRECTORY, tenantPk } from '../lib/keys.js';
import { asPlatform } from '../lib/tenant-scope.js';

/** The user-name domain of a shop: as recorded, or the domain of its e-mail, or `<id>.shop`. */
export const shopDomain = (tenant: Pick<Tenant, 'tenantId' | 'domain' | 'emailId'>) =>
  tenant.domain ?? tenant.emailId?.split('@')[1]?.toLowerCase() ?? `${tenant.tenantId}.shop`;

const key = (tenantId: string) => ({ pk: tenantPk(tenantId, 'TENANT'), sk: 'PROFILE' });
/** The tenant directory: one small partition of gsi1 listing every shop by id. */
const directory = { index: 'gsi1', pk: TENANT_DIRECTORY };

export const tenantData = {
  key,
  async get(tenantId: string): Promise<Tenant | undefined> {
    const item = await getItem<Tenant & Item>(key(tenantId).pk, key(tenantId).sk);
    return item ? (strip(item) as Tenant) : undefined;
  },
  toItem(tenant: Tenant): Item {
    return { ...key(tenant.tenantId), gsi1pk: TENANT_DIRECTORY, gsi1sk: tenant.tenantId, entity: 'tenant', ...tenant };
  },
  async create(tenant: Tenant): Promise<void> {
    await putNew(this.toItem(tenant));
  },
  /** Saves a shop's profile only if nobody saved it since `expectedVersion`. */
  replace(tenant: Tenant, expectedVersion: number | undefined): TransactItem {
    return op.replace(this.toItem(tenant), expectedVersion);
  },
  // The directory is read across shops, so only on the platform's own path (functions/lib/tenant-scope.ts).
  /** The tenant directory, in tenant id order. */
  list: (limit = 500): Promise<Tenant[]> =>
    asPlatform(async () => (await query<Tenant & Item>({ ...directory, limit })).items.map((i) => strip(i) as Tenant)),
  /** Every shop of the directory in tenant id order, `size` at a time: each Query goes on from where the last stopped. */
  async *every(size: number): AsyncGenerator<Tenant> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await asPlatform(() => query<Tenant & Item>({ ...directory, limit: size, startKey }));
      yield* out.items.map((i) => strip(i) as Tenant);
      startKey = out.next;
    } while (startKey);
  },
  /** `size` shops of the directory from a query's own cursor (the daily reports' round, carried between its steps). */
  directoryPage: async (size: number, startKey: Record<string, unknown> | undefined): Promise<{ items: Tenant[]; next?: Record<string, unknown> }> => {
    const out = await asPlatform(() => query<Tenant & Item>({ ...directory, limit: size, startKey }));
    return { items: out.items.map((i) => strip(i) as Tenant), next: out.next };
  },
  /** A page of the directory in tenant id order, with the cursor of the next (one Query by cursor, whatever the depth). */
  page: (request: PageRequest): Promise<CursorPage<Tenant>> =>
    asPlatform(async () => mapPage(await queryCursorPage<Tenant & Item>(directory, request), (i) => strip(i) as Tenant)),
  count: () => asPlatform(() => queryCount(directory)),
};
