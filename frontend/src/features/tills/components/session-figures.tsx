import { Badge, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { TillSession } from '../../../../../shared/schemas/till.js';

/** Over or short as the cashier reads it: "Short ₹5.00", "Over ₹2.00", "As expected". */
export function differenceText(difference: number): string {
  if (difference < 0) return `Short ${formatRupees(-difference)}`;
  if (difference > 0) return `Over ${formatRupees(difference)}`;
  return 'As expected';
}

export function DifferenceBadge({ difference }: { difference: number }) {
  return (
    <Badge color={difference < 0 ? 'red' : difference > 0 ? 'yellow' : 'green'} variant="light">
      {differenceText(difference)}
    </Badge>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'} aria-label={label}>
        {value}
      </Text>
    </Stack>
  );
}

/** The session's cash and how it got there, and what other methods took (not in the drawer). */
export function SessionFigures({ session }: { session: TillSession }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Till {session.tillName} · {session.cashier} · opened {formatDateTime(session.openedAt)} · {session.bills} bill{session.bills === 1 ? '' : 's'}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Figure label="Opening float" value={formatRupees(session.openingFloat)} />
          <Figure label="Cash sales" value={formatRupees(session.cashSales)} />
          <Figure label="Cash refunds" value={`−${formatRupees(session.cashRefunds)}`} />
          <Figure label="Pay-ins" value={formatRupees(session.payIns)} />
          <Figure label="Pay-outs" value={`−${formatRupees(session.payOuts)}`} />
          <Figure label="Expected in the drawer" value={formatRupees(session.expected)} strong />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="UPI" value={formatRupees(session.upiSales)} />
          <Figure label="Card" value={formatRupees(session.cardSales)} />
          <Figure label="Other online" value={formatRupees(session.otherSales)} />
          <Figure label="Refunds not in cash" value={`−${formatRupees(session.otherRefunds)}`} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The pay-ins and pay-outs of a session, in the order they were made. */
export function MovesTable({ session }: { session: TillSession }) {
  const moves = session.moves ?? [];
  if (!moves.length) return null;
  return (
    <Table striped withTableBorder aria-label="Pay-ins and pay-outs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {moves.map((m) => (
          <Table.Tr key={m.moveId}>
            <Table.Td>{formatDateTime(m.at)}</Table.Td>
            <Table.Td>{m.kind === 'in' ? 'Pay-in' : m.expenseId ? `Pay-out (expense ${m.expenseId})` : 'Pay-out'}</Table.Td>
            <Table.Td>{m.reason}</Table.Td>
            <Table.Td ta="right">{m.kind === 'in' ? formatRupees(m.amount) : `−${formatRupees(m.amount)}`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
