import { ActionIcon, Button, Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPaise } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { LedgerEntry } from '../../../../../shared/schemas/account.js';
import { PAYMENT_METHODS } from '../../../../../shared/schemas/account.js';
import { MAX_TENDERS, TENDER_LABELS } from '../../../../../shared/tenders.js';
import { isApiError } from '../../../lib/api-client.js';
import { useReceivePayment } from '../api/accounts.js';

type Method = (typeof PAYMENT_METHODS)[number];
const newKey = () => crypto.randomUUID();

const paise = (amount: number | string) => {
  try {
    return amount === '' ? 0 : toPaise(amount);
  } catch {
    return 0;
  }
};

/**
 * A payment against the balance at the till (docs/customer-credit.md): any method, split allowed ("₹500 cash, ₹700
 * UPI"); more than is owed only as an advance. Saved once per key, however often the cashier presses Save.
 */
export function PaymentForm({ customerId, owes, onPaid }: { customerId: number; owes: number; onPaid: (entry: LedgerEntry) => void }) {
  const [parts, setParts] = useState<{ method: Method; amount: number | string }[]>([{ method: 'cash', amount: owes > 0 ? owes / 100 : '' }]);
  const [advance, setAdvance] = useState(false);
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string>();
  const pay = useReceivePayment(customerId);
  const total = parts.reduce((sum, p) => sum + paise(p.amount), 0);
  const set = (i: number, change: Partial<(typeof parts)[number]>) => setParts(parts.map((p, j) => (j === i ? { ...p, ...change } : p)));

  const save = async () => {
    setError(undefined);
    try {
      const entry = await pay.mutateAsync({
        tenders: parts.map((p) => ({ method: p.method, amount: Number(p.amount) })),
        advance,
        ...(note.trim() ? { note: note.trim() } : {}),
        idempotencyKey: key,
      });
      setKey(newKey());
      setParts([{ method: 'cash', amount: '' }]);
      onPaid(entry);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The payment could not be saved. Try again.');
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
        <Button onClick={() => void save()} loading={pay.isPending} disabled={total <= 0}>
          Receive payment
        </Button>
      </Group>
    </Stack>
  );
}
