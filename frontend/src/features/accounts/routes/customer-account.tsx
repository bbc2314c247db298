import { Alert, Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { shopDay } from '../../../../../shared/bill.js';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { Approval } from '../../../../../shared/schemas/account.js';
import { DateField } from '../../../components/date-field.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PaymentForm, PaymentReceipt, receivedOfEntry, type PaymentReceived } from '../../../components/payment-form.js';
import { isApiError } from '../../../lib/api-client.js';
import { useCan } from '../../../lib/use-can.js';
import { downloadStatement, remindCustomer, useAccount, useApprove, useReceivePayment, useSetTerms, useWriteOff } from '../api/accounts.js';
import { LedgerTable } from '../components/ledger-table.js';

const messageOf = (e: unknown) => (isApiError(e) ? e.message : 'That did not go through. Try again.');

/** The shop's terms for the customer: may they buy on account, and up to what balance (owner and managers). */
function TermsForm({ customerId, onAccount, limit, version }: { customerId: number; onAccount: boolean; limit: number; version: number }) {
  const [allowed, setAllowed] = useState(onAccount);
  const [amount, setAmount] = useState<number | string>(limit);
  const [told, setTold] = useState<string>();
  const save = useSetTerms(customerId);
  useEffect(() => {
    setAllowed(onAccount);
    setAmount(limit);
  }, [onAccount, limit]);
  return (
    <Stack gap="xs">
      <Checkbox label="May buy on account" checked={allowed} onChange={(e) => setAllowed(e.currentTarget.checked)} />
      <NumberInput label="Credit limit" w={200} min={0} decimalScale={2} prefix="₹" value={amount} onChange={setAmount} />
      <Group>
        <Button
          onClick={() => {
            setTold(undefined);
            save.mutate({ onAccount: allowed, limit: Number(amount) || 0, version }, { onSuccess: () => setTold('Saved.'), onError: (e) => setTold(messageOf(e)) });
          }}
          loading={save.isPending}
        >
          Save terms
        </Button>
        {told && <Text size="sm">{told}</Text>}
      </Group>
    </Stack>
  );
}

/** A manager's one-time code that lets one bill take the customer past the limit. */
function ApprovalForm({ customerId }: { customerId: number }) {
  const [amount, setAmount] = useState<number | string>('');
  const [approval, setApproval] = useState<Approval>();
  const [error, setError] = useState<string>();
  const approve = useApprove(customerId);
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <NumberInput label="A bill may put on account up to" w={220} min={0} decimalScale={2} prefix="₹" value={amount} onChange={setAmount} />
        <Button variant="light" onClick={() => approve.mutate({ amount: Number(amount) || 0 }, { onSuccess: setApproval, onError: (e) => setError(messageOf(e)) })} loading={approve.isPending}>
          Approve over the limit
        </Button>
      </Group>
      {approval && (
        <Text data-approval-code>
          Code <b>{approval.code}</b> for one bill of up to {formatRupees(approval.amount)} on account, until {formatDateTime(approval.expiresAt)}.
        </Text>
      )}
      {error && <Text c="red" size="sm">{error}</Text>}
    </Stack>
  );
}

/** The owner writes dues off with the reason. */
function WriteOffForm({ customerId }: { customerId: number }) {
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [told, setTold] = useState<string>();
  const writeOff = useWriteOff(customerId);
  return (
    <Group align="flex-end">
      <NumberInput label="Write off" w={160} min={0} decimalScale={2} prefix="₹" value={amount} onChange={setAmount} />
      <TextInput label="Reason" w={280} maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <Button
        color="red"
        variant="light"
        loading={writeOff.isPending}
        onClick={() =>
          writeOff.mutate({ amount: Number(amount) || 0, reason }, { onSuccess: (e) => setTold(`Written off; the balance is now ${formatRupees(e.balanceAfter)}.`), onError: (e) => setTold(messageOf(e)) })
        }
      >
        Write off
      </Button>
      {told && <Text size="sm">{told}</Text>}
    </Group>
  );
}


