import { Badge, Text } from '@mantine/core';
import { useState } from 'react';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { useCloseTenant, useTenantCount, useTenantPage } from '../api/tenants.js';
import { ListActions } from '../../../components/back-links.js';

/** /tenant (ADMIN): the shops on the platform, or a shop admin's own, with their receipt details. */
export default function TenantListScreen() {
  const can = useCan();
  return (
    <Page
      title="Tenants"
      description="The shops on this platform and the details printed on their receipts."
      actions={
        <ListActions add={{ show: can('TenantEdit'), to: '/tenant/new', label: 'Create Tenant' }} />
      }
    >
      <RequireFeature anyOf={['TenantList', 'TenantEdit']} what="the shop list">
        <TenantTable />
      </RequireFeature>
    </Page>
  );
}

function TenantTable() {
  const can = useCan();
  const ownShop = useSession()?.tenant?.tenantId;
  const [page, setPage] = useState(1);
  const count = useTenantCount();
  const total = count.data ?? 0;
  const shownPage = Math.min(page, pageCount(total));
  const tenants = useTenantPage(shownPage);
  // Deleting a shop closes it: its data is kept, so the refusal speaks of closing.
  const close = useConfirmedDelete(useCloseTenant(), (t: Tenant) => t.tenantId, (t) => t.displayName, {
    refusal: (t, reason) => `${t.displayName} could not be closed: ${reason}`,
  });

  const columns: Column<Tenant>[] = [
    { key: 'id', header: 'Shop Id', render: (t) => <Text size="sm" ff="monospace">{t.tenantId}</Text> },
    {
      key: 'name',
      header: 'Shop Name',
      render: (t) => (
        <>
          <Text size="sm" fw={600}>
            {t.displayName}
          </Text>
          {t.domain && (
            <Text size="xs" c="dimmed">
              @{t.domain}
            </Text>
          )}
        </>
      ),
    },
    { key: 'address', header: 'Address', render: (t) => <Text size="sm" lineClamp={2} maw={280}>{t.address}</Text> },
    { key: 'gstin', header: 'GSTIN', render: (t) => <Text size="sm" ff="monospace">{t.gstNumber}</Text> },
    {
      key: 'status',
      header: 'Status',
      render: (t) =>
        t.enabled === false ? (
          <Badge color="gray" variant="light">
            Closed
          </Badge>
        ) : (
          <Badge color="brand" variant="light">
            Open
          </Badge>
        ),
    },
  ];
  if (can('TenantEdit') || can('TenantDelete')) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (t) => (
        <RowActions
          name={t.displayName}
          editTo={can('TenantEdit') ? `/tenant/${t.tenantId}` : undefined}
          // The platform's own shop (the admin's) cannot be closed, nor a closed one again.
          onDelete={can('TenantDelete') && t.enabled !== false && t.tenantId !== ownShop ? () => close.ask(t) : undefined}
        />
      ),
    });
  }

  return (
    <>
      <SavedNotice />
      <PagedTable
        caption="Tenants"
        columns={columns}
        rows={tenants.data}
        rowKey={(t) => t.tenantId}
        page={shownPage}
        total={total}
        onPageChange={setPage}
        loading={tenants.isPending || count.isPending}
        emptyText="No shops yet."
        minWidth={820}
      />
      <ConfirmedDelete
        state={close}
        title="Delete tenant"
        question={(t) => `Close ${t.displayName}? Its people can no longer sign in and customers can no longer sign up; its data is kept.`}
      />
    </>
  );
}
