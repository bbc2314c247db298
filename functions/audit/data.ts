import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditedEntity, AuditQuery, AuditRecord } from '../../shared/schemas/audit.js';
import { indiaToday } from '../../shared/leave-days.js';
import { mapPage, op, queryCursorPage, type CursorPage, type QueryOptions, type TransactItem } from '../lib/db.js';
import { AUDIT_PARTITION, searchKey, tenantPk } from '../lib/keys.js';

/**
 * Audit records (docs/security.md, "Audit"). One partition per shop, sorted by shop day then time, newest read
 * first; the indexes hold the same records by the person who made the change (gsi1), by the one record changed
 * (gsi2) and by the kind of record (gsi3), each sorted the same way so a date range is a key condition everywhere.
 * Records are only ever created: no route and no data-layer call edits or deletes them.
 */
const auditPk = (tenantId: string) => tenantPk(tenantId, AUDIT_PARTITION);
const byPersonPk = (tenantId: string, userName: string) => tenantPk(tenantId, 'AUDIT_BY', searchKey(userName));
const byRecordPk = (tenantId: string, entity: AuditedEntity, entityId: string) => tenantPk(tenantId, 'AUDIT_OF', entity, entityId);
const byEntityPk = (tenantId: string, entity: AuditedEntity) => tenantPk(tenantId, 'AUDIT_KIND', entity);

export interface AuditEntry {
  by: string;
  at: Date;
  entity: AuditedEntity;
  entityId: string;
  action: AuditAction;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

interface StoredAudit {
  auditId: string;
  at: string;
  by: string;
  target: AuditedEntity;
  targetId: string;
  action: AuditAction;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const toRecord = (item: StoredAudit): AuditRecord => ({
  auditId: item.auditId,
  at: item.at,
  by: item.by,
  entity: item.target,
  entityId: item.targetId,
  action: item.action,
  before: item.before ?? {},
  after: item.after ?? {},
});

/** The sort-key range of a date range of shop days (either end open). */
const dayRange = (from: string | undefined, to: string | undefined): Pick<QueryOptions, 'skBetween'> =>
  from || to ? { skBetween: [from ?? '0000-00-00', `${to ?? '9999-12-31'}#~`] } : {};

export const auditData = {
  /** The Put of one audit record, to add to the transaction of the change it records. */
  write(tenantId: string, entry: AuditEntry): TransactItem {
    const at = entry.at.toISOString();
    const auditId = randomUUID();
    const sk = `${indiaToday(entry.at)}#${at}#${auditId}`;
    const stored: StoredAudit = {
      auditId,
      at,
      by: entry.by,
      target: entry.entity,
      targetId: entry.entityId,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    };
    return op.create({
      pk: auditPk(tenantId),
      sk,
      entity: 'audit',
      gsi1pk: byPersonPk(tenantId, entry.by),
      gsi1sk: sk,
      gsi2pk: byRecordPk(tenantId, entry.entity, entry.entityId),
      gsi2sk: sk,
      gsi3pk: byEntityPk(tenantId, entry.entity),
      gsi3sk: sk,
      ...stored,
    });
  },

  /**
   * A page of records, newest first, by the most selective key the filters allow: one record's history, one
   * person's changes (narrowed to a kind of record by a filter), one kind of record, or the whole shop.
   */
  async page(tenantId: string, q: AuditQuery): Promise<CursorPage<AuditRecord>> {
    const range = dayRange(q.from, q.to);
    let opts: Omit<QueryOptions, 'startKey' | 'limit'>;
    if (q.entity && q.entityId) {
      opts = { index: 'gsi2', pk: byRecordPk(tenantId, q.entity, q.entityId), ...range };
      if (q.person) opts.filter = { FilterExpression: '#by = :by', ExpressionAttributeNames: { '#by': 'by' }, ExpressionAttributeValues: { ':by': searchKey(q.person) } };
    } else if (q.person) {
      opts = { index: 'gsi1', pk: byPersonPk(tenantId, q.person), ...range };
      if (q.entity) opts.filter = { FilterExpression: '#t = :t', ExpressionAttributeNames: { '#t': 'target' }, ExpressionAttributeValues: { ':t': q.entity } };
    } else if (q.entity) {
      opts = { index: 'gsi3', pk: byEntityPk(tenantId, q.entity), ...range };
    } else {
      opts = { pk: auditPk(tenantId), ...range };
    }
    return mapPage(await queryCursorPage<StoredAudit>({ ...opts, descending: true }, q), toRecord);
  },
};
