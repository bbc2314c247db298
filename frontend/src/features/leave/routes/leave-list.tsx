import { Box, Button, Flex, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { indiaToday } from '../../../../../shared/leave-days.js';
import type { Leave } from '../../../../../shared/schemas/leave.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { MessageModal } from '../../../components/message-modal.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { useLeaveTypes } from '../api/leave-types.js';
import { useCancelLeave, useLeaveBalance, useLeavePage, type LeaveView } from '../api/leaves.js';
import { BalanceSummary } from '../components/balance-summary.js';
import { isLeaveManager, rowActions } from '../components/leave-rules.js';
import { LeaveStatusBadge } from '../components/status-badge.js';
import { useLeaveView } from '../components/use-leave-view.js';
import { useCompactLayout } from '../components/use-compact-layout.js';
import { BackButton } from '../../../components/back-links.js';

const ALL_TYPES = '';
const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * /leaveSystem (spec 3 sections 2 and 4): Your Leaves, or for managers Reportees Leaves, with the leave type filter,
 * pages of 5, Apply Leave (not in the manager view), and per row Update or Approve, and Cancel, as the status allows.
 */
export default function LeaveListScreen() {
  const session = useSession();
  const can = useCan();
  const manager = isLeaveManager(session?.roles.map((r) => r.name) ?? []);
  const [view, setView] = useLeaveView(manager);
  const canEdit = can('LeaveEdit');

  return (
    <Page
      title={view === 'MANAGER' ? 'Reportees Leaves' : 'Your Leaves'}
      description={view === 'MANAGER' ? 'Approve or reject the leave your reportees applied for.' : 'Apply for leave and follow your applications.'}
      actions={
        <>
          <BackButton />
          {canEdit &&
            (view === 'MANAGER' ? (
              // The manager view disables new applications (spec 3 section 4); the button stays in place, greyed.
              <Button disabled leftSection={<IconCalendarPlus size={16} />} title="Switch to the EMPLOYEE view to apply">
                Apply Leave
              </Button>
            ) : (
              <Button component={Link} to="/leaveSystem/new" leftSection={<IconCalendarPlus size={16} />}>
                Apply Leave
              </Button>
            ))}
        </>
      }
    >
      <SavedNotice />
      <RequireFeature anyOf={['LeaveList']} what="the leave list">
        <LeaveTable view={view} onViewChange={setView} manager={manager} />
      </RequireFeature>
    </Page>
  );
}

interface LeaveTableProps {
  view: LeaveView;
  onViewChange: (view: LeaveView) => void;
  /** Managers get the EMPLOYEE/MANAGER switch. */
  manager: boolean;
}

function LeaveTable({ view, onViewChange, manager }: LeaveTableProps) {
  const session = useSession();
  const can = useCan();
  const myId = session?.user?.appUserId;
  const [typeFilter, setTypeFilter] = useState(ALL_TYPES);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<Leave | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const leaveMasterId = typeFilter === ALL_TYPES ? null : Number(typeFilter);
  const types = useLeaveTypes();
  const { rows, count } = useLeavePage(view, myId, page, leaveMasterId);
  const year = Number(indiaToday(new Date()).slice(0, 4));
  const balance = useLeaveBalance(view === 'EMPLOYEE' ? myId : undefined, year);
  const cancel = useCancelLeave();
  const onCancelFailure = useSaveFailure(setMessage);
  const canEdit = can('LeaveEdit');
  const compact = useCompactLayout();

  const total = count.data ?? 0;
  const lastPage = pageCount(total);
  // A cancellation elsewhere can shrink the list under the page the user is on.
  useEffect(() => {
    if (count.data !== undefined && page > lastPage) setPage(lastPage);
  }, [count.data, page, lastPage]);

  const chooseView = (next: string) => {
    onViewChange(next === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE');
    setPage(1);
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.leaveSystemId, {
      onSettled: () => setCancelling(null),
      onError: onCancelFailure,
    });
  };

  const renderActions = (leave: Leave) => {
    const actions = rowActions(leave, view, myId, canEdit);
    const when = `${leave.leaveType} from ${formatDate(leave.startDate)}`;
    return (
      <Flex gap="xs" justify="flex-end" direction={compact ? 'column' : 'row'} align={compact ? 'stretch' : 'center'}>
        {actions.update && (
          <Button size="xs" variant="light" component={Link} to={`/leaveSystem/${leave.leaveSystemId}`} aria-label={`Update ${when}`}>
            Update
          </Button>
        )}
        {actions.approve && (
          <Button size="xs" component={Link} to={`/leaveSystem/${leave.leaveSystemId}`} aria-label={`Approve ${leave.userName}'s ${when}`}>
            Approve
          </Button>
        )}
        {actions.view && (
          <Button size="xs" variant="default" component={Link} to={`/leaveSystem/${leave.leaveSystemId}`} aria-label={`View ${when}`}>
            View
          </Button>
        )}
        {actions.cancel && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setCancelling(leave)} aria-label={`Cancel ${when}`}>
            Cancel
          </Button>
        )}
      </Flex>
    );
  };
  const reasons = (leave: Leave) => (
    <>
      {leave.reason && (
        <Text size="sm" lineClamp={2}>
          {leave.reason}
        </Text>
      )}
      {leave.decisionReason && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          Manager: {leave.decisionReason}
        </Text>
      )}
    </>
  );
  const actionsColumn: Column<Leave> = {
    key: 'actions',
    header: <span className="visually-hidden">Actions</span>,
    align: 'right',
    render: renderActions,
  };

  // On a phone the row's facts stack in one column, so the status and the buttons stay in sight.
  const columns: Column<Leave>[] = compact
    ? [
        {
          key: 'leave',
          header: 'Leave',
          render: (leave) => (
            <Stack gap={2}>
              {view === 'MANAGER' && (
                <Text size="sm" fw={600}>
                  {leave.userName}
                </Text>
              )}
              <Text size="sm" fw={view === 'MANAGER' ? 400 : 600}>
                {leave.leaveType} · {leave.days} {leave.days === 1 ? 'day' : 'days'}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(leave.startDate)} – {formatDate(leave.endDate)}
              </Text>
              <Box mt={4}>
                <LeaveStatusBadge status={leave.status} />
              </Box>
              {reasons(leave)}
            </Stack>
          ),
        },
        actionsColumn,
      ]
    : [
        ...(view === 'MANAGER'
          ? [{ key: 'employee', header: 'Employee', render: (leave: Leave) => <Text size="sm" fw={500}>{leave.userName}</Text> }]
          : []),
        { key: 'type', header: 'Leave Type', render: (leave) => <Text size="sm" style={noWrap}>{leave.leaveType}</Text> },
        { key: 'start', header: 'From', render: (leave) => <Text size="sm" style={noWrap}>{formatDate(leave.startDate)}</Text> },
        { key: 'end', header: 'To', render: (leave) => <Text size="sm" style={noWrap}>{formatDate(leave.endDate)}</Text> },
        { key: 'days', header: 'Days', align: 'right', render: (leave) => leave.days },
        { key: 'status', header: 'Status', render: (leave) => <LeaveStatusBadge status={leave.status} /> },
        { key: 'reason', header: 'Reason', render: (leave) => <Stack gap={2} maw={260}>{reasons(leave)}</Stack> },
        actionsColumn,
      ];

  return (
    <>
      <Group align="flex-end" gap="lg" wrap="wrap">
        {manager && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="leave-view-label">
              View
            </Text>
            <SegmentedControl
              aria-labelledby="leave-view-label"
              value={view}
              onChange={chooseView}
              data={['EMPLOYEE', 'MANAGER'] satisfies LeaveView[]}
            />
          </Stack>
        )}
        <NativeSelect
          label="Leave Type"
          size="sm"
          w={{ base: '100%', xs: 240 }}
          value={typeFilter}
          onChange={(event) => {
            setTypeFilter(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: ALL_TYPES, label: 'All leave types' },
            ...(types.data ?? []).map((t) => ({ value: String(t.leaveMasterId), label: t.leaveType })),
          ]}
        />
      </Group>
      {view === 'EMPLOYEE' && <BalanceSummary title={`Your balance in ${year}`} balances={balance.data} loading={balance.isPending} />}
      <PagedTable
        caption={view === 'MANAGER' ? 'Reportees Leaves' : 'Your Leaves'}
        columns={columns}
        rows={rows.data}
        rowKey={(leave) => leave.leaveSystemId}
        page={page}
        total={total}
        onPageChange={setPage}
        loading={rows.isPending || count.isPending}
        emptyText={view === 'MANAGER' ? 'None of your reportees has applied for leave.' : 'You have not applied for leave yet.'}
        minWidth={compact ? 300 : view === 'MANAGER' ? 860 : 760}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel leave"
        message={
          cancelling
            ? `Cancel your ${cancelling.leaveType} from ${formatDate(cancelling.startDate)} to ${formatDate(cancelling.endDate)}? Its ${cancelling.days} ${cancelling.days === 1 ? 'day goes' : 'days go'} back to your balance.`
            : ''
        }
        confirmLabel="Cancel leave"
        cancelLabel="Keep it"
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
