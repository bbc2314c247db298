import { Badge, Box, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import type { AppUser } from '../../../../../shared/schemas/auth.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteEmployee, useEmployeeCount, useEmployeePage } from '../api/employees.js';
import { listTitle, mayViewAll, scopeFor, type EmployeeListView } from '../components/employee-rules.js';
import { ConfirmedDelete, useConfirmedDelete, useKeepPageInRange, useListSearch } from '../../../components/list-state.js';
import { ListActions } from '../../../components/back-links.js';

/**
 * /user (spec 3 sections 2 and 6): Reporting Employees or Org Employees with the Direct/All filter (All only with
 * the org view), search by user name, pages of 5, Create Employee and per row Edit, View and Delete by feature.
 */
export default function EmployeeListScreen() {
  const can = useCan();
  const session = useSession();
  const roleNames = session?.roles.map((r) => r.name) ?? [];
  const allowed = mayViewAll(roleNames);
  const [view, setView] = useState<EmployeeListView>(allowed ? 'ALL' : 'DIRECT');
  return (
    <Page
      title={listTitle(view)}
      description={view === 'ALL' ? 'Everyone working in the shop.' : 'The employees who report to you.'}
      actions={
        <ListActions add={{ show: can('EmployeeEdit'), to: '/user/new', label: 'Create Employee', icon: IconUserPlus }} />
      }
    >
      <RequireFeature anyOf={['EmployeeList']} what="the employee list">
        <EmployeeTable view={view} onViewChange={setView} allowAll={allowed} roleNames={roleNames} myId={session?.user?.appUserId} />
      </RequireFeature>
    </Page>
  );
}

interface EmployeeTableProps {
  view: EmployeeListView;
  onViewChange: (view: EmployeeListView) => void;
  allowAll: boolean;
  roleNames: string[];
  myId: number | undefined;
}

function EmployeeTable({ view, onViewChange, allowAll, roleNames, myId }: EmployeeTableProps) {
  const can = useCan();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = useListSearch();
  const { search, page, setPage, searchProps } = list;
  const scope = myId === undefined ? undefined : scopeFor(view, roleNames, myId);
  const count = useEmployeeCount(scope, search);
  const total = count.data ?? 0;
  const lastPage = pageCount(total);
  const employees = useEmployeePage(scope, search, Math.min(page, lastPage));
  const remove = useConfirmedDelete(useDeleteEmployee(), (user: AppUser) => user.appUserId, (user) => user.userName);

  useKeepPageInRange(list, count.data);

  const actions = (user: AppUser) => (
    <Group gap="xs" justify={compact ? 'flex-start' : 'flex-end'} wrap={compact ? 'wrap' : 'nowrap'}>
      {can('EmployeeEdit') && (
        <Button size="xs" variant="light" component={Link} to={`/user/${user.appUserId}`} leftSection={<IconPencil size={14} />} aria-label={`Edit ${user.userName}`}>
          Edit
        </Button>
      )}
      {can('EmployeeView') && (
        <Button size="xs" variant="default" component={Link} to={`/userView/${user.appUserId}`} leftSection={<IconEye size={14} />} aria-label={`View ${user.userName}`}>
          View
        </Button>
      )}
      {can('EmployeeDelete') && user.appUserId !== myId && (
        <Button size="xs" variant="subtle" color="red" onClick={() => remove.ask(user)} leftSection={<IconTrash size={14} />} aria-label={`Delete ${user.userName}`}>
          Delete
        </Button>
      )}
    </Group>
  );
  const roleBadges = (user: AppUser) => (
    <Group gap={4}>
      {user.appUserRole.map((role) => (
        <Badge key={role.roleId} variant="light" size="sm" radius="sm">
          {role.name}
        </Badge>
      ))}
    </Group>
  );
  const hasActions = can('EmployeeEdit') || can('EmployeeView') || can('EmployeeDelete');
  const actionsColumn: Column<AppUser>[] = hasActions
    ? [{ key: 'actions', header: <span className="visually-hidden">Actions</span>, align: 'right', render: actions }]
    : [];

  const columns: Column<AppUser>[] = compact
    ? [
        {
          key: 'employee',
          header: 'Employee',
          render: (user) => (
            <Stack gap={4}>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {user.userName}
              </Text>
              {roleBadges(user)}
              <Text size="xs" c="dimmed">
                {[user.mobileNumber, user.managerName && `Manager: ${user.managerName}`].filter(Boolean).join(' · ')}
              </Text>
              {hasActions && <Box mt={4}>{actions(user)}</Box>}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'name', header: 'User Name', render: (user) => <Text size="sm" fw={500}>{user.userName}</Text> },
        { key: 'roles', header: 'Roles', render: roleBadges },
        { key: 'mobile', header: 'Mobile Number', render: (user) => user.mobileNumber },
        { key: 'manager', header: 'Manager', render: (user) => user.managerName ?? '—' },
        { key: 'doj', header: 'Joined', render: (user) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(user.doj)}</Text> },
        ...actionsColumn,
      ];

  return (
    <>
      <SavedNotice />
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label="Show"
          size="sm"
          w={{ base: '100%', xs: 200 }}
          value={view}
          onChange={(event) => {
            onViewChange(event.currentTarget.value === 'ALL' ? 'ALL' : 'DIRECT');
            setPage(1);
          }}
          data={[
            { value: 'DIRECT', label: 'Direct' },
            { value: 'ALL', label: 'All', disabled: !allowAll },
          ]}
          description={allowAll ? undefined : 'All is for TENANT_MANAGER, ADMIN and HR.'}
        />
        <Box flex={1} miw={{ base: '100%', xs: 280 }} pt={{ base: 0, xs: 25 }}>
          <SearchBox
            label="Search by user name"
            {...searchProps}
          />
          <SearchCapNote search={search} total={count.data} records="user names" />
        </Box>
      </Group>
      <PagedTable
        caption={listTitle(view)}
        columns={columns}
        rows={employees.data}
        rowKey={(user) => user.appUserId}
        page={Math.min(page, lastPage)}
        total={total}
        onPageChange={setPage}
        loading={employees.isPending || count.isPending}
        emptyText={search ? `No user name starts with “${search}”.` : view === 'ALL' ? 'No employees yet.' : 'Nobody reports to you yet.'}
        minWidth={compact ? 300 : 760}
      />
      <ConfirmedDelete
        state={remove}
        title="Delete employee"
        question={(user) => `Delete ${user.userName}? They can no longer sign in; their records are kept.`}
      />
    </>
  );
}
