import { Alert, Anchor, Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatPaise, formatRupees } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { TillSession } from '../../../../../shared/schemas/till.js';
import { CLOSE_MESSAGES, closeProblem, countedTotal, overShort, type DrawerCount } from '../../../../../shared/till.js';
import { errorText, TillCard } from '../components/till-card.js';
import { BackButton } from '../../../components/back-links.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { isApiError, NO_ANSWER } from '../../../lib/api-client.js';
import { getSession } from '../../../lib/session.js';
// The device's queue is the till's: the close waits for the bills on it, and an opening made offline waits there too.
import { keepOpening, pendingOpening, sendPendingOpening, type PendingOpening } from '../../billing/offline/till-opening.js';
import { deviceQueueStore, onQueueChange, sendWaitingBills } from '../../billing/offline/till-queue.js';
import { isUnsent, type QueuedBill } from '../../billing/offline/queue.js';
import { downloadClose, useCashMove, useCloseTill, useCurrentSession, useOpenTill } from '../api/tills.js';
import { DrawerCountFields } from '../components/drawer-count.js';
import { DifferenceBadge, differenceText, MovesTable, SessionFigures } from '../components/session-figures.js';

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''));

/** The bills of this shop still waiting on this device to be sent. */
function useWaitingBills(tenantId: string | undefined) {
  const [bills, setBills] = useState<QueuedBill[]>([]);
  const refresh = useCallback(async () => {
    if (!tenantId) return;
    setBills((await deviceQueueStore.all()).filter((b) => b.tenantId === tenantId && isUnsent(b)));
  }, [tenantId]);
  useEffect(() => {
    void refresh();
    return onQueueChange(() => void refresh());
  }, [refresh]);
  return { bills, refresh };
}

function OpenTill({ onOffline }: { onOffline: (opening: PendingOpening) => void }) {
  const open = useOpenTill();
  const [tillName, setTillName] = useState('');
  const [openingFloat, setFloat] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    const body = { tillName: tillName.trim(), openingFloat: Number(openingFloat || 0), key: newKey(), openedAt: new Date().toISOString() };
    try {
      await open.mutateAsync(body);
    } catch (error) {
      const session = getSession();
      if (isApiError(error, NO_ANSWER) && session?.tenant) {
        const opening = { ...body, tenantId: session.tenant.tenantId, userName: session.userName };
        await keepOpening(opening);
        onOffline(opening);
        return;
      }
      setProblem(errorText(error, 'The till could not be opened.'));
    }
  };
  return (
    <TillCard title="Open the till" problem={problem}>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Till" description="Its name or number" value={tillName} onChange={(e) => setTillName(e.currentTarget.value)} maxLength={30} required />
        <NumberInput label="Opening float (₹)" description="The cash put in the drawer" value={openingFloat} onChange={setFloat} min={0} decimalScale={2} allowNegative={false} required />
        <Button onClick={() => void submit()} loading={open.isPending} disabled={!tillName.trim()}>
          Open till
        </Button>
      </Group>
    </TillCard>
  );
}

function CashMove({ session }: { session: TillSession }) {
  const move = useCashMove(session.sessionId);
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [asExpense, setAsExpense] = useState(false);
  const [expenseName, setExpenseName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    try {
      await move.mutateAsync({ kind, amount: Number(amount || 0), reason: reason.trim(), ...(kind === 'out' && asExpense ? { expenseName: expenseName.trim() || reason.trim() } : {}) });
      setAmount('');
      setReason('');
      setExpenseName('');
      setAsExpense(false);
    } catch (error) {
      setProblem(errorText(error, 'The cash move could not be saved.'));
    }
  };
  return (
    <TillCard title="Pay-in or pay-out" problem={problem}>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Pay-in or pay-out"
          value={kind}
          onChange={(v) => setKind(v as 'in' | 'out')}
          data={[
            { value: 'out', label: 'Pay-out' },
            { value: 'in', label: 'Pay-in' },
          ]}
        />
        <NumberInput label="Amount (₹)" value={amount} onChange={setAmount} min={0} decimalScale={2} allowNegative={false} required />
        <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} required />
      </Group>
      {kind === 'out' && (
        <Group align="flex-end" wrap="wrap">
          <Checkbox label="Record as an expense paid in cash" checked={asExpense} onChange={(e) => setAsExpense(e.currentTarget.checked)} />
          {asExpense && <TextInput label="Expense Name" value={expenseName} onChange={(e) => setExpenseName(e.currentTarget.value)} placeholder={reason} maxLength={100} />}
        </Group>
      )}
      <Group>
        <Button variant="light" onClick={() => void submit()} loading={move.isPending} disabled={!amount || reason.trim().length < 5}>
          {kind === 'in' ? 'Add pay-in' : 'Add pay-out'}
        </Button>
      </Group>
    </TillCard>
  );
}

