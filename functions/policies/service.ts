import { type Policy, type PolicySave } from '../../shared/schemas/content.js';
import { auditWrite } from '../lib/audit.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { imageUrl, saveWithImage } from '../lib/images.js';
import { discardObjects } from '../lib/storage.js';
import { policyData, type StoredPolicy } from './data.js';

export const POLICY_NOT_FOUND = 'Policy not found.';

export async function withImageUrl(policy: StoredPolicy): Promise<Policy> {
  return { ...policy, imageUrl: await imageUrl(policy.image) };
}

export async function findPolicy(tenantId: string, policyId: number): Promise<StoredPolicy> {
  const policy = await policyData.get(tenantId, policyId);
  if (!policy) throw new NotFound(POLICY_NOT_FOUND);
  return policy;
}

/** Creates a policy with its image; the name is unique in any letter case ('Policy Name already exists!!!'). */
export async function createPolicy(scope: WriteScope, input: PolicySave): Promise<Policy> {
  const { tenantId, actor } = scope;
  await policyData.names.assertFree(tenantId, input.policyName);
  const policy = await saveWithImage(scope, input, undefined, async (image) => {
    const record: StoredPolicy = {
      policyId: await nextId(tenantId, 'policy'),
      policyName: input.policyName,
      image,
      version: 1,
      ...created(actor),
    };
    const { writes, messages } = policyData.names.createWrites(tenantId, record);
    await transact([...writes, auditWrite(scope, { entity: 'policy', entityId: record.policyId, action: 'create', after: record })], messages);
    return record;
  });
  return withImageUrl(policy);
}

/** Renames a policy or changes its image; a new name must not belong to another policy either. */
export async function updatePolicy(scope: WriteScope, policyId: number, input: PolicySave): Promise<Policy> {
  const { tenantId, actor } = scope;
  const before = await findPolicy(tenantId, policyId);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict(STALE_RECORD);
  await policyData.names.assertRenameFree(tenantId, before, input.policyName);
  const after = await saveWithImage(scope, input, before.image, async (image) => {
    const record: StoredPolicy = { ...before, policyName: input.policyName, image, version: before.version + 1, ...updated(actor) };
    const { writes, messages } = policyData.names.updateWrites(tenantId, before, record);
    await transact([...writes, auditWrite(scope, { entity: 'policy', entityId: policyId, action: 'update', before, after: record })], messages);
    return record;
  });
  return withImageUrl(after);
}

export async function deletePolicy(scope: WriteScope, policyId: number): Promise<{ policyId: number }> {
  const policy = await findPolicy(scope.tenantId, policyId);
  const { writes, messages } = policyData.names.deleteWrites(scope.tenantId, policy);
  await transact([...writes, auditWrite(scope, { entity: 'policy', entityId: policyId, action: 'delete', before: policy })], messages);
  await discardObjects([policy.image], scope.log);
  return { policyId };
}
