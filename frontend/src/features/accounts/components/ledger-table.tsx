import { Button, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { LedgerEntry } from '../../../../../shared/schemas/account.js';
import { useLedger } from '../api/accounts.js';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  bill: 'Bill on account',
  payment: 'Payment received',
  return: 'Return credited',
  writeOff: 'Written off',
};

/** What an entry was: the bill's invoice, the payment's parts, the write-off's reason. */
function detailOf(e: LedgerEntry): string {
  const parts = [
    e.invoiceNumber ? `Invoice ${e.invoiceNumber}` : e.purchaseId !== undefined ? `Bill ${e.purchaseId}` : '',
    e.returnId !== undefined ? `return ${e.returnId}` : '',
    e.tenders?.map((t) => `${t.label} ${formatRupees(t.amount)}${t.reference ? ` (ref ${t.reference})` : ''}`).join(' + ') ?? '',
    e.advance ? 'advance' : '',
    e.approvedBy ? `approved by ${e.approvedBy}` : '',
    e.reason ?? '',
    e.note ?? '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The customer's ledger, newest first, each entry with the balance after it; "Show more" reads the next page. */
export function LedgerTable({ customerId }: { customerId: number }) {
  const ledger = useLedger(customerId);
  const entries = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  if (ledger.isPending) return <Text c="dimmed">Loading the ledger…</Text>;
  if (!entries.length) return <Text c="dimmed">No entries yet.</Text>;
  return (
    <Stack gap="xs">
      <Table striped data-ledger>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>No.</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.entryNo}>
              <Table.Td>{e.entryNo}</Table.Td>
              <Table.Td>{formatDateTime(e.at)}</Table.Td>
              <Table.Td>{KIND_LABELS[e.kind]}</Table.Td>
              <Table.Td>{detailOf(e)}</Table.Td>
              <Table.Td ta="right">{formatRupees(e.amount)}</Table.Td>
              <Table.Td ta="right">{formatRupees(e.balanceAfter)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {ledger.hasNextPage && (
        <Button variant="default" onClick={() => void ledger.fetchNextPage()} loading={ledger.isFetchingNextPage} w="fit-content">
          Show more
        </Button>
      )}
    </Stack>
  );
}
