import { POLICY_EXISTS, type Policy } from '../../shared/schemas/content.js';
import { getItem, query, queryAll, strip, type Item } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';
import { uniquelyNamed } from '../lib/unique-names.js';

/**
 * Policies. Names are unique in any letter case (`uniquelyNamed`); the name index serves the footer's policy view
 * by name.
 */
const policyPk = (tenantId: string) => tenantPk(tenantId, 'POLICY');
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'POLICYNAME');
const nameKey = (tenantId: string, name: string) => ({ pk: tenantPk(tenantId, 'POLICY_NAME'), sk: searchKey(name) });

export type StoredPolicy = Policy & { image: string; version: number };
const toPolicy = (item: Record<string, unknown>) => strip(item as Item) as StoredPolicy;

const toItem = (tenantId: string, policy: StoredPolicy): Item => ({
  pk: policyPk(tenantId),
  sk: idSk(policy.policyId),
  gsi1pk: byNamePk(tenantId),
  gsi1sk: searchKey(policy.policyName),
  entity: 'policy',
  ...policy,
});

const names = uniquelyNamed<StoredPolicy>({
  key: (tenantId, policy) => ({ pk: policyPk(tenantId), sk: idSk(policy.policyId) }),
  toItem,
  nameKey,
  nameEntity: 'policyName',
  idAttribute: 'policyId',
  name: (policy) => policy.policyName,
  taken: POLICY_EXISTS,
});

export const policyData = {
  names,

  async all(tenantId: string): Promise<StoredPolicy[]> {
    return (await queryAll({ pk: policyPk(tenantId) })).map(toPolicy);
  },

  async get(tenantId: string, policyId: number): Promise<StoredPolicy | undefined> {
    const item = await getItem(policyPk(tenantId), idSk(policyId));
    return item ? toPolicy(item) : undefined;
  },

  async byName(tenantId: string, name: string): Promise<StoredPolicy | undefined> {
    const { items } = await query({ index: 'gsi1', pk: byNamePk(tenantId), skBetween: [searchKey(name), searchKey(name)] });
    return items[0] ? toPolicy(items[0]) : undefined;
  },
};
