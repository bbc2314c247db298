import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconNotebook, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { useCan } from '../../../lib/use-can.js';
import { useCustomerCount, useCustomerPage, useDeleteCustomer } from '../api/customers.js';
import { shownName } from '../components/customer-name.js';
import { ConfirmedDelete, useConfirmedDelete, useKeepPageInRange, useListSearch } from '../../../components/list-state.js';
import { ListActions } from '../../../components/back-links.js';
import { SearchedTable } from '../../../components/searched-table.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';

const noWrap = { whiteSpace: 'nowrap' } as const;

/** /customer (spec 3 section 2): the shop's customers, newest first, searchable by name or mobile, pages of 5. */
export default function CustomerListScreen() {
  const can = useCan();
  return (
    <Page
      title="Customers"
      description="Customers registered at the counter or signed up online."
      actions={
        <ListActions add={{ show: can('CustomerEdit'), to: '/customer/new', label: 'Create Customer', icon: IconUserPlus }} />
      }
    >
      <RequireFeature anyOf={['CustomerList', 'CustomerView']} what="the customer list">
        <CustomerTable />
      </RequireFeature>
    </Page>
  );
}

function CustomerTable() {
  const can = useCan();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = useListSearch();
  const { search, page, setPage, searchProps } = list;
  const count = useCustomerCount(search);
  const total = count.data ?? 0;
  const lastPage = pageCount(total);
  const customers = useCustomerPage(search, Math.min(page, lastPage));
  const remove = useConfirmedDelete(useDeleteCustomer(), (c: Customer) => c.customerId, (c) => shownName(c.customerName));

  useKeepPageInRange(list, count.data);

  const editable = can('CustomerEdit');
  const deletable = can('CustomerDelete');
  // The same features that read a customer's account (GET /account/{customerId}, docs/customer-credit.md).
  const readsAccount = can('CustomerCredit', 'CustomerView', 'PurchaseEdit');
  const actions = (c: Customer) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {readsAccount && (
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to={`/customerAccount/${c.customerId}`}
          leftSection={<IconNotebook size={14} />}
          aria-label={`Account of ${shownName(c.customerName)}`}
        >
          Account
        </Button>
      )}
      <RowActions
        name={shownName(c.customerName)}
        editTo={editable ? `/customer/${c.customerId}` : undefined}
        onDelete={deletable ? () => remove.ask(c) : undefined}
      />
    </Group>
  );
  const actionsColumn: Column<Customer>[] =
    editable || deletable || readsAccount ? [{ key: 'actions', header: 'Actions', align: 'right', render: actions }] : [];

  const columns: Column<Customer>[] = compact
    ? [
        {
          key: 'customer',
          header: 'Customer',
          render: (c) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {shownName(c.customerName)}{' '}
                <Text span size="xs" c="dimmed">
                  #{c.customerId}
                </Text>
              </Text>
              <Text size="sm">{c.mobileNumber}</Text>
              {c.address && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {c.address}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {c.creditPoints} credit points · since {formatDate(c.createdOn)}
              </Text>
              {(editable || deletable || readsAccount) && <Box mt={4}>{actions(c)}</Box>}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'date', header: 'Date', render: (c) => <Text size="sm" style={noWrap}>{formatDate(c.createdOn)}</Text> },
        { key: 'id', header: 'Customer Id', align: 'right', render: (c) => c.customerId },
        { key: 'name', header: 'Customer Name', render: (c) => <Text size="sm" fw={500}>{shownName(c.customerName)}</Text> },
        { key: 'address', header: 'Address', render: (c) => <Text size="sm" lineClamp={2} maw={240}>{c.address || '—'}</Text> },
        { key: 'mobile', header: 'Mobile Number', render: (c) => <Text size="sm" style={noWrap}>{c.mobileNumber}</Text> },
        { key: 'credit', header: 'Credit Points', align: 'right', render: (c) => c.creditPoints },
        { key: 'updated', header: 'Last Updated', render: (c) => <Text size="sm" style={noWrap}>{formatDate(c.updatedOn ?? c.createdOn)}</Text> },
        ...actionsColumn,
      ];

  return (
    <>
      <SearchedTable
        search={{ label: 'Search by customer name or mobile number', placeholder: 'Customer name or mobile number', ...searchProps }}
        note={<SearchCapNote search={search} total={count.data} records="customer names or mobile numbers" narrow="of the name or number" />}
        caption="Customers"
        columns={columns}
        rows={customers.data}
        rowKey={(c) => c.customerId}
        page={Math.min(page, lastPage)}
        total={total}
        onPageChange={setPage}
        loading={customers.isPending || count.isPending}
        emptyText={search ? `No customer name has a word starting with “${search}”, and no mobile starts with it.` : 'No customers yet.'}
        minWidth={compact ? 300 : 980}
      />
      <ConfirmedDelete
        state={remove}
        title="Delete customer"
        question={(c) => `Delete ${shownName(c.customerName)}?${c.appUserId ? ' They signed up online and lose their sign-in too.' : ''}`}
      />
    </>
  );
}
