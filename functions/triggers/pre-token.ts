import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { rootLogger } from '../lib/logger.js';
import { inTenant } from '../lib/tenant-scope.js';
import { featuresOf, roleData } from '../roles/data.js';
import { tenantData } from '../tenants/data.js';
import { userData } from '../users/data.js';

/**
 * Cognito pre-token-generation trigger: puts the user's record id, role ids, role names and the combined feature
 * names of all their roles into the ID token, so every route can check its feature from the verified claims.
 * It runs on every sign-in and refresh, so a deleted user or a closed shop gets no new token. The token also
 * carries the user's session version and each role's version, which the per-request standing check compares with
 * the stored ones (functions/users/standing.ts): an ended session or an edited role shows at the next call.
 */
export async function handler(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const attributes = event.request.userAttributes;
  const tenantId = attributes['custom:tenantId'];
  const userName = attributes.email ?? event.userName;
  if (!tenantId || !userName) throw new Error('User has no tenant');
  return inTenant(tenantId, () => addClaims(event, tenantId, userName));
}

async function addClaims(event: PreTokenGenerationTriggerEvent, tenantId: string, userName: string): Promise<PreTokenGenerationTriggerEvent> {
  const tenant = await tenantData.get(tenantId);
  if (!tenant || tenant.enabled === false) throw new Error('The shop of this user is closed');
  const user = await userData.byUserName(tenantId, userName);
  if (!user || user.enabled === false) throw new Error('User is not enabled in this shop');
  const roles = await roleData.byIds(tenantId, user.appUserRole.map((r) => r.roleId));
  const features = [...new Set(roles.flatMap(featuresOf))].sort();
  rootLogger.info('token issued', { tenantId, user: userName, roles: roles.length, features: features.length });
  event.response = {
    claimsOverrideDetails: {
      claimsToAddOrOverride: {
        appUserId: String(user.appUserId),
        roleIds: roles.map((r) => r.roleId).join(','),
        roleNames: roles.map((r) => r.name).join(','),
        features: features.join(','),
        sessionVersion: String(user.sessionVersion ?? 0),
        roleVersions: roles.map((r) => `${r.roleId}:${r.version ?? 0}`).join(','),
      },
    },
  };
  return event;
}
