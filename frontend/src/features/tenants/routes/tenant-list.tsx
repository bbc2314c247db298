import { Badge, Button, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { errorText } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { useCloseTenant, useTenantCount, useTenantPage } from '../api/tenants.js';

/** /tenant (ADMIN): the shops on the platform, or a shop admin's own, with their receipt details. */
export default function TenantListScreen() {
  const can = useCan();
  return (
    <Page
      title="Tenants"
      description="The shops on this platform and the details printed on their receipts."
      actions={
        <>
          <Button component={Link} to="/home" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back
          </Button>
          {can('TenantEdit') && (
            <Button component={Link} to="/tenant/new" leftSection={<IconPlus size={16} />}>
              Create Tenant
            </Button>
          )}
        </>
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
  const [closing, setClosing] = useState<Tenant | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const count = useTenantCount();
  const total = count.data ?? 0;
  const shownPage = Math.min(page, pageCount(total));
  const tenants = useTenantPage(shownPage);
  const close = useCloseTenant();

  const confirmClose = () => {
    if (!closing) return;
    const shop = closing;
    setClosing(null);
    close.mutate(shop.tenantId, { onError: (error) => setMessage(`${shop.displayName} could not be closed: ${errorText(error)}`) });
  };

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
          onDelete={can('TenantDelete') && t.enabled !== false && t.tenantId !== ownShop ? () => setClosing(t) : undefined}
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
      <ConfirmDialog
        opened={closing !== null}
        title="Delete tenant"
        message={closing ? `Close ${closing.displayName}? Its people can no longer sign in and customers can no longer sign up; its data is kept.` : ''}
        confirmLabel="Delete"
        danger
        onConfirm={confirmClose}
        onCancel={() => setClosing(null)}
      />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
