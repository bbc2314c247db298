import { Alert, Button, Center, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { financialYearLabel } from '../../../../../shared/financial-year.js';
import { financialYearStart } from '../../../../../shared/gst.js';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import type { MonthlySales as MonthlySalesReport } from '../../../../../shared/schemas/purchase.js';
import { NO_TRANSACTION } from '../../../../../shared/schemas/purchase-messages.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { BackHome } from '../../../components/back-links.js';
import { Page } from '../../../components/page.js';
import { currentPeriod, MONTHS, recentFinancialYears } from '../../../components/period.js';
import { PeriodSelect } from '../../../components/period-select.js';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { monthlyPdf, useMonthlySales } from '../api/billing.js';
import { Figure } from '../components/figure.js';
import { byMethodOf, MethodFigures } from '../../../components/method-figures.js';

/** The year list covers the last 10 years (spec 2 section 2), this one first. */
export const REPORT_YEARS = 10;

export const yearsUpTo = (year: number) => Array.from({ length: REPORT_YEARS }, (_, i) => year - i);

/**
 * Monthly Sales Report (spec 2 section 2): month and year (the last 10 financial years, April to March, or the last 10
 * calendar years as the spec shows them), Search; per day and payment mode
 * Date, Transaction, PaymentMode, Sold and Returns (as its PDF), the Online, Cash and Total sums, the month's
 * figures gross, deductions and net side by side (shared/figures.ts), the cash summary (cash in hand, and the
 * online balance beside it), the PDF, and Back to /home.
 */
export default function MonthlySales() {
  return (
    <Page title="Monthly Sales Report" size="lg">
      <RequireFeature anyOf={['MonthlyPurchaseList', 'ReturnList', 'YearlyReturnList', 'ExpenseList']} what="the monthly sales report">
        <MonthlySalesContent />
      </RequireFeature>
    </Page>
  );
}

const BASIS_OPTIONS = [
  { value: 'financial', label: 'Financial year (Apr–Mar)' },
  { value: 'calendar', label: 'Calendar year' },
];

function MonthlySalesContent() {
  const now = currentPeriod();
  // The year select offers Indian financial years (FY 2026-27, April to March) and, as the spec shows it, the calendar year.
  const [basis, setBasis] = useState<'financial' | 'calendar'>('financial');
  const [picked, setPicked] = useState(now);
  const [shown, setShown] = useState(now);
  const [downloadProblem, setDownloadProblem] = useState<string>();
  const report = useMonthlySales(shown.month, shown.year);
  const data = report.data;
  const financial = basis === 'financial';
  const years = financial ? recentFinancialYears(REPORT_YEARS) : yearsUpTo(now.year);

  const download = async () => {
    setDownloadProblem(undefined);
    try {
      const { blob, fileName } = await monthlyPdf(shown.month, shown.year);
      saveFile(blob, fileName ?? `Sales_Report_${shown.month}_${shown.year}.pdf`);
    } catch (error) {
      setDownloadProblem(isApiError(error) ? error.message : 'The report could not be downloaded.');
    }
  };

  return (
    <>
      <Group align="flex-end" gap="md" wrap="wrap">
        <SegmentedControl aria-label="Year type" data={BASIS_OPTIONS} value={basis} onChange={(next) => setBasis(next === 'calendar' ? 'calendar' : 'financial')} />
        <PeriodSelect month={picked.month} year={picked.year} years={years} byFinancialYear={financial} onChange={setPicked} />
        <Button leftSection={<IconSearch size={16} />} onClick={() => setShown(picked)}>
          Search
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Sales of {MONTHS[shown.month - 1]} {shown.year} ({financialYearLabel(financialYearStart(`${shown.year}-${String(shown.month).padStart(2, '0')}-01`))})
      </Text>
      {downloadProblem && (
        <Alert color="red" role="alert">
          {downloadProblem}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="sm" aria-label="Monthly sales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Transaction</Table.Th>
                <Table.Th>PaymentMode</Table.Th>
                <Table.Th ta="right">Sold</Table.Th>
                <Table.Th ta="right">Returns</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Center py="lg">
                      <Loader size="sm" aria-label="Loading" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : data && data.rows.length > 0 ? (
                data.rows.map((row) => (
                  <Table.Tr key={`${row.transactionDate}-${row.paymentMode}`}>
                    <Table.Td>{formatDate(row.transactionDate)}</Table.Td>
                    <Table.Td ta="right">{row.transaction}</Table.Td>
                    <Table.Td>{row.paymentMode}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.credit)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.returns)}</Table.Td>
                  </Table.Tr>
                ))
              ) : (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {report.isError ? (isApiError(report.error) ? report.error.message : 'The report could not be loaded.') : NO_TRANSACTION}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            {data && (
              <Table.Tfoot>
                <SumRow label="Online" sold={data.online} returns={data.figures.returns.online} />
                <SumRow label="Cash" sold={data.cash} returns={data.figures.returns.cash} />
                <SumRow label="Total" sold={data.total} returns={data.figures.returns.total} strong />
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {data && <MonthFigures data={data} />}
      <Group justify="space-between">
        <BackHome />
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void download()} disabled={!data}>
          Download
        </Button>
      </Group>
    </>
  );
}

function SumRow({ label, sold, returns, strong }: { label: string; sold: number; returns: number; strong?: boolean }) {
  return (
    <Table.Tr fw={strong ? 700 : 500}>
      <Table.Td colSpan={3}>{label}</Table.Td>
      <Table.Td ta="right" aria-label={`${label} sold`}>
        {formatRupees(sold)}
      </Table.Td>
      <Table.Td ta="right" aria-label={`${label} returns`}>
        {formatRupees(returns)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The month's figures, gross, deductions and net side by side, and the cash summary: cash in hand beside the online balance. */
function MonthFigures({ data }: { data: MonthlySalesReport }) {
  const f = data.figures;
  const c = data.cashSummary;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>Sales of the month</Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Figure label="Goods billed" value={f.goodsBilled} />
            {f.deliveryCharges ? <Figure label="Delivery charges" value={f.deliveryCharges} /> : null}
            <Figure label="Points redeemed" value={f.pointsRedeemed} />
            <Figure label="Sold (money received)" value={f.sold.total} />
            <Figure label="Returns (refunded)" value={f.returns.total} />
            <Figure label="Net sold" value={f.netSold.total} />
          </SimpleGrid>
          {f.onAccount && (
            <SimpleGrid cols={{ base: 2, sm: 3 }} aria-label="Customer credit">
              <Figure label="Sold on account (new credit given)" value={f.onAccount.sold} />
              <Figure label="Credited back by returns" value={f.onAccount.returns} />
              <Figure label="Net sold on account" value={f.onAccount.net} />
              <Figure label="Dues collected" value={f.onAccount.duesCollected} />
              {f.onAccount.writtenOff ? <Figure label="Dues written off" value={f.onAccount.writtenOff} /> : null}
            </SimpleGrid>
          )}
          <MethodFigures byMethod={f.onAccount ? byMethodOf(f) : f.byMethod} dues={f.onAccount?.dues} />
          <Text size="xs" c="dimmed">
            Sold = goods billed + storefront delivery charges − points redeemed. Net sold = sold − returns; a return is counted on the day of its refund.
            {f.onAccount &&
              ' Sold on account: the goods left the shop but no money came, so it is in no takings; it counts in the profit. Dues collected are money customers paid against their accounts: takings, never sold.'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>Cash summary</Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Cash takings" value={c.cash.takings} />
            <Figure label="Cash refunds" value={c.cash.refunds} />
            <Figure label="Expenses paid in cash" value={c.cash.expenses} />
            <Figure label="Cash in hand" value={c.cash.inHand} />
            <Figure label="Online takings" value={c.online.takings} />
            <Figure label="Online refunds" value={c.online.refunds} />
            <Figure label="Expenses paid online" value={c.online.expenses} />
            <Figure label="Online balance" value={c.online.balance} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Cash in hand = cash takings − cash refunds − expenses paid in cash. Online money is kept apart.
            {c.cash.dues !== undefined &&
              ` The takings include dues collected: ${formatRupees(c.cash.dues)} in cash, ${formatRupees(c.online.dues ?? 0)} online; goods sold on account are in neither.`}
          </Text>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