function WaitingBills({ bills, onSend, sending }: { bills: QueuedBill[]; onSend: () => void; sending: boolean }) {
  return (
    <Alert color="yellow" title="Bills still on this device" role="status">
      <Stack gap="xs">
        <Text size="sm">{CLOSE_MESSAGES.offlineWaiting(bills.length)}</Text>
        <Table aria-label="Bills waiting on this device">
          <Table.Tbody>
            {bills.map((b) => (
              <Table.Tr key={b.idempotencyKey}>
                <Table.Td>{b.provisionalNumber}</Table.Td>
                <Table.Td>{formatDateTime(b.madeOn)}</Table.Td>
                <Table.Td>{b.state.kind === 'signInAgain' ? 'Sign in again to send' : 'Waiting for the network'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button size="xs" onClick={onSend} loading={sending}>
            Send them now
          </Button>
          <Anchor component={Link} to="/purchase/queue" size="sm">
            Bills on this device
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}

function CloseTill({ session, waiting, onSend, sending, onClosed }: { session: TillSession; waiting: QueuedBill[]; onSend: () => void; sending: boolean; onClosed: (closed: TillSession) => void }) {
  const close = useCloseTill(session.sessionId);
  const [count, setCount] = useState<DrawerCount>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const counted = countedTotal(count);
  const difference = overShort(counted, toPaise(session.expected));
  const needsReason = closeProblem(difference, reason);
  const submit = async () => {
    setProblem(null);
    try {
      onClosed(await close.mutateAsync({ count, ...(reason.trim() ? { reason: reason.trim() } : {}), version: session.version }));
    } catch (error) {
      setProblem(errorText(error, 'The till could not be closed.'));
    }
  };
  return (
    <TillCard title="Close the till" hint="Count the drawer note by note and coin by coin." problem={problem}>
      <DrawerCountFields value={count} onChange={setCount} />
      <Group gap="lg">
        <Text>Expected: {formatRupees(session.expected)}</Text>
        <Text>Counted: {formatPaise(counted)}</Text>
        <DifferenceBadge difference={difference / 100} />
      </Group>
      <TextInput
        label="Reason"
        description={difference === 0 ? 'Not needed when the drawer is as expected' : 'Why the drawer is over or short'}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={200}
        required={difference !== 0}
        error={reason && needsReason ? needsReason : undefined}
      />
      {waiting.length > 0 && <WaitingBills bills={waiting} onSend={onSend} sending={sending} />}
      <Group>
        <Button color={difference < 0 ? 'red' : undefined} onClick={() => void submit()} loading={close.isPending} disabled={waiting.length > 0 || Boolean(needsReason)}>
          Close till ({differenceText(difference / 100)})
        </Button>
      </Group>
    </TillCard>
  );
}

function ClosedSummary({ session, onNext }: { session: TillSession; onNext: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const print = (size: 'a4' | 'roll') => downloadClose(session.sessionId, size).catch((error: unknown) => setProblem(errorText(error, 'The close could not be printed.')));
  return (
    <TillCard title={<>Till {session.tillName} closed</>} problem={problem}>
      <Group gap="lg">
        <Text>Expected: {formatRupees(session.expected)}</Text>
        <Text>Counted: {formatRupees(session.counted ?? 0)}</Text>
        <DifferenceBadge difference={session.difference ?? 0} />
      </Group>
      {session.reason && <Text>Reason: {session.reason}</Text>}
      <Text size="sm" c="dimmed">
        {session.mailed ? 'The close was mailed to the owner.' : 'The close could not be mailed to the owner; they see it on Till closes.'}
      </Text>
      <Group>
        <Button variant="default" onClick={() => void print('a4')}>
          Print A4
        </Button>
        <Button variant="default" onClick={() => void print('roll')}>
          Print 80 mm
        </Button>
        <Button variant="light" onClick={onNext}>
          Open the till again
        </Button>
      </Group>
    </TillCard>
  );
}

/**
 * The till (docs/point-of-sale.md, "The day's close"): open it with the float, enter pay-ins and pay-outs during the
 * day, and at close count the drawer against what is expected. The close waits for bills still on this device.
 */
export default function TillScreen() {
  const tenantId = getSession()?.tenant?.tenantId;
  const current = useCurrentSession();
  const { bills: waiting, refresh } = useWaitingBills(tenantId);
  const [offline, setOffline] = useState<PendingOpening | null>(null);
  const [closed, setClosed] = useState<TillSession | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    void pendingOpening().then((p) => setOffline(p && p.tenantId === tenantId ? p : null));
  }, [tenantId]);

  const send = async () => {
    if (!tenantId) return;
    setSending(true);
    try {
      const opened = await sendPendingOpening(tenantId);
      await sendWaitingBills(tenantId, true, true);
      setOffline((await pendingOpening()) ?? null);
      if (opened) await current.refetch();
      await refresh();
      await current.refetch();
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    const back = () => void send();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  });

  const session = current.data;
  const justClosed = closed;
  return (
    <Page title="Till" description="Open the till, pay in and out, and close the day." size="xl" actions={<BackButton />}>
      <RequireFeature anyOf={['PurchaseEdit']} what="the till">
        <Stack gap="md">
          {offline && !session && (
            <Alert color={offline.refused ? 'red' : 'yellow'} title={offline.refused ? 'The till opened offline was refused' : `Till ${offline.tillName} opened on this device`} role="status">
              <Stack gap="xs">
                <Text size="sm">
                  {offline.refused ?? `Opened ${formatDateTime(offline.openedAt)} with ${formatRupees(offline.openingFloat)}; it is sent when the network returns, before the bills made since.`}
                </Text>
                <Group>
                  {!offline.refused && (
                    <Button size="xs" onClick={() => void send()} loading={sending}>
                      Send now
                    </Button>
                  )}
                  {offline.refused && (
                    <Button size="xs" variant="default" onClick={() => void keepOpening(null).then(() => setOffline(null))}>
                      Dismiss
                    </Button>
                  )}
                </Group>
              </Stack>
            </Alert>
          )}
          {current.isError && !offline && <Alert color="red">{errorText(current.error, 'The till could not be read.')}</Alert>}
          {justClosed && !session && <ClosedSummary session={justClosed} onNext={() => setClosed(null)} />}
          {session === null && !offline && !justClosed && <OpenTill onOffline={setOffline} />}
          {session && (
            <>
              <SessionFigures session={session} />
              <MovesTable session={session} />
              <CashMove session={session} />
              <CloseTill session={session} waiting={waiting} onSend={() => void send()} sending={sending} onClosed={setClosed} />
            </>
          )}
        </Stack>
      </RequireFeature>
    </Page>
  );
}
