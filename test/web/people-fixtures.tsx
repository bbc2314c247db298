import { defaultRoles } from '../../shared/roles.js';
import { moduleOf, type FeatureName, type ModuleName } from '../../shared/features.js';
import type { AppUser, Role } from '../../shared/schemas/auth.js';
import { startSession, updateSession } from '../../frontend/src/lib/session.js';
import { tokenAnswer } from './render.js';

export { renderScreen, serve, type Answer, type Call } from './leave-fixtures.js';

/** The demo shop's people as the people screens' tests use them. */
export const OWNER_ID = 2;
export const MANAGER_ID = 3;
export const HR_ID = 4;
export const CASHIER_ID = 5;

export const featuresOf = (role: string) => defaultRoles.find((r) => r.name === role)!.features;

/** A role as the API answers it, with the default features of the role of that name (or the given ones). */
export function roleOf(roleId: number, name: string, features: FeatureName[] = featuresOf(name)): Role {
  const modules = new Map<ModuleName, { featureName: string }[]>();
  for (const feature of features) modules.set(moduleOf(feature), [...(modules.get(moduleOf(feature)) ?? []), { featureName: feature }]);
  return {
    roleId,
    name,
    description: name,
    roleModule: [...modules].map(([moduleName, roleFeature]) => ({ moduleName, roleFeature })),
    holders: 1,
    version: 1,
  };
}

export const roles = {
  ADMIN: roleOf(1, 'ADMIN'),
  TENANT_MANAGER: roleOf(2, 'TENANT_MANAGER'),
  MANAGER: roleOf(3, 'MANAGER'),
  HR: roleOf(4, 'HR'),
  CASHIER: roleOf(5, 'CASHIER'),
  CUSTOMER: roleOf(6, 'CUSTOMER'),
};

/** Signs a demo user in with the roles named, and their default features unless others are given. */
export function signInWith(userName: string, appUserId: number, roleNames: (keyof typeof roles)[], features?: FeatureName[]) {
  startSession(tokenAnswer(3600, undefined, userName));
  const held = roleNames.map((name) => roles[name]);
  updateSession({
    userName,
    user: { appUserId, userName, appUserRole: held.map((r) => ({ roleId: r.roleId, name: r.name })) },
    roles: held,
    features: features ?? [...new Set(roleNames.flatMap((name) => featuresOf(name)))],
    tenant: { tenantId: 'demo', tenantName: 'demo', displayName: 'Demo Shop', address: 'MG Road', gstNumber: '29ABCDE1234F1Z5' },
  });
}

export function employee(changes: Partial<AppUser> & Pick<AppUser, 'appUserId' | 'userName'>): AppUser {
  return {
    emailId: `${changes.userName.split('@')[0]}@example.in`,
    mobileNumber: '9845000011',
    dob: '1995-03-14',
    doj: '2024-06-01',
    gender: 'Female',
    address: '14, Residency Road, Bengaluru',
    managerId: MANAGER_ID,
    managerName: 'manager@demo.shop',
    hrId: HR_ID,
    hrName: 'hr@demo.shop',
    appUserRole: [{ roleId: 5, name: 'CASHIER' }],
    enabled: true,
    version: 1,
    ...changes,
  };
}
