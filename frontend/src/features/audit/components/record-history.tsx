import { Paper, Title } from '@mantine/core';
import type { AuditedEntity } from '../../../../../shared/schemas/audit.js';
import { useCan } from '../../../lib/use-can.js';
import { AuditTable } from './audit-table.js';

/** The audit history of one record (a bill, an employee), shown on its screen to those who may read the audit trail. */
export function RecordHistory({ entity, entityId, title }: { entity: AuditedEntity; entityId: string | number; title: string }) {
  const can = useCan();
  if (!can('AuditTrail')) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <AuditTable filters={{ entity, entityId: String(entityId) }} caption={title} showWhat={false} />
    </Paper>
  );
}
