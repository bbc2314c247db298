import { Alert, Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import { BackButton } from '../../../components/back-links.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PeriodSelect } from '../../../components/period-select.js';
import { currentPeriod } from '../../../components/period.js';
import { useClosesPage, useTillMonth, type MonthYear } from '../api/tills.js';
import { useUncountedUpiCount } from '../api/upi-refunds.js';
import { DifferenceBadge } from '../components/session-figures.js';
import { NextPrevious } from '../../../components/next-previous.js';

const YEARS = 5;

function CashierTotals({ period }: { period: MonthYear }) {
  const month = useTillMonth(period);
  const data = month.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Table aria-label="Closes per cashier">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cashier</Table.Th>
            <Table.Th ta="right">Closes</Table.Th>
            <Table.Th ta="right">Short</Table.Th>
            <Table.Th ta="right">Over</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.cashiers.map((c) => (
            <Table.Tr key={c.cashier}>
              <Table.Td>{c.cashier}</Table.Td>
              <Table.Td ta="right">{c.closes}</Table.Td>
              <Table.Td ta="right" c={c.short > 0 ? 'red' : undefined}>
                {formatRupees(c.short)}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(c.over)}</Table.Td>
            </Table.Tr>
          ))}
          {data && !data.cashiers.length && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">No till was closed this month.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {data && data.cashiers.length > 0 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">{data.closes}</Table.Th>
              <Table.Th ta="right" aria-label="Total short">
                {formatRupees(data.short)}
              </Table.Th>
              <Table.Th ta="right">{formatRupees(data.over)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Paper>
  );
}

function ClosesList({ period }: { period: MonthYear }) {
  const [page, setPage] = useState(1);
  const list = useClosesPage(period, page);
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label="Closes of the month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Closed</Table.Th>
            <Table.Th>Till</Table.Th>
            <Table.Th>Cashier</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Counted</Table.Th>
            <Table.Th>Over / short</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.sessionId}>
              <Table.Td>
                <Anchor component={Link} to={`/tillCloses/${s.sessionId}`}>
                  {formatDateTime(s.closedAt)}
                </Anchor>
              </Table.Td>
              <Table.Td>{s.tillName}</Table.Td>
              <Table.Td>{s.cashier}</Table.Td>
              <Table.Td ta="right">{formatRupees(s.expected)}</Table.Td>
              <Table.Td ta="right">{formatRupees(s.counted ?? 0)}</Table.Td>
              <Table.Td>
                <DifferenceBadge difference={s.difference ?? 0} />
              </Table.Td>
              <Table.Td>{s.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
          {!list.isPending && !rows.length && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed">No closes</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <NextPrevious page={page} hasNext={list.data?.hasNext} onPage={setPage} />
    </Stack>
  );
}

/** The UPI payments a till's QR code received and did not count, still to refund: told until they are. */
function UpiToRefund() {
  const count = useUncountedUpiCount();
  const open = count.data?.open ?? 0;
  if (!open) return null;
  return (
    <Alert color="orange" title={open === 1 ? '1 UPI payment to refund' : `${open} UPI payments to refund`}>
      A customer paid by a till&apos;s UPI QR code and the money was not counted on the bill (a different amount, or paid twice).{' '}
      <Anchor component={Link} to="/upiRefunds">
        {open === 1 ? 'Refund it' : 'Refund them'}
      </Anchor>
    </Alert>
  );
}

/** Every close of a month, per cashier with the shorts totalled, then each close, newest first (docs/point-of-sale.md). */
export default function TillClosesScreen() {
  const [period, setPeriod] = useState<MonthYear>(() => currentPeriod());
  const now = currentPeriod();
  const years = Array.from({ length: YEARS }, (_, i) => now.year - i);
  return (
    <Page title="Till closes" description="Every close of the month, per cashier, with what was short." size="xl" actions={<BackButton />}>
      <RequireFeature anyOf={['TillCloses']} what="the till closes">
        <Stack gap="md">
          <UpiToRefund />
          <PeriodSelect month={period.month} year={period.year} years={years} upToNow onChange={setPeriod} />
          <CashierTotals period={period} />
          <ClosesList key={`${period.month}-${period.year}`} period={period} />
        </Stack>
      </RequireFeature>
    </Page>
  );
}
