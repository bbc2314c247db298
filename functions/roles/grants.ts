import { neverGranted, notHeld } from '../../shared/roles.js';
import type { Caller } from '../lib/context.js';
import { Forbidden } from '../lib/errors.js';

const listed = (features: readonly string[]) => features.join(', ');

/**
 * Nobody hands out more than they hold, and nobody raises their own rights: a role the caller holds is not
 * theirs to change, every feature put into a role must be one the caller holds, and a role carrying features
 * the caller lacks (the built-in roles above them) is read-only to them. Refusals name what was refused.
 */
export function checkRoleChange(
  me: Caller,
  change: { roleId?: number; name: string; before?: readonly string[]; after?: readonly string[] },
): void {
  const verb = change.after === undefined ? 'delete' : change.before === undefined ? 'create' : 'change';
  if (change.roleId !== undefined && me.roleIds.includes(change.roleId)) {
    throw new Forbidden(`You cannot ${verb} the ${change.name} role: you hold it yourself.`);
  }
  const added = notHeld(change.after ?? [], change.before ?? []);
  const refusedGrant = notHeld(added, me.features);
  if (refusedGrant.length) throw new Forbidden(`You cannot give features you do not hold: ${listed(refusedGrant)}.`);
  const above = notHeld([...(change.before ?? []), ...(change.after ?? [])], me.features);
  if (above.length) {
    throw new Forbidden(`You cannot ${verb} the ${change.name} role: it has features you do not hold (${listed(above)}).`);
  }
  const never = neverGranted(change.name, change.after ?? []);
  if (never.length) throw new Forbidden(`The ${change.name} role can never hold ${listed(never)}: shops are administered by the platform.`);
}
