import * as z from 'zod';
import { auditedEntities, auditActions } from './audit.js';

/**
 * What the server answers about the audit trail.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. audit.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/** One audit record: who changed what and when, with the changed fields as they were and as they became. */
export const auditRecord = z.object({
  auditId: z.string(),
  at: z.string(),
  by: z.string(),
  entity: z.enum(auditedEntities),
  entityId: z.string(),
  action: z.enum(auditActions),
  /** The changed fields before the change (empty for a new record). */
  before: z.record(z.string(), z.unknown()),
  /** The changed fields after the change (empty for a removal). */
  after: z.record(z.string(), z.unknown()),
});

export type AuditRecord = z.infer<typeof auditRecord>;
