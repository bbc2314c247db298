import { Badge, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { builtInRoles } from '../../../../../shared/roles.js';
import type { Role } from '../../../../../shared/schemas/auth.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteRole, useRoles } from '../api/roles.js';
import { moduleOrder } from '../components/feature-tree.js';
import { ListActions } from '../../../components/back-links.js';

/** /role: the shop's roles with how many features of each module they carry and how many people hold them. */
export default function RoleListScreen() {
  const can = useCan();
  return (
    <Page
      title="Roles"
      description="What each role may see and do. Built-in roles keep their names."
      actions={
        <ListActions add={{ show: can('RoleEdit'), to: '/role/new', label: 'Create Role' }} />
      }
    >
      <RequireFeature anyOf={['RoleList', 'RoleEdit']} what="the role list">
        <RoleTable />
      </RequireFeature>
    </Page>
  );
}

function RoleTable() {
  const can = useCan();
  const roles = useRoles();
  const remove = useConfirmedDelete(useDeleteRole(), (role: Role) => role.roleId, (role) => role.name);
  const [page, setPage] = useState(1);
  const all = roles.data ?? [];
  const lastPage = pageCount(all.length);
  // `/role?role=<id>` (after a save) opens on the page holding that role, once the list is read.
  const [params] = useSearchParams();
  const wanted = Number(params.get('role'));
  const [landed, setLanded] = useState(false);
  useEffect(() => {
    if (landed || !roles.data) return;
    const at = roles.data.findIndex((r) => r.roleId === wanted);
    if (at >= 0) setPage(Math.floor(at / PAGE_SIZE) + 1);
    setLanded(true);
  }, [roles.data, wanted, landed]);
  useEffect(() => {
    if (roles.data && page > lastPage) setPage(lastPage);
  }, [roles.data, page, lastPage]);
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: 'Role',
      render: (role) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {role.name}
          </Text>
          {builtInRoles.includes(role.name) && (
            <Badge size="xs" variant="outline" color="gray">
              built-in
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'features',
      header: 'Features',
      render: (role) => (
        <Group gap={4}>
          {moduleOrder.map(({ module }) => {
            const n = role.roleModule.find((m) => m.moduleName === module)?.roleFeature.length ?? 0;
            return n ? (
              <Badge key={module} size="sm" variant="light" radius="sm">
                {module} {n}
              </Badge>
            ) : null;
          })}
        </Group>
      ),
    },
    { key: 'holders', header: 'Holders', align: 'right', render: (role) => role.holders ?? 0 },
  ];
  if (can('RoleEdit') || can('RoleDelete')) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (role) => (
        <RowActions
          name={role.name}
          editTo={can('RoleEdit') ? `/role/${role.roleId}` : undefined}
          onDelete={can('RoleDelete') && !builtInRoles.includes(role.name) ? () => remove.ask(role) : undefined}
        />
      ),
    });
  }

  return (
    <>
      <SavedNotice />
      <PagedTable
        caption="Roles"
        columns={columns}
        rows={shown}
        rowKey={(role) => role.roleId}
        page={Math.min(page, lastPage)}
        total={all.length}
        onPageChange={setPage}
        loading={roles.isPending}
        emptyText="No roles yet."
        minWidth={560}
      />
      <ConfirmedDelete state={remove} title="Delete role" refusalTitle="Not deleted" question={(role) => `Delete the role ${role.name}?`} />
    </>
  );
}
