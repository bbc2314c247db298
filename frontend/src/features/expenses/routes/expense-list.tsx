import { Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { EXPENSE_YEARS, type Expense } from '../../../../../shared/schemas/expense.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete, useKeepPageInRange, useListSearch } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteExpense, useExpenseCount, useExpensePage, useExpenseTotal } from '../api/expenses.js';
import { currentPeriod, MONTHS, financialPeriodFrom, recentFinancialYears } from '../../../components/period.js';
import { PeriodSelect } from '../../../components/period-select.js';
import { BackButton } from '../../../components/back-links.js';

/**
 * /expense (spec 3 sections 2 and 4): a month's expenses with month and year selects (the last 10 years), search
 * by expense name, pages of 5, the month's total, Add Expense, Edit, and Delete only while the month shown is the
 * current one (the server refuses older months too). The month shown lives in the address, so Back from an edit
 * returns to it.
 */
export default function ExpenseListScreen() {
  const can = useCan();
  const [params] = useSearchParams();
  const period = financialPeriodFrom(params, EXPENSE_YEARS, false);
  return (
    <Page
      title="Expenses"
      description="The shop's running costs, month by month."
      actions={
        <>
          <BackButton />
          {can('ExpenseEdit') && (
            <Button component={Link} to="/expense/new" state={{ back: `/expense?month=${period.month}&year=${period.year}` }} leftSection={<IconPlus size={16} />}>
              Add Expense
            </Button>
          )}
        </>
      }
    >
      <RequireFeature anyOf={['ExpenseList', 'ExpenseEdit', 'ExpenseDelete']} what="the expense list">
        <ExpenseTable />
      </RequireFeature>
    </Page>
  );
}

function ExpenseTable() {
  const can = useCan();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useSearchParams();
  const years = recentFinancialYears(EXPENSE_YEARS);
  const period = financialPeriodFrom(params, EXPENSE_YEARS, false);
  const list = useListSearch();
  const { search, page, setPage, searchProps } = list;

  const count = useExpenseCount(period, search);
  const total = count.data ?? 0;
  const lastPage = pageCount(total);
  const shownPage = Math.min(page, lastPage);
  const expenses = useExpensePage(period, search, shownPage);
  const sum = useExpenseTotal(period, search);
  const remove = useConfirmedDelete(useDeleteExpense(), (e: Expense) => e.expenseId, (e) => e.expenseName);

  useKeepPageInRange(list, count.data);

  const now = currentPeriod();
  const isCurrentMonth = period.month === now.month && period.year === now.year;
  const editable = can('ExpenseEdit');
  const deletable = can('ExpenseDelete') && isCurrentMonth;

  const choose = (next: { month: number; year: number }) => {
    setParams({ month: String(next.month), year: String(next.year) }, { replace: true });
    setPage(1);
  };

  const actions = (e: Expense, stacked = false) => (
    <RowActions
      name={e.expenseName}
      editTo={editable ? `/expense/${e.expenseId}` : undefined}
      onDelete={deletable ? () => remove.ask(e) : undefined}
      stacked={stacked}
    />
  );
  const withActions = editable || deletable;
  const columns: Column<Expense>[] = compact
    ? [
        {
          key: 'expense',
          header: 'Expense',
          render: (e) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {e.expenseName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(e.expenseDate)} · {e.paymentMode}
              </Text>
            </Stack>
          ),
        },
        { key: 'amount', header: 'Amount', align: 'right', render: (e) => formatRupees(e.expenseAmount) },
        ...(withActions ? [{ key: 'actions', header: 'Actions', align: 'right' as const, render: (e: Expense) => actions(e, true) }] : []),
      ]
    : [
        { key: 'date', header: 'Date', render: (e) => formatDate(e.expenseDate) },
        { key: 'name', header: 'Expense Name', render: (e) => e.expenseName },
        { key: 'mode', header: 'Payment Mode', render: (e) => e.paymentMode },
        { key: 'amount', header: 'Amount', align: 'right', render: (e) => formatRupees(e.expenseAmount) },
        ...(withActions ? [{ key: 'actions', header: 'Actions', align: 'right' as const, render: (e: Expense) => actions(e) }] : []),
      ];

  return (
    <>
      <SavedNotice />
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <PeriodSelect month={period.month} year={period.year} years={years} byFinancialYear onChange={choose} />
        <Box flex={1} miw={260} maw={480}>
          <SearchBox
            label="Search by expense name"
            placeholder="Expense name"
            {...searchProps}
          />
        </Box>
      </Group>
      <SearchCapNote search={search} total={count.data} records="expenses" />
      <PagedTable
        caption={`Expenses of ${MONTHS[period.month - 1]} ${period.year}`}
        columns={columns}
        rows={expenses.data}
        rowKey={(e) => e.expenseId}
        page={shownPage}
        total={total}
        onPageChange={setPage}
        loading={expenses.isPending || count.isPending}
        emptyText={search ? `No expense name starts with “${search}” in ${MONTHS[period.month - 1]} ${period.year}.` : `No expenses in ${MONTHS[period.month - 1]} ${period.year}.`}
        minWidth={compact ? 300 : 640}
      />
      <Paper withBorder px="md" py="sm">
        <Group justify="space-between">
          <Text fw={600}>{search ? `Total of “${search}”` : `Total of ${MONTHS[period.month - 1]} ${period.year}`}</Text>
          <Text fw={700} aria-label="Expense total" aria-busy={sum.isPending}>
            {sum.data !== undefined ? formatRupees(sum.data) : sum.isError ? 'Not available' : <Loader size="xs" component="span" />}
          </Text>
        </Group>
      </Paper>
      {can('ExpenseDelete') && !isCurrentMonth && (
        <Text size="sm" c="dimmed">
          Expenses can be deleted only in the current month.
        </Text>
      )}
      <ConfirmedDelete
        state={remove}
        title="Delete expense"
        confirmLabel="Yes"
        question={(e) => `Delete ${e.expenseName} of ${formatDate(e.expenseDate)} (${formatRupees(e.expenseAmount)})?`}
      />
    </>
  );
}
