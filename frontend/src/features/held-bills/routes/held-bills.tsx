import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeProblem } from '../../../../../shared/bill-problems.js';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { HeldBill } from '../../../../../shared/schemas/purchase.js';
import { BackButton } from '../../../components/back-links.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PagedTable, type Column } from '../../../components/paged-table.js';
import { useHeldBillPage } from '../api/held-bills.js';
import { HeldStateBadge } from '../components/held-state.js';
import { NextPrevious } from '../../../components/next-previous.js';

/** The till's id is long; its last characters tell tills apart. */
const tillOf = (deviceId: string) => `…${deviceId.slice(-6)}`;

const columns: Column<HeldBill>[] = [
  {
    key: 'number',
    header: 'Provisional No.',
    render: (held) => (
      <Anchor component={Link} to={`/heldBills/${held.key}`}>
        {held.provisionalNumber}
      </Anchor>
    ),
  },
  { key: 'till', header: 'Till', render: (held) => tillOf(held.deviceId) },
  { key: 'cashier', header: 'Cashier', render: (held) => held.sentBy },
  { key: 'made', header: 'Made on', render: (held) => formatDateTime(held.madeOn) },
  { key: 'total', header: 'Total', align: 'right', render: (held) => formatRupees(held.netAmount) },
  {
    key: 'differs',
    header: 'What differs',
    render: (held) =>
      held.problems.map((p) => (
        <Text key={describeProblem(p)} size="sm">
          {describeProblem(p)}
        </Text>
      )),
  },
  { key: 'state', header: 'State', render: (held) => <HeldStateBadge state={held.state} /> },
];

/**
 * Held bills: bills made on a till without network that the server could not save as they were made. Those still
 * waiting come first, newest first; each opens to its problems and the manager's two decisions. The list has no
 * count of its own, so it pages by the server's cursor with Previous and Next.
 */
export default function HeldBillsScreen() {
  const [page, setPage] = useState(1);
  const list = useHeldBillPage(page);
  const rows = list.data?.rows;
  // A phone or a small tablet gets a card a bill, its total and problems in sight, rather than a table to scroll.
  const compact = useMediaQuery('(max-width: 63.99em)') ?? false;
  return (
    <Page title="Held bills" description="Bills made offline that could not be saved as they were made." size="xl" actions={<BackButton />}>
      <RequireFeature anyOf={['HeldBills']} what="held bills">
        <Stack gap="sm">
          {compact ? (
            <HeldBillCards rows={rows} loading={list.isPending} />
          ) : (
            <PagedTable
              caption="Held bills"
              columns={columns}
              rows={rows}
              rowKey={(held) => held.key}
              page={page}
              total={rows?.length ?? 0}
              onPageChange={setPage}
              loading={list.isPending}
              emptyText="No held bills"
              minWidth={900}
              paged={false}
            />
          )}
          <NextPrevious page={page} hasNext={list.data?.hasNext} onPage={setPage} />
        </Stack>
      </RequireFeature>
    </Page>
  );
}

/** The held bills as cards, one a bill: number and state, total, when, till and cashier, what differs. */
function HeldBillCards({ rows, loading }: { rows: HeldBill[] | undefined; loading: boolean }) {
  if (loading || !rows) return <Text c="dimmed">Loading…</Text>;
  if (rows.length === 0) return <Text c="dimmed">No held bills</Text>;
  return (
    <Stack gap="sm" role="list" aria-label="Held bills">
      {rows.map((held) => (
        <Paper key={held.key} withBorder p="sm" role="listitem" aria-label={held.provisionalNumber}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/heldBills/${held.key}`} fw={600}>
                {held.provisionalNumber}
              </Anchor>
              <HeldStateBadge state={held.state} />
            </Group>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{formatDateTime(held.madeOn)}</Text>
              <Text fw={600}>{formatRupees(held.netAmount)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Till {tillOf(held.deviceId)} · {held.sentBy}
            </Text>
            {held.problems.map((p) => (
              <Text key={describeProblem(p)} size="sm">
                {describeProblem(p)}
              </Text>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
