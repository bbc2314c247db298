import { describe, expect, it } from 'vitest';
import { getItem, op, transact } from '../../functions/lib/db.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { featuresOf, roleData, toRoleModules } from '../../functions/roles/data.js';
import { tenantData } from '../../functions/tenants/data.js';
import { provisionTenant } from '../../functions/tenants/provision.js';
import { upgradeTenant } from '../../functions/tenants/upgrade.js';
import type { FeatureName } from '../../shared/features.js';
import { defaultRoles, ROLE } from '../../shared/roles.js';

/**
 * A shop made by an earlier release: its stored catalogue and roles lack the features added since. The upgrade the
 * deploy and the local start run gives them to the catalogue and to the built-in roles that have them by default,
 * and never gives back a feature the owner took from a role.
 */
const stamp = () => ({ updatedBy: 'earlier-release', updatedOn: new Date().toISOString() });
const NEW_FEATURES: FeatureName[] = ['AuditTrail', 'HeldBills', 'GstReturn', 'TillCloses', 'CustomerCredit', 'CreditWriteOff'];

async function oldShop(tenantId: string) {
  const alpha = (await inTenant('alpha', () => tenantData.get('alpha')))!;
  await inTenant(tenantId, async () => {
    await provisionTenant({ ...alpha, tenantId, tenantName: tenantId, displayName: 'Old Shop' }, { userName: 'test', now: new Date() });
    // As the earlier release left it: no new features in the catalogue or the roles.
    const catalogue = roleData.featureItems(tenantId).filter((item) => NEW_FEATURES.includes(item.featureName as FeatureName));
    const roles = await roleData.all(tenantId);
    await transact([
      ...catalogue.map((item) => op.remove({ pk: String(item.pk), sk: String(item.sk) })),
      ...roles.map((role) =>
        roleData.save(tenantId, { ...role, ...stamp(), roleModule: toRoleModules(featuresOf(role).filter((f) => !NEW_FEATURES.includes(f as FeatureName)) as FeatureName[]) }, role.version),
      ),
    ]);
    // The owner took Expense delete away from the managers: a choice the upgrade must keep.
    const manager = (await roleData.all(tenantId)).find((r) => r.name === ROLE.MANAGER)!;
    expect(featuresOf(manager)).toContain('ExpenseDelete');
    await transact([roleData.save(tenantId, { ...manager, ...stamp(), roleModule: toRoleModules(featuresOf(manager).filter((f) => f !== 'ExpenseDelete') as FeatureName[]) }, manager.version)]);
  });
}

const rolesOf = (tenantId: string) => inTenant(tenantId, () => roleData.all(tenantId));

describe('upgrading a shop made by an earlier release', () => {
  it('adds the new features to its catalogue and to the built-in roles that have them by default, once', async () => {
    const tenantId = `old${Date.now().toString(36)}`;
    await oldShop(tenantId);
    const before = await rolesOf(tenantId);

    const outcome = await upgradeTenant(tenantId);
    expect(new Set(outcome.added)).toEqual(new Set(NEW_FEATURES));
    expect(await inTenant(tenantId, () => roleData.storedFeatureNames(tenantId))).toEqual(new Set(roleData.featureItems(tenantId).map((i) => String(i.featureName))));

    const after = await rolesOf(tenantId);
    for (const role of after) {
      const defaults = defaultRoles.find((d) => d.name === role.name)?.features ?? [];
      const was = before.find((r) => r.roleId === role.roleId)!;
      const gained = featuresOf(role).filter((f) => !featuresOf(was).includes(f));
      expect(gained.sort(), role.name).toEqual(NEW_FEATURES.filter((f) => defaults.includes(f)).sort());
      // A changed role moves its version on, so its holders' next request carries the new access.
      expect(role.version, role.name).toBe(gained.length ? was.version! + 1 : was.version);
    }
    const owner = after.find((r) => r.name === ROLE.TENANT_MANAGER)!;
    expect(featuresOf(owner)).toEqual(expect.arrayContaining(['AuditTrail', 'HeldBills', 'GstReturn', 'TillCloses', 'CustomerCredit', 'CreditWriteOff']));
    expect(featuresOf(after.find((r) => r.name === ROLE.MANAGER)!)).not.toContain('ExpenseDelete');

    expect(await upgradeTenant(tenantId)).toEqual({ added: [], roles: [] });
    expect(await rolesOf(tenantId)).toEqual(after);
  });

  it('leaves a shop of the current release as it is', async () => {
    const roles = await rolesOf('alpha');
    expect(await upgradeTenant('alpha')).toEqual({ added: [], roles: [] });
    expect(await rolesOf('alpha')).toEqual(roles);
    expect(await getItem('T#alpha#TENANT', 'PROFILE')).toBeDefined();
  });
});
