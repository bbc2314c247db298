import { MethodFigures } from '../../../components/method-figures.js';
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { currentFinancialYear, financialYearLabel } from '../../../../../shared/financial-year.js';
import { RETURN_YEARS, type YearBasis, type YearlyRow } from '../../../../../shared/schemas/expense.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { TableRows } from '../../../components/paged-table.js';
import { useYearlyReturns, yearlyReturnsPdf } from '../api/expenses.js';
import { Figure } from '../components/figure.js';
import { currentPeriod, MONTHS, percentText } from '../../../components/period.js';
import { datedFileName, useDownload } from '../components/use-download.js';
import { BackButton } from '../../../components/back-links.js';

type Figures = Omit<YearlyRow, 'transactionMonth'>;

type Column = { key: keyof Figures; header: string };
const COLUMNS: Column[] = [
  { key: 'boughtAmount', header: 'Bought' },
  { key: 'onlineCredit', header: 'Online Credit' },
  { key: 'cashCredit', header: 'Cash Credit' },
  { key: 'returns', header: 'Returns' },
  { key: 'soldAmount', header: 'Net Sold' },
  { key: 'expense', header: 'Expense' },
  { key: 'profit', header: 'Profit' },
];
/** A year with customer credit shows what went on account and the dues collected beside the money received. */
const CREDIT_COLUMNS: Column[] = [
  ...COLUMNS.slice(0, 5),
  { key: 'onAccount', header: 'On Account' },
  { key: 'duesCollected', header: 'Dues Collected' },
  ...COLUMNS.slice(5),
];

/**
 * Yearly Returns (/yearlyReturn, spec 3 sections 2, 3 and 9): a year (the last 8), by Indian financial year
 * (April–March, the default: shops file by it) or by calendar year (as the spec shows), in the address as
 * `?basis=financial|calendar&year=`; its months up to the current one with Bought (bought price of the goods sold,
 * less returned goods), Online and Cash Credit, Returns (refunds), Net Sold (credit less refunds), Expense and
 * Profit (Net Sold − Bought − Expense); the totals, the return percentage (returns × 100 / cost of the goods
 * billed) and the PDF. The figures are shared/figures.ts's.
 */
export default function YearlyReturnsScreen() {
  return (
    <Page
      title="Yearly Returns"
      description="Month by month: what was bought, sold, refunded and spent, and the profit."
      actions={
        <BackButton />
      }
    >
      <RequireFeature anyOf={['YearlyReturnList']} what="the yearly returns">
        <YearlyReturns />
      </RequireFeature>
    </Page>
  );
}

const BASIS_OPTIONS = [
  { value: 'financial', label: 'Financial year (Apr–Mar)' },
  { value: 'calendar', label: 'Calendar year' },
];

function YearlyReturns() {
  const [params, setParams] = useSearchParams();
  const basis: YearBasis = params.get('basis') === 'calendar' ? 'calendar' : 'financial';
  const latest = basis === 'financial' ? currentFinancialYear(new Date()) : currentPeriod().year;
  const years = Array.from({ length: RETURN_YEARS }, (_, i) => latest - i);
  const asked = Number(params.get('year'));
  const year = years.includes(asked) ? asked : latest;
  const label = basis === 'financial' ? financialYearLabel(year) : String(year);
  const report = useYearlyReturns(year, basis);
  const { busy, problem, download } = useDownload();
  const data = report.data;
  const t = data?.totals;
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const TableOfMonths = compact ? CompactMonths : WideMonths;

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Year type"
            data={BASIS_OPTIONS}
            value={basis}
            onChange={(next) => setParams({ basis: next }, { replace: true })}
          />
          <Select
            label="Year"
            data={years.map((y) => ({ value: String(y), label: basis === 'financial' ? financialYearLabel(y) : String(y) }))}
            value={String(year)}
            onChange={(v) => v && setParams({ basis, year: v }, { replace: true })}
            allowDeselect={false}
            w={140}
          />
        </Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          disabled={!data}
          onClick={() => void download(() => yearlyReturnsPdf(year, basis), datedFileName('Yearly_Return'))}
        >
          Download PDF
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <section aria-label={`Totals of ${label}`}>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
          <Figure label="Sold (money received)" value={t && formatRupees(t.grossSold)} />
          <Figure label="Returns" value={t && formatRupees(t.returns)} />
          <Figure label="Net sold" value={t && formatRupees(t.soldAmount)} />
          {t?.onAccount !== undefined && <Figure label="Net sold on account" value={formatRupees(t.onAccount)} />}
          {t?.duesCollected !== undefined && <Figure label="Dues collected" value={formatRupees(t.duesCollected)} />}
          {t?.writtenOff ? <Figure label="Dues written off" value={formatRupees(t.writtenOff)} /> : null}
          <Figure label="Bought" value={t && formatRupees(t.boughtAmount)} />
          <Figure label="Expense" value={t && formatRupees(t.expense)} />
          <Figure label="Profit" value={data && formatRupees(data.profit)} tone={(data?.profit ?? 0) < 0 ? 'loss' : 'gain'} />
          <Figure label="Return %" value={data && percentText(data.returnPercentage)} />
        </SimpleGrid>
      </section>
      <MethodFigures byMethod={data?.byMethod} />
      <TableOfMonths year={label} withYear={basis === 'financial'} rows={data?.rows} totals={t} loading={report.isPending} />
      {t && (
        <Text size="sm" c="dimmed">
          Net Sold = money received {formatRupees(t.grossSold)} − refunds {formatRupees(t.returns)} (goods paid with points,{' '}
          {formatRupees(t.pointsRedeemed)}, are not counted as sold).{' '}
          {t.onAccount === undefined
            ? 'Profit = Net Sold − Bought − Expense.'
            : 'On Account = goods sold on customers’ accounts less returns credited back: sold, no money received, so in no credit column. Dues Collected = money customers paid against their accounts: in the takings, never sold, so not in the profit. Profit = Net Sold + On Account − Bought − Expense − dues written off.'}{' '}
          Return % = returns × 100 / cost of the goods billed {formatRupees(t.cost)}.
        </Text>
      )}
    </>
  );
}

