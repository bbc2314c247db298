import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { UncountedUpi } from '../../../../../shared/schemas/till-upi.js';
import { BackButton } from '../../../components/back-links.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useRefundedOutside, useRefundUncountedUpi, useUncountedUpiPage } from '../api/upi-refunds.js';
import { errorText } from '../components/till-card.js';
import { NextPrevious } from '../../../components/next-previous.js';

const MIN_NOTE = 5;

/** Why the payment was not counted, as the cashier would say it. */
const REASONS: Record<string, string> = {
  'wrong amount': 'Paid a different amount than the bill',
  'paid twice': 'Paid a second time',
  'bill settled otherwise': 'Paid after the bill was settled another way',
};

function StatusBadge({ row }: { row: UncountedUpi }) {
  if (row.status === 'refunded') return <Badge color="green">Refunded by Razorpay</Badge>;
  if (row.status === 'refundedOutside') return <Badge color="teal">Refunded another way</Badge>;
  if (row.status === 'refunding') return <Badge color="yellow">Refund being made</Badge>;
  return <Badge color="red">To refund</Badge>;
}

type Asked = { kind: 'refund' | 'outside'; row: UncountedUpi };

function SettleDialog({ asked, onClose }: { asked: Asked | null; onClose: () => void }) {
  const refund = useRefundUncountedUpi();
  const outside = useRefundedOutside();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const row = asked?.row;
  const close = () => {
    setNote('');
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    if (!asked || !row) return;
    setProblem(null);
    try {
      if (asked.kind === 'refund') await refund.mutateAsync(row.paymentId);
      else await outside.mutateAsync({ paymentId: row.paymentId, note: note.trim() });
      close();
    } catch (error) {
      setProblem(errorText(error, 'The refund could not be recorded. Try again.'));
    }
  };
  const bill = row ? (row.invoiceNumber ?? String(row.purchaseId)) : '';
  return (
    <Modal opened={asked !== null} onClose={close} title={asked?.kind === 'refund' ? 'Refund this UPI payment' : 'Refunded another way'}>
      {row && (
        <Stack gap="sm">
          {asked?.kind === 'refund' ? (
            <Text>
              Razorpay will send {formatRupees(row.amount)} back to the customer who paid for bill {bill}. This is done once, however many times the
              button is pressed.
            </Text>
          ) : (
            <>
              <Text>
                Record that the {formatRupees(row.amount)} for bill {bill} was given back another way (cash at the counter, or from Razorpay&apos;s
                dashboard).
              </Text>
              <TextInput label="How was it given back?" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} required data-autofocus />
            </>
          )}
          {problem && <Alert color="red">{problem}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              onClick={() => void submit()}
              loading={refund.isPending || outside.isPending}
              disabled={asked?.kind === 'outside' && note.trim().length < MIN_NOTE}
            >
              {asked?.kind === 'refund' ? `Refund ${formatRupees(row.amount)}` : 'Save'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * UPI payments a till QR code received and did not count (paid a different amount, paid twice): newest first, each
 * refunded through Razorpay or marked refunded another way (docs/point-of-sale.md, "UPI payments to refund").
 */
export default function UpiRefundsScreen() {
  const [page, setPage] = useState(1);
  const list = useUncountedUpiPage(page);
  const [asked, setAsked] = useState<Asked | null>(null);
  const rows = list.data?.rows ?? [];
  return (
    <Page title="UPI payments to refund" description="Money customers paid by a till's UPI QR code that was not counted on the bill." size="xl" actions={<BackButton />}>
      <RequireFeature anyOf={['TillCloses']} what="the UPI payments to refund">
        <Stack gap="xs">
          {list.isError && <Alert color="red">{errorText(list.error, 'The UPI payments could not be read. Try again.')}</Alert>}
          <Table striped withTableBorder aria-label="UPI payments not counted">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Bill</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Why not counted</Table.Th>
                <Table.Th>Refund</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.paymentId}>
                  <Table.Td>{formatDateTime(row.at)}</Table.Td>
                  <Table.Td>{row.invoiceNumber ?? row.purchaseId}</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.amount)}</Table.Td>
                  <Table.Td>{REASONS[row.reason] ?? row.reason}</Table.Td>
                  <Table.Td>
                    <StatusBadge row={row} />
                    {row.note && (
                      <Text size="xs" c="dimmed">
                        {row.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {(row.status === 'open' || row.status === 'refunding') && (
                      <Group gap="xs" wrap="nowrap">
                        {/* A refund left under way by a try that failed can be asked again: it is never made twice. */}
                        <Button size="xs" onClick={() => setAsked({ kind: 'refund', row })} aria-label={`Refund ${formatRupees(row.amount)} for bill ${row.invoiceNumber ?? row.purchaseId}`}>
                          {row.status === 'open' ? 'Refund' : 'Try the refund again'}
                        </Button>
                        {row.status === 'open' && (
                          <Button size="xs" variant="default" onClick={() => setAsked({ kind: 'outside', row })}>
                            Refunded another way
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {!list.isPending && !list.isError && !rows.length && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No UPI payment waits for a refund.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <NextPrevious page={page} hasNext={list.data?.hasNext} onPage={setPage} />
        </Stack>
        <SettleDialog asked={asked} onClose={() => setAsked(null)} />
      </RequireFeature>
    </Page>
  );
}
