import * as z from 'zod';
import { auditQuery, auditRecord } from '../schemas/audit.js';
import { answer, route } from './define.js';

/**
 * The audit trail is read-only: records are written only inside the transactions of the changes they record, and
 * no route edits or deletes them.
 */
export const auditRoutes = {
  page: route({
    method: 'GET',
    path: '/audit',
    access: 'AuditTrail',
    summary:
      'A page of the audit trail, newest first: who changed which bill, stock line, product, role, employee, shop setting or policy, and the fields before and after; filtered by shop days, person, kind of record and one record',
    query: auditQuery,
    response: answer<z.ZodArray<typeof auditRecord>>(),
  }),
};
