import { Text } from '@mantine/core';
import { useState } from 'react';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import type { LeaveType } from '../../../../../shared/schemas/leave.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteLeaveType, useLeaveTypes } from '../api/leave-types.js';
import { useCompactLayout } from '../components/use-compact-layout.js';
import { ListActions } from '../../../components/back-links.js';

/**
 * /leaveMaster: the shop's leave types with the days each employee may take per year. Everyone with LeaveList sees
 * them; defining them changes everyone's allowance, so Add, Edit and Delete need LeaveDelete, as on the server.
 */
export default function LeaveTypesScreen() {
  const manage = useCan()('LeaveDelete');

  return (
    <Page
      title="Leave Types"
      description="The kinds of leave employees can apply for, and how many days of each they get every year."
      actions={
        <ListActions add={{ show: manage, to: '/leaveMaster/new', label: 'Add Leave Type' }} />
      }
    >
      <SavedNotice />
      <RequireFeature anyOf={['LeaveList']} what="the leave types">
        <LeaveTypeTable manage={manage} />
      </RequireFeature>
    </Page>
  );
}

function LeaveTypeTable({ manage }: { manage: boolean }) {
  const compact = useCompactLayout();
  const types = useLeaveTypes();
  const remove = useConfirmedDelete(useDeleteLeaveType(), (t: LeaveType) => t.leaveMasterId, (t) => t.leaveType);
  const [page, setPage] = useState(1);
  const rows = types.data ?? [];
  const shownPage = Math.min(page, pageCount(rows.length));

  const columns: Column<LeaveType>[] = compact
    ? [
        {
          key: 'name',
          header: 'Leave Type',
          render: (t) => (
            <div>
              <Text size="sm" fw={600}>
                {t.leaveType}
              </Text>
              <Text size="sm" c="dimmed">
                {t.allowance} days per year
              </Text>
            </div>
          ),
        },
      ]
    : [
        { key: 'name', header: 'Leave Type', render: (t) => <Text size="sm" fw={500}>{t.leaveType}</Text> },
        { key: 'allowance', header: 'Days per Year', align: 'right', render: (t) => t.allowance },
      ];
  if (manage) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (t) => <RowActions stacked={compact} name={t.leaveType} editTo={`/leaveMaster/${t.leaveMasterId}`} onDelete={() => remove.ask(t)} />,
    });
  }

  return (
    <>
      <PagedTable
        caption="Leave Types"
        columns={columns}
        rows={rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
        rowKey={(t) => t.leaveMasterId}
        page={shownPage}
        total={rows.length}
        onPageChange={setPage}
        loading={types.isPending}
        emptyText="No leave types yet."
        minWidth={300}
      />
      <ConfirmedDelete state={remove} title="Delete leave type" question={(t) => `Delete ${t.leaveType}? Leave already applied keeps it and can still be decided or cancelled.`} />
    </>
  );
}
