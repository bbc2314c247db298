import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '../../../../../shared/routes/audit.js';
import type { AuditedEntity } from '../../../../../shared/schemas/audit.js';
import { callApiPage } from '../../../lib/api-client.js';

/** The owner screen's filters; empty ones are left out of the call. */
export interface AuditFilters {
  from?: string;
  to?: string;
  person?: string;
  entity?: AuditedEntity;
  entityId?: string;
}

export const AUDIT_PAGE_SIZE = 20;

const auditKeys = {
  page: (filters: AuditFilters, cursor: string | undefined) => ['audit', filters, cursor ?? ''] as const,
};

/**
 * One page of the audit trail, newest first. Pages follow the server's cursors (`cursor` undefined is the first
 * page), so an old page costs one read however far back it is.
 */
export function useAuditPage(filters: AuditFilters, cursor: string | undefined, enabled = true) {
  return useQuery({
    queryKey: auditKeys.page(filters, cursor),
    queryFn: () => {
      const query = Object.fromEntries(Object.entries({ ...filters, cursor }).filter(([, value]) => value !== undefined && value !== ''));
      return callApiPage(auditRoutes.page, { query: { page: 0, size: AUDIT_PAGE_SIZE, ...query } });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
