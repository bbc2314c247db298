import type { Tenant } from '../../shared/schemas/tenant.js';
import { getItem, putNew, query, strip, type Item } from '../lib/db.js';
import { TENANT_DIRECTORY, tenantPk } from '../lib/keys.js';

const key = (tenantId: string) => ({ pk: tenantPk(tenantId, 'TENANT'), sk: 'PROFILE' });

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
  /** The tenant directory, in tenant id order (one small partition of the directory index). */
  async list(limit = 500): Promise<Tenant[]> {
    const { items } = await query<Tenant & Item>({ index: 'gsi1', pk: TENANT_DIRECTORY, limit });
    return items.map((i) => strip(i) as Tenant);
  },
};
