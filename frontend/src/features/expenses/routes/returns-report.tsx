import { Alert, Box, Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { RETURN_YEARS, returnSearchText, type ReturnRow } from '../../../../../shared/schemas/expense.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SearchBox } from '../../../components/search-box.js';
import { returnsPdf, useReturnCount, useReturnRows, useReturnsSummary } from '../api/expenses.js';
import { Figure } from '../components/figure.js';
import { MONTHS, percentText, financialPeriodFrom, recentFinancialYears } from '../../../components/period.js';
import { PeriodSelect } from '../../../components/period-select.js';
import { datedFileName, useDownload } from '../components/use-download.js';
import { BackButton } from '../../../components/back-links.js';

/**
 * Returns report (/return, spec 3 sections 2, 3 and 9): month and year (the last 8 years, months up to the current
 * one), the summary row with the return percentage (returns × 100 / cost), the month's rows per day and payment
 * mode in pages of 5 or all at once (Full View), search by payment mode or date, and the PDF
 * (Return_List_<d>_<m>_<y>.pdf).
 */
export default function ReturnsReportScreen() {
  return (
    <Page
      title="Returns"
      description="Sales, cost and refunds of a month, day by day."
      actions={
        <BackButton />
      }
    >
      <RequireFeature anyOf={['ReturnList']} what="the returns report">
        <ReturnsReport />
      </RequireFeature>
    </Page>
  );
}

function ReturnsReport() {
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useSearchParams();
  const years = recentFinancialYears(RETURN_YEARS);
  const period = financialPeriodFrom(params, RETURN_YEARS, true);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [fullView, setFullView] = useState(false);
  const { busy, problem, download } = useDownload();

  const summary = useReturnsSummary(period);
  const count = useReturnCount(period, search);
  const total = count.data ?? 0;
  const lastPage = pageCount(total);
  const shownPage = Math.min(page, lastPage);
  const rows = useReturnRows(period, search, shownPage, fullView);

  useEffect(() => {
    if (count.data !== undefined && page > lastPage) setPage(lastPage);
  }, [count.data, page, lastPage]);

  const choose = (next: { month: number; year: number }) => {
    setParams({ month: String(next.month), year: String(next.year) }, { replace: true });
    setPage(1);
  };
  const monthName = `${MONTHS[period.month - 1]} ${period.year}`;
  const s = summary.data;

  const columns: Column<ReturnRow>[] = compact
    ? [
        {
          key: 'day',
          header: 'Day',
          render: (r) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {r.returnId}. {formatDate(r.transactionDate)}
              </Text>
              <Text size="xs" c="dimmed">
                {r.paymentMode} · {r.transaction} bill{r.transaction === 1 ? '' : 's'}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'figures',
          header: 'Sold / Cost / Returns',
          align: 'right',
          render: (r) => (
            <Stack gap={0} align="flex-end">
              <Text size="sm">{formatRupees(r.credit)}</Text>
              <Text size="xs" c="dimmed">
                {formatRupees(r.debit)}
              </Text>
              <Text size="xs" c={r.returns ? 'red.7' : 'dimmed'}>
                {formatRupees(r.returns)}
              </Text>
            </Stack>
          ),
        },
      ]
    : [
        { key: 'id', header: 'Id', align: 'right', render: (r) => r.returnId },
        { key: 'date', header: 'Date', render: (r) => formatDate(r.transactionDate) },
        { key: 'transaction', header: 'Transaction', align: 'right', render: (r) => r.transaction },
        { key: 'mode', header: 'Payment Mode', render: (r) => r.paymentMode },
        { key: 'credit', header: 'Sold', align: 'right', render: (r) => formatRupees(r.credit) },
        { key: 'debit', header: 'Cost', align: 'right', render: (r) => formatRupees(r.debit) },
        { key: 'returns', header: 'Returns', align: 'right', render: (r) => formatRupees(r.returns) },
      ];

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <PeriodSelect month={period.month} year={period.year} years={years} upToNow byFinancialYear onChange={choose} />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          onClick={() => void download(() => returnsPdf(period), datedFileName('Return_List'))}
        >
          Download PDF
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <section aria-label="Summary">
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
          <Figure label="Transactions" value={s && String(s.transaction)} />
          <Figure label="Sold (money received)" value={s && formatRupees(s.credit)} />
          <Figure label="Returns (refunded)" value={s && formatRupees(s.returns)} />
          <Figure label="Net sold" value={s && formatRupees(s.net)} />
          <Figure label="Points redeemed" value={s && formatRupees(s.pointsRedeemed)} />
          <Figure label="Cost" value={s && formatRupees(s.debit)} />
          <Figure label="Return %" value={s && percentText(s.returnPercentage)} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          Net sold = sold − returns; a return is counted on the day of its refund. Goods paid with points are not counted as sold.
        </Text>
      </section>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Box flex={1} miw={260} maw={480}>
          <SearchBox
            label="Search by payment mode or date"
            placeholder="Cash, Online or dd/mm/yyyy"
            onSearch={(text) => {
              setSearch(returnSearchText.safeParse(text).data ?? text.slice(0, 20));
              setPage(1);
            }}
            onClear={() => {
              setSearch('');
              setPage(1);
            }}
          />
        </Box>
        <SegmentedControl
          data={[
            { value: 'pages', label: 'Pages' },
            { value: 'full', label: 'Full View' },
          ]}
          value={fullView ? 'full' : 'pages'}
          onChange={(v) => setFullView(v === 'full')}
          aria-label="How many rows"
        />
      </Group>
      <PagedTable
        caption={`Returns of ${monthName}`}
        columns={columns}
        rows={rows.data}
        rowKey={(r) => r.returnId}
        page={fullView ? 1 : shownPage}
        total={total}
        onPageChange={setPage}
        paged={!fullView}
        loading={rows.isPending || count.isPending}
        emptyText={search ? `No row of ${monthName} matches “${search}”.` : `No sales or returns in ${monthName}.`}
        minWidth={compact ? 300 : 720}
      />
    </>
  );
}
