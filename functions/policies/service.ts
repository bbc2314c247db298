import { POLICY_EXISTS, type Policy, type PolicySave } from '../../shared/schemas/content.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { checkAndStoreImage, imageUrl } from '../lib/images.js';
import { searchKey } from '../lib/keys.js';
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
  const { tenantId, actor, log } = scope;
  if ((await policyData.nameOwner(tenantId, input.policyName)) !== undefined) throw new Conflict(POLICY_EXISTS);
  const image = await checkAndStoreImage(tenantId, input);
  const policy: StoredPolicy = {
    policyId: await nextId(tenantId, 'policy'),
    policyName: input.policyName,
    image: image.key,
    version: 1,
    ...created(actor),
  };
  const { writes, messages } = policyData.createWrites(tenantId, policy);
  try {
    await transact(writes, messages);
  } catch (error) {
    await discardObjects([image.key], log);
    throw error;
  }
  await discardObjects([image.upload], log);
  return withImageUrl(policy);
}

/** Renames a policy or changes its image; a new name must not belong to another policy either. */
export async function updatePolicy(scope: WriteScope, policyId: number, input: PolicySave): Promise<Policy> {
  const { tenantId, actor, log } = scope;
  const before = await findPolicy(tenantId, policyId);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict(STALE_RECORD);
  if (searchKey(input.policyName) !== searchKey(before.policyName)) {
    const owner = await policyData.nameOwner(tenantId, input.policyName);
    if (owner !== undefined && owner !== policyId) throw new Conflict(POLICY_EXISTS);
  }
  const image = await checkAndStoreImage(tenantId, input, before.image);
  const after: StoredPolicy = {
    ...before,
    policyName: input.policyName,
    image: image.key,
    version: before.version + 1,
    ...updated(actor),
  };
  const { writes, messages } = policyData.updateWrites(tenantId, before, after);
  try {
    await transact(writes, messages);
  } catch (error) {
    if (image.created) await discardObjects([image.key], log);
    throw error;
  }
  await discardObjects([image.upload, image.created ? before.image : undefined], log);
  return withImageUrl(after);
}

export async function deletePolicy(scope: WriteScope, policyId: number): Promise<{ policyId: number }> {
  const policy = await findPolicy(scope.tenantId, policyId);
  const { writes, messages } = policyData.deleteWrites(scope.tenantId, policy);
  await transact(writes, messages);
  await discardObjects([policy.image], scope.log);
  return { policyId };
}
