import type { AuditAction, AuditedEntity } from '../../shared/schemas/audit.js';
import { auditData } from '../audit/data.js';
import type { Actor, TransactItem } from './db.js';

/** Fields that say nothing about the change itself: storage keys and the stamps every save moves. */
const unaudited = new Set(['pk', 'sk', 'entity', 'version', 'createdBy', 'createdOn', 'updatedBy', 'updatedOn', 'expiresAt']);
const isAudited = (field: string) => !unaudited.has(field) && !/^gsi\d(pk|sk)$/.test(field);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two states of a record, each side holding only those fields. A new record
 * (no `before`) lists every field as after; a removal (no `after`) every field as before.
 */
export function changedFields(before: object | undefined, after: object | undefined) {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (!isAudited(field) || same(was[field], is[field])) continue;
    if (was[field] !== undefined) out.before[field] = was[field];
    if (is[field] !== undefined) out.after[field] = is[field];
  }
  return out;
}

export interface AuditedChange {
  entity: AuditedEntity;
  entityId: string | number;
  action: AuditAction;
  /** The record as it was (undefined for a new one). */
  before?: object;
  /** The record as it became (undefined for a removal). */
  after?: object;
}

/**
 * The audit record of a change, as one more item of the change's own transaction: the change and its record are
 * written together or not at all. Who and when come from the actor the change is stamped with.
 */
export function auditWrite(scope: { tenantId: string; actor: Actor }, change: AuditedChange): TransactItem {
  return auditData.write(scope.tenantId, {
    by: scope.actor.userName,
    at: scope.actor.now,
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    ...changedFields(change.before, change.after),
  });
}

/**
 * One audit record of a change made to several records of one kind in one save (a bulk product edit), for saves
 * that would not fit one record each in DynamoDB's 100 items of a transaction. Its id lists the records' ids and
 * its before and after hold each record's changed fields under its id; a save of one record is an ordinary record.
 */
export function auditBulkWrite(
  scope: { tenantId: string; actor: Actor },
  change: Pick<AuditedChange, 'entity' | 'action'> & { records: { id: string | number; before?: object; after?: object }[] },
): TransactItem {
  const [only] = change.records;
  if (change.records.length === 1 && only) return auditWrite(scope, { ...change, entityId: only.id, before: only.before, after: only.after });
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const record of change.records) {
    const changed = changedFields(record.before, record.after);
    if (Object.keys(changed.before).length) before[String(record.id)] = changed.before;
    if (Object.keys(changed.after).length) after[String(record.id)] = changed.after;
  }
  return auditData.write(scope.tenantId, {
    by: scope.actor.userName,
    at: scope.actor.now,
    entity: change.entity,
    entityId: change.records.map((r) => r.id).join(','),
    action: change.action,
    before,
    after,
  });
}