/** A month's name, with its year in a financial year (which spans two). */
const monthName = (transactionMonth: string, withYear: boolean) =>
  `${MONTHS[Number(transactionMonth.slice(5, 7)) - 1]}${withYear ? ` ${transactionMonth.slice(0, 4)}` : ''}`;

interface MonthsProps {
  /** `2026` or `FY 2026-27`. */
  year: string;
  withYear: boolean;
  rows: YearlyRow[] | undefined;
  totals: Figures | undefined;
  loading: boolean;
}

function WideMonths({ year, withYear, rows, totals, loading }: MonthsProps) {
  const columns = totals?.onAccount !== undefined ? CREDIT_COLUMNS : COLUMNS;
  return (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={`Yearly returns of ${year}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Month</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.key} scope="col" ta="right">
                      {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableRows loading={loading} rows={rows} span={columns.length + 1} empty={<>No months of {year} yet.</>}>
                  {(row) => (
                    <Table.Tr key={row.transactionMonth}>
                      <Table.Th scope="row" fw={500}>
                        {monthName(row.transactionMonth, withYear)}
                      </Table.Th>
                      {columns.map((c) => (
                        <Table.Td key={c.key} ta="right" c={c.key === 'profit' && row.profit < 0 ? 'red.7' : undefined}>
                          {formatRupees(row[c.key] ?? 0)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  )}
                </TableRows>
              </Table.Tbody>
              {totals && (
                <Table.Tfoot>
                  <Table.Tr fw={700} aria-label="Totals">
                    <Table.Th scope="row">Total</Table.Th>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta="right" data-total={c.key}>
                        {formatRupees(totals[c.key] ?? 0)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
        </Paper>
  );
}

/** On a phone: Month with its credits and returns, then Sold over Bought and Expense over Profit. */
function CompactMonths({ year, withYear, rows, totals, loading }: MonthsProps) {
  const cells = (label: string, r: Figures) => (
    <>
      <Table.Th scope="row" fw={label === 'Total' ? 700 : 500}>
        <Text size="sm" fw="inherit">
          {label}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          Online {formatRupees(r.onlineCredit)} · Cash {formatRupees(r.cashCredit)} · Returns {formatRupees(r.returns)}
        </Text>
      </Table.Th>
      <Table.Td ta="right">
        <Stack gap={0} align="flex-end">
          <Text size="sm">{formatRupees(r.soldAmount)}</Text>
          <Text size="xs" c="dimmed">
            {formatRupees(r.boughtAmount)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        <Stack gap={0} align="flex-end">
          <Text size="sm">{formatRupees(r.expense)}</Text>
          <Text size="xs" c={r.profit < 0 ? 'red.7' : 'teal.7'}>
            {formatRupees(r.profit)}
          </Text>
        </Stack>
      </Table.Td>
    </>
  );
  return (
    <Paper withBorder>
      <Table striped verticalSpacing="xs" aria-label={`Yearly returns of ${year}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            <Table.Th scope="col" ta="right">
              Net Sold / Bought
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Expense / Profit
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableRows loading={loading} rows={rows} span={3} empty={<>No months of {year} yet.</>}>
            {(row) => <Table.Tr key={row.transactionMonth}>{cells(monthName(row.transactionMonth, withYear), row)}</Table.Tr>}
          </TableRows>
        </Table.Tbody>
        {totals && (
          <Table.Tfoot>
            <Table.Tr fw={700} aria-label="Totals">
              {cells('Total', totals)}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Paper>
  );
}