/** The statement of any period, as an A4 PDF or an Excel workbook. */
function StatementForm({ customerId }: { customerId: number }) {
  const today = shopDay(new Date());
  const [from, setFrom] = useState(() => `${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string>();
  const get = (format: 'pdf' | 'xlsx') => {
    setError(undefined);
    if (!from || !to) return setError('Choose the From and To dates.');
    if (from > to) return setError('The start date must not be after the end date.');
    downloadStatement(customerId, from, to, format).catch((e: unknown) => setError(messageOf(e)));
  };
  return (
    <Group align="flex-end">
      <DateField label="From" w={170} value={from} max={today} onChange={setFrom} />
      <DateField label="To" w={170} value={to} max={today} onChange={setTo} />
      <Button variant="default" onClick={() => get('pdf')}>
        Statement PDF
      </Button>
      <Button variant="default" onClick={() => get('xlsx')}>
        Statement Excel
      </Button>
      {error && <Text c="red" size="sm">{error}</Text>}
    </Group>
  );
}

/**
 * Reminds the customer of what they owe, with a UPI link for the exact amount: on WhatsApp, and by e-mail when they
 * have an address; the answer says which went.
 */
function RemindButton({ customerId }: { customerId: number }) {
  const [told, setTold] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Group>
      <Button
        variant="light"
        loading={busy}
        onClick={() => {
          setBusy(true);
          remindCustomer(customerId)
            .then((r) => setTold(r.message), (e: unknown) => setTold(messageOf(e)))
            .finally(() => setBusy(false));
        }}
      >
        Remind
      </Button>
      {told && <Text size="sm" role="status">{told}</Text>}
    </Group>
  );
}

function AccountScreen({ customerId }: { customerId: number }) {
  const can = useCan();
  const account = useAccount(customerId);
  const [paid, setPaid] = useState<PaymentReceived>();
  const pay = useReceivePayment(customerId);
  if (account.isPending) return <Text c="dimmed">Loading…</Text>;
  if (account.isError) return <Alert color="red">{messageOf(account.error)}</Alert>;
  const a = account.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm">Owes</Text>
          <Text fz={24} fw={700} data-account-balance>
            {formatRupees(a.balance)}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm">Credit limit</Text>
          <Text fz={24} fw={700}>
            {a.onAccount ? formatRupees(a.limit) : 'Not on account'}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm">Customer</Text>
          <Text fw={600}>
            {a.customerName} ({a.mobileNumber})
          </Text>
        </Paper>
      </SimpleGrid>
      {can('PurchaseEdit', 'CustomerCredit') && (
        <Paper withBorder p="md">
          <Title order={2} fz={18} mb="sm">
            Take a payment
          </Title>
          {paid ? (
            <Stack>
              <PaymentReceipt received={paid} customerName={a.customerName} />
              <Button variant="light" w="fit-content" onClick={() => setPaid(undefined)}>
                Another payment
              </Button>
            </Stack>
          ) : (
            <PaymentForm owes={Math.round(a.balance * 100)} receive={async (body) => receivedOfEntry(await pay.mutateAsync(body))} onPaid={setPaid} />
          )}
        </Paper>
      )}
      {can('CustomerCredit') && (
        <Paper withBorder p="md">
          <Title order={2} fz={18} mb="sm">
            Terms
          </Title>
          {a.balance > 0 && <RemindButton customerId={customerId} />}
          <TermsForm customerId={customerId} onAccount={a.onAccount} limit={a.limit} version={a.version} />
          <Title order={3} fz={16} mt="md" mb="xs">
            Manager&apos;s approval
          </Title>
          <ApprovalForm customerId={customerId} />
        </Paper>
      )}
      {can('CreditWriteOff') && (
        <Paper withBorder p="md">
          <WriteOffForm customerId={customerId} />
        </Paper>
      )}
      {can('CustomerCredit', 'CustomerView') && (
        <Paper withBorder p="md">
          <Title order={2} fz={18} mb="sm">
            Ledger and statement
          </Title>
          <StatementForm customerId={customerId} />
          <LedgerTable customerId={customerId} />
        </Paper>
      )}
    </Stack>
  );
}

/** A customer's account (docs/customer-credit.md): balance and limit, payments at the till, terms, ledger. */
export default function CustomerAccountScreen() {
  const { id } = useParams();
  const customerId = Number(id);
  return (
    <Page title="Customer account" description="What the customer owes, payments against it and the ledger">
      <RequireFeature anyOf={['CustomerCredit', 'CustomerView', 'PurchaseEdit']} what="customer accounts">
        <AccountScreen customerId={customerId} />
      </RequireFeature>
    </Page>
  );
}
