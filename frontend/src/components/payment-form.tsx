import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime, formatPaise, formatRupees } from '../../../shared/format.js';
import { toPaise } from '../../../shared/money.js';
import { PAYMENT_METHODS, type AccountPaymentBody } from '../../../shared/schemas/account.js';
import { MAX_TENDERS, TENDER_LABELS } from '../../../shared/tenders.js';
import { isApiError } from '../lib/api-client.js';

type Method = (typeof PAYMENT_METHODS)[number];
const newKey = () => crypto.randomUUID();

const paise = (amount: number | string) => {
  try {
    return amount === '' ? 0 : toPaise(amount);
  } catch {
    return 0;
  }
};

/** A payment as it is receipted: by the server (its ledger entry's number) or kept on the device (its provisional number). */
export interface PaymentReceived {
  /** The ledger entry's number, once the server recorded it. */
  entryNo?: number;
  /** The device's number of a payment received offline, sent when the network is back. */
  provisionalNumber?: string;
  /** What the customer paid, in rupees. */
  amount: number;
  /** The balance on account after it (the device's copy for a payment kept offline). */
  balanceAfter: number;
  at: string;
  tenders: { label: string; amount: number; reference?: string }[];
  advance?: boolean;
}

export type PaymentIn = Pick<AccountPaymentBody, 'tenders' | 'advance' | 'note'> & { idempotencyKey: string };

/**
 * A payment against the balance (docs/customer-credit.md): any method, split allowed ("₹500 cash, ₹700 UPI"); more
 * than is owed only as an advance. Saved once per key, however often the cashier presses Save; `receive` records it
 * (the server, or the till's queue without a network).
 */
export function PaymentForm({ owes, receive, onPaid }: { owes: number; receive: (body: PaymentIn) => Promise<PaymentReceived>; onPaid: (received: PaymentReceived) => void }) {
  const [parts, setParts] = useState<{ method: Method; amount: number | string }[]>([{ method: 'cash', amount: owes > 0 ? owes / 100 : '' }]);
  const [advance, setAdvance] = useState(false);
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const total = parts.reduce((sum, p) => sum + paise(p.amount), 0);
  const set = (i: number, change: Partial<(typeof parts)[number]>) => setParts(parts.map((p, j) => (j === i ? { ...p, ...change } : p)));

  const save = async () => {
    if (busy) return;
    setError(undefined);
    setBusy(true);
    try {
      const received = await receive({
        tenders: parts.map((p) => ({ method: p.method, amount: Number(p.amount) })),
        advance,
        ...(note.trim() ? { note: note.trim() } : {}),
        idempotencyKey: key,
      });
      setKey(newKey());
      setParts([{ method: 'cash', amount: '' }]);
      onPaid(received);
    } catch (e) {
      setError(isApiError(e) || e instanceof PaymentNotKept ? e.message : 'The payment could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-payment-form>
      {parts.map((part, i) => (
        <Group key={i} gap="xs" align="flex-end">
          <Select
            label={i === 0 ? 'Paid by' : undefined}
            aria-label={`Payment part ${i + 1} method`}
            w={150}
            allowDeselect={false}
            value={part.method}
            onChange={(v) => v && set(i, { method: v as Method })}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: TENDER_LABELS[m] }))}
          />
          <NumberInput aria-label={`Payment part ${i + 1} amount`} w={140} min={0} decimalScale={2} prefix="₹" value={part.amount} onChange={(v) => set(i, { amount: v })} />
          {parts.length > 1 && (
            <ActionIcon variant="subtle" color="gray" aria-label={`Remove payment part ${i + 1}`} onClick={() => setParts(parts.filter((_, j) => j !== i))}>
              <IconX size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group gap="sm">
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={parts.length >= MAX_TENDERS} onClick={() => setParts([...parts, { method: 'upi', amount: '' }])}>
          Add part
        </Button>
        <Text size="sm">Total {formatPaise(total)}</Text>
      </Group>
      <Checkbox label="Keep what is paid beyond the dues as an advance" checked={advance} onChange={(e) => setAdvance(e.currentTarget.checked)} />
      <TextInput label="Note" maxLength={200} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button onClick={() => void save()} loading={busy} disabled={total <= 0}>
          Receive payment
        </Button>
      </Group>
    </Stack>
  );
}

/** A payment the device would not keep (more than the device's copy says is owed, no shop signed in): its message is shown. */
export class PaymentNotKept extends Error {}

/** The receipt of a payment against the balance, printed from the screen; provisional while it waits on the device. */
export function PaymentReceipt({ received, customerName }: { received: PaymentReceived; customerName: string }) {
  return (
    <Paper withBorder p="md" data-payment-receipt>
      <Stack gap={4}>
        <Title order={3}>{received.provisionalNumber ? `Provisional receipt ${received.provisionalNumber}` : `Receipt of payment No. ${received.entryNo}`}</Title>
        {received.provisionalNumber && <Text size="sm">Received without a network: kept on this device and sent when the network is back.</Text>}
        <Text>
          Received {formatRupees(received.amount)} from {customerName} on {formatDateTime(received.at)}
          {received.advance ? ' (with an advance)' : ''}
        </Text>
        {received.tenders.map((t, i) => (
          <Text key={i} size="sm">
            {t.label} {formatRupees(t.amount)}
            {t.reference ? ` (ref ${t.reference})` : ''}
          </Text>
        ))}
        <Text fw={600}>Balance on account now {formatRupees(received.balanceAfter)}</Text>
        <Group>
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A payment the server recorded, as its receipt shows it. */
export const receivedOfEntry = (entry: { entryNo: number; amount: number; balanceAfter: number; at: string; tenders?: { label: string; amount: number; reference?: string }[]; advance?: boolean }): PaymentReceived => ({
  entryNo: entry.entryNo,
  amount: -entry.amount,
  balanceAfter: entry.balanceAfter,
  at: entry.at,
  tenders: entry.tenders ?? [],
  ...(entry.advance ? { advance: true } : {}),
});
