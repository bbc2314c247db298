import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { auditedEntities, type AuditedEntity } from '../../../../../shared/schemas/audit.js';
import { BackButton } from '../../../components/back-links.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import type { AuditFilters } from '../api/audit.js';
import { AuditTable, entityLabels } from '../components/audit-table.js';

/**
 * /auditTrail: who changed which bill, stock line, product, role, employee, shop setting or policy, and when, with
 * the fields before and after; filtered by days, person and kind of record. The shop owner's screen.
 */
export default function AuditTrailScreen() {
  return (
    <Page title="Audit Trail" description="Every change to bills, stock, prices, products, roles, employees and shop settings." actions={<BackButton />}>
      <RequireFeature anyOf={['AuditTrail']} what="the audit trail">
        <AuditTrail />
      </RequireFeature>
    </Page>
  );
}

function AuditTrail() {
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const set = (field: keyof AuditFilters) => (value: string) => setDraft({ ...draft, [field]: value || undefined });
  const wrongRange = draft.from && draft.to && draft.from > draft.to ? 'The start date must not be after the end date.' : undefined;

  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!wrongRange) setFilters({ ...draft, person: draft.person?.trim().toLowerCase() || undefined, entityId: draft.entity ? draft.entityId?.trim() || undefined : undefined });
        }}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput type="date" label="From" size="sm" value={draft.from ?? ''} onChange={(e) => set('from')(e.currentTarget.value)} error={wrongRange} />
          <TextInput type="date" label="To" size="sm" value={draft.to ?? ''} onChange={(e) => set('to')(e.currentTarget.value)} />
          <TextInput label="Person (user name)" size="sm" placeholder="cashier@shop" value={draft.person ?? ''} onChange={(e) => set('person')(e.currentTarget.value)} />
          <NativeSelect
            label="What changed"
            size="sm"
            value={draft.entity ?? ''}
            onChange={(e) => setDraft({ ...draft, entity: (e.currentTarget.value || undefined) as AuditedEntity | undefined })}
            data={[{ value: '', label: 'Everything' }, ...auditedEntities.map((entity) => ({ value: entity, label: entityLabels[entity] }))]}
          />
          <TextInput label="Its id" size="sm" w={120} disabled={!draft.entity} value={draft.entityId ?? ''} onChange={(e) => set('entityId')(e.currentTarget.value)} />
          <Button type="submit">Show</Button>
        </Group>
      </form>
      <AuditTable filters={filters} caption="Audit trail" />
    </>
  );
}
