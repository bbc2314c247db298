import * as z from 'zod';
import { isoDate, pageQuery, userNameSchema } from './common.js';
import { lazySchema } from '../lazy.js';

/** What the audit trail records changes of (docs/security.md, "Audit"). */
export const auditedEntities = ['bill', 'stock', 'product', 'role', 'employee', 'shop', 'policy', 'heldBill', 'message', 'till', 'account'] as const;
export type AuditedEntity = (typeof auditedEntities)[number];

/**
 * How the record changed: a new record, an edit, a removal, goods returned on a bill, a bill printed or mailed again,
 * goods received on a stock line (inventory add or a spreadsheet upload), a bill or message sent to an address typed
 * at the till, a till session closed or reopened by the owner.
 */
export const auditActions = ['create', 'update', 'delete', 'return', 'rebill', 'revealPassword', 'receive', 'sendTyped', 'close', 'reopen'] as const;
export type AuditAction = (typeof auditActions)[number];

const WRONG_RANGE = 'The start date must not be after the end date.';

/** The owner screen's filters: a date range (shop days), the person who made the change, the entity and its id. */
export const auditQuery = lazySchema(() => pageQuery
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    person: userNameSchema.optional(),
    entity: z.enum(auditedEntities, { error: 'Choose what changed from the list.' }).optional(),
    entityId: z.string().trim().min(1).max(40).regex(/^[\w-]+$/, 'Enter a valid id').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: WRONG_RANGE, path: ['from'] })
  .refine((q) => !q.entityId || q.entity, { message: 'Choose what changed to look up one record.', path: ['entity'] }));
export type AuditQuery = z.output<typeof auditQuery>;

/** What the server answers, as types: the schemas are in audit-answers.ts, which requests never load. */
import type { auditRecord, AuditRecord } from './audit-answers.js';
export type { auditRecord, AuditRecord };
