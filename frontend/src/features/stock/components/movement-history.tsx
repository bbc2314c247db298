import { Badge, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatDateTime } from '../../../../../shared/format.js';
import type { MovementReason, Stock, StockMovement } from '../../../../../shared/schemas/inventory.js';
import { PagedTable, type Column } from '../../../components/paged-table.js';
import { useStockMovements } from '../api/stock.js';

const reasonLabels: Record<MovementReason, { label: string; color: string }> = {
  receipt: { label: 'Received', color: 'teal' },
  upload: { label: 'Uploaded', color: 'blue' },
  edit: { label: 'Edited', color: 'grape' },
  sale: { label: 'Sold', color: 'orange' },
  return: { label: 'Returned', color: 'cyan' },
};

const signed = (delta: number) => (delta > 0 ? `+${delta.toLocaleString('en-IN')}` : `−${Math.abs(delta).toLocaleString('en-IN')}`);

const why = (m: StockMovement) => (
  <Stack gap={2} align="flex-start">
    <Badge variant="light" color={reasonLabels[m.reason].color} size="sm">
      {reasonLabels[m.reason].label}
    </Badge>
    <Text size="xs" c="dimmed">
      {m.ref}
    </Text>
  </Stack>
);
const change = (m: StockMovement) => (
  <Text size="sm" fw={600} c={m.delta < 0 ? 'red.8' : 'teal.8'}>
    {signed(m.delta)}
  </Text>
);
const beforeAfter = (m: StockMovement) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {m.before.toLocaleString('en-IN')} → <b>{m.after.toLocaleString('en-IN')}</b>
  </Text>
);

const columns: Column<StockMovement>[] = [
  { key: 'on', header: 'When', render: (m) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.on)}</Text> },
  { key: 'by', header: 'Who', render: (m) => <Text size="sm">{m.by}</Text> },
  { key: 'why', header: 'Why', render: why },
  { key: 'change', header: 'Change', align: 'right', render: change },
  { key: 'quantity', header: 'Before → After', align: 'right', render: beforeAfter },
];

/** On a phone: why, when and who in one column, the numbers beside them. */
const compactColumns: Column<StockMovement>[] = [
  {
    key: 'movement',
    header: 'Change',
    render: (m) => (
      <Stack gap={4}>
        {why(m)}
        <Text size="xs">{formatDateTime(m.on)}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {m.by}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'quantity',
    header: 'Before → After',
    align: 'right',
    render: (m) => (
      <Stack gap={2} align="flex-end">
        {change(m)}
        {beforeAfter(m)}
      </Stack>
    ),
  },
];

/** Every change of a stock line, newest first: who, when, why, and the quantity before and after. */
export function MovementHistory({ line, onClose }: { line: Stock | null; onClose: () => void }) {
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal opened={line !== null} onClose={onClose} title="Stock history" size="xl" centered fullScreen={compact}>
      {line && <MovementTable key={line.stockId} line={line} compact={compact} />}
    </Modal>
  );
}

function MovementTable({ line, compact }: { line: Stock; compact: boolean }) {
  const [page, setPage] = useState(1);
  const { rows, count } = useStockMovements(line.stockId, page);
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>{line.productName}</Text>
        <Text size="sm" c="dimmed">
          {line.artcode} · {line.quantity.toLocaleString('en-IN')} on the shelf now
        </Text>
      </div>
      <PagedTable
        caption={`Stock history of ${line.productName} (${line.artcode})`}
        columns={compact ? compactColumns : columns}
        rows={rows.data}
        rowKey={(m) => m.version}
        page={page}
        total={count.data ?? 0}
        onPageChange={setPage}
        loading={rows.isPending || count.isPending}
        emptyText="No changes recorded yet."
        minWidth={compact ? 280 : 620}
      />
    </Stack>
  );
}
