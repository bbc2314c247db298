import type { Policy } from '../../shared/schemas/content.js';
import { queryAll, strip, type Item } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

const policyPk = (tenantId: string) => tenantPk(tenantId, 'POLICY');

export const policyData = {
  toItem(tenantId: string, policy: Policy): Item {
    return {
      pk: policyPk(tenantId),
      sk: idSk(policy.policyId),
      gsi1pk: tenantPk(tenantId, 'POLICYNAME'),
      gsi1sk: searchKey(policy.policyName),
      entity: 'policy',
      ...policy,
    };
  },
  async all(tenantId: string): Promise<Policy[]> {
    return (await queryAll<Policy & Item>({ pk: policyPk(tenantId) })).map((i) => strip(i) as Policy);
  },
};
