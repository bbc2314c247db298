import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import type { Policy } from '../../../../../shared/schemas/content.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { errorText } from '../../../lib/query-client.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeletePolicy, usePolicies } from '../api/policies.js';
import { ListActions } from '../../../components/back-links.js';

/** /policy: the shop's policies (spec 2 section 2); Delete has no confirmation, as specified. */
export default function PolicyListScreen() {
  const edit = useCan()('PolicyEdit');
  return (
    <Page
      title="Policies"
      description="The policies customers reach from the footer of every page."
      actions={
        <ListActions add={{ show: edit, to: '/policy/new', label: 'Add Policy' }} />
      }
    >
      <RequireFeature anyOf={['PolicyList', 'PolicyEdit', 'PolicyTemplate']} what="the policy list">
        <PolicyTable edit={edit} />
      </RequireFeature>
    </Page>
  );
}

function PolicyTable({ edit }: { edit: boolean }) {
  const policies = usePolicies();
  const remove = useDeletePolicy();
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const rows = policies.data ?? [];
  const shownPage = Math.min(page, pageCount(rows.length));

  const deletePolicy = (policy: Policy) =>
    remove.mutate(policy.policyId, {
      onError: (error) => setMessage(`${policy.policyName} could not be deleted: ${errorText(error)}`),
    });

  const columns: Column<Policy>[] = [
    { key: 'date', header: 'Date', render: (p) => formatDate(p.createdOn) },
    { key: 'id', header: 'Policy Id', render: (p) => p.policyId },
    {
      key: 'name',
      header: 'Policy Name',
      render: (p) => (
        <Anchor component={Link} to={`/policies/${encodeURIComponent(p.policyName)}`} size="sm" fw={500}>
          {p.policyName}
        </Anchor>
      ),
    },
    { key: 'updated', header: 'Last Updated', render: (p) => formatDate(p.updatedOn ?? p.createdOn) },
  ];
  if (edit) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (p) => <RowActions name={p.policyName} editTo={`/policy/${p.policyId}`} onDelete={() => deletePolicy(p)} />,
    });
  }

  return (
    <>
      <SavedNotice />
      <PagedTable
        caption="Policies"
        columns={columns}
        rows={rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
        rowKey={(p) => p.policyId}
        page={shownPage}
        total={rows.length}
        onPageChange={setPage}
        loading={policies.isPending}
        emptyText="No policies yet."
        minWidth={600}
      />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
