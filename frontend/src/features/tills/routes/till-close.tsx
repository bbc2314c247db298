import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDateTime, formatPaise, formatRupees } from '../../../../../shared/format.js';
import { DENOMINATIONS, denominationLabel, MIN_REASON } from '../../../../../shared/till.js';
import type { TillSession } from '../../../../../shared/schemas/till.js';
import { errorText, TillCard } from '../components/till-card.js';
import { BackButton } from '../../../components/back-links.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useCan } from '../../../lib/use-can.js';
import { downloadClose, useReopenTill, useTillSession } from '../api/tills.js';
import { DifferenceBadge, MovesTable, SessionFigures } from '../components/session-figures.js';


function CountTable({ session }: { session: TillSession }) {
  const counted = DENOMINATIONS.filter((d) => (session.count?.[d.key] ?? 0) > 0);
  if (!counted.length) return null;
  return (
    <Table withTableBorder aria-label="Drawer counted">
      <Table.Tbody>
        {counted.map((d) => (
          <Table.Tr key={d.key}>
            <Table.Td>{denominationLabel(d)}</Table.Td>
            <Table.Td ta="right">× {session.count![d.key]}</Table.Td>
            <Table.Td ta="right">{formatPaise(session.count![d.key]! * d.rupees * 100)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Reopen({ session }: { session: TillSession }) {
  const reopen = useReopenTill(session.sessionId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    try {
      await reopen.mutateAsync({ reason: reason.trim() });
      setReason('');
    } catch (error) {
      setProblem(errorText(error, 'The close could not be reopened.'));
    }
  };
  return (
    <TillCard title="Reopen this close" hint="The cashier can then count and close again; the close leaves the month’s totals until then." problem={problem}>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} required w={360} />
        <Button color="orange" onClick={() => void submit()} loading={reopen.isPending} disabled={reason.trim().length < MIN_REASON}>
          Reopen
        </Button>
      </Group>
    </TillCard>
  );
}

/** One till session: its figures, the drawer as counted, pay-ins and pay-outs, reopens; the owner may reopen it. */
export default function TillCloseScreen() {
  const { id = '' } = useParams();
  const can = useCan();
  const query = useTillSession(id);
  const [problem, setProblem] = useState<string | null>(null);
  const session = query.data;
  const print = (size: 'a4' | 'roll') => downloadClose(id, size).catch((error: unknown) => setProblem(errorText(error, 'The close could not be printed.')));
  return (
    <Page title={session ? `Till ${session.tillName}` : 'Till close'} description={session && `${session.cashier} · ${session.status === 'closed' ? `closed ${formatDateTime(session.closedAt)}` : 'open'}`} size="xl" actions={<BackButton />}>
      <RequireFeature anyOf={['TillCloses', 'PurchaseEdit']} what="till closes">
        <Stack gap="md">
          {query.isError && <Alert color="red">{errorText(query.error, 'The till session could not be read.')}</Alert>}
          {session && (
            <>
              <SessionFigures session={session} />
              {session.status === 'closed' && (
                <Paper withBorder p="md" radius="md">
                  <Stack gap="sm">
                    <Group gap="lg">
                      <Text>Expected: {formatRupees(session.expected)}</Text>
                      <Text>Counted: {formatRupees(session.counted ?? 0)}</Text>
                      <DifferenceBadge difference={session.difference ?? 0} />
                    </Group>
                    {session.reason && <Text>Reason: {session.reason}</Text>}
                    <CountTable session={session} />
                    <Group>
                      <Button variant="default" onClick={() => void print('a4')}>
                        Print A4
                      </Button>
                      <Button variant="default" onClick={() => void print('roll')}>
                        Print 80 mm
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              )}
              <MovesTable session={session} />
              {session.reopens.map((r) => (
                <Text key={r.at} size="sm">
                  Reopened {formatDateTime(r.at)} by {r.by}: {r.reason}
                </Text>
              ))}
              {session.status === 'closed' && can('TillCloses') && <Reopen session={session} />}
              {problem && <Alert color="red">{problem}</Alert>}
            </>
          )}
        </Stack>
      </RequireFeature>
    </Page>
  );
}
