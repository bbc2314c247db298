import { Alert, Badge, Button, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeProblem } from '../../../../../shared/bill-problems.js';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { Receipt } from '../../../../../shared/schemas/purchase.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useCan } from '../../../lib/use-can.js';
import { ReceiptModal } from '../components/receipt-modal.js';
import type { KeptPayment } from '../offline/keep-offline-payment.js';
import { tillTenant } from '../offline/local-copy.js';
import { heldDecided, type HeldView, type QueuedBill, type QueuedState } from '../offline/queue.js';
import { checkHeldBills, deviceQueueStore, onQueueChange, sendWaitingBills, useTillStatus } from '../offline/till-queue.js';

const QUEUE_KEY = ['billing', 'deviceQueue'] as const;

/** The device's bills, newest first, to read and act on. */
function useDeviceBills() {
  const queryClient = useQueryClient();
  useEffect(() => onQueueChange(() => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY })), [queryClient]);
  const tenantId = tillTenant();
  return useQuery({
    queryKey: QUEUE_KEY,
    queryFn: async () => (await deviceQueueStore.all()).filter((b) => b.tenantId === tenantId).reverse(),
    meta: { handlesOwnErrors: true },
    // Read from the device: offline too.
    networkMode: 'always',
  });
}

function StateOf({ state }: { state: QueuedState }) {
  switch (state.kind) {
    case 'waiting':
      return (
        <Stack gap={2}>
          <Badge color="gray">Waiting</Badge>
          {state.lastProblem && (
            <Text size="xs" c="dimmed">
              {state.lastProblem}
            </Text>
          )}
        </Stack>
      );
    case 'signInAgain':
      return (
        <Stack gap={2}>
          <Badge color="yellow">Sign in again</Badge>
          <Text size="xs">{state.message}</Text>
        </Stack>
      );
    case 'sent':
      return (
        <Stack gap={2}>
          <Badge color="green">Sent</Badge>
          <Text size="xs">{state.receiptNo !== undefined ? `Receipt No. ${state.receiptNo}` : state.invoiceNumber ? `Tax invoice ${state.invoiceNumber}` : `Bill ${state.purchaseId}`}</Text>
        </Stack>
      );
    case 'refused':
      return (
        <Stack gap={2}>
          <Badge color="red">Refused</Badge>
          <Text size="xs">{state.message}</Text>
          {state.problems.length > 0 && (
            <List size="xs" aria-label="What the server found">
              {state.problems.map((p, i) => (
                <List.Item key={`${p.kind}|${p.artcode ?? ''}|${i}`}>{describeProblem(p)}</List.Item>
              ))}
            </List>
          )}
          <HeldNote held={state.held} />
        </Stack>
      );
  }
}

/** A payment against a balance received on this device without a network, in the queue beside the bills. */
function PaymentRow({ payment }: { payment: QueuedBill }) {
  const kept = payment.printed as KeptPayment;
  return (
    <Table.Tr>
      <Table.Td>{payment.provisionalNumber}</Table.Td>
      <Table.Td>{formatDateTime(payment.madeOn)}</Table.Td>
      <Table.Td>
        {kept.customerName} ({kept.mobileNumber})
      </Table.Td>
      <Table.Td>Payment received {formatRupees(kept.received.amount)}</Table.Td>
      <Table.Td maw={420}>
        <StateOf state={payment.state} />
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

/** What the manager made of a refused bill, as the server last said. */
function HeldNote({ held }: { held: HeldView | undefined }) {
  if (!held) return null;
  const invoice = held.invoiceNumber ? `tax invoice ${held.invoiceNumber}` : `bill ${held.purchaseId ?? ''}`;
  const text = {
    held: 'Waiting for the manager: the shop keeps this bill until it is sent again fixed or the manager decides.',
    resolved: `Resolved: saved as ${invoice}.`,
    soldAgainstNegativeStock: `Sold against negative stock by ${held.by ?? 'the manager'} (${held.reason ?? ''}): saved as ${invoice}.`,
    discarded: `Discarded by ${held.by ?? 'the manager'}${held.reason ? `: ${held.reason}` : ''}.`,
  }[held.state];
  return (
    <Text size="xs" fw={held.state === 'held' ? 400 : 600} c={held.state === 'held' ? 'dimmed' : undefined}>
      {text}
    </Text>
  );
}

/**
 * A refused bill the cashier can fix: the server named what differs and no manager has decided it yet (a bill
 * refused for its own sake, as one made too long ago, has nothing to fix).
 */
const fixable = (state: QueuedState) => state.kind === 'refused' && state.problems.length > 0 && !heldDecided(state);

/**
 * Bills on this device: every bill made without a network, with where it stands (waiting, sent with its tax invoice
 * number, refused with each difference the server found), Send now, Fix and resend for a refused bill, and its
 * provisional receipt to print again.
 */
export default function BillQueue() {
  const can = useCan();
  const navigate = useNavigate();
  const bills = useDeviceBills();
  const { offline, waiting } = useTillStatus();
  const [sending, setSending] = useState(false);
  const [printing, setPrinting] = useState<QueuedBill>();
  const tenantId = tillTenant();
  useEffect(() => {
    if (tenantId) void checkHeldBills(tenantId).catch(() => undefined);
  }, [tenantId]);

  const sendNow = async () => {
    if (!tenantId) return;
    setSending(true);
    await sendWaitingBills(tenantId, true).catch(() => undefined);
    setSending(false);
  };

  return (
    <Page
      title="Bills on this device"
      description="Bills made without a network, and what the server answered"
      size="xl"
      actions={
        <>
          <Button component={Link} to="/purchaseUpdated/new" variant="default">
            Place Order
          </Button>
          <Button leftSection={<IconSend size={16} />} onClick={() => void sendNow()} loading={sending} disabled={waiting === 0}>
            Send now
          </Button>
        </>
      }
    >
      {!can('PurchaseEdit') ? (
        <RequireFeature anyOf={['PurchaseEdit']} what="billing">
          {null}
        </RequireFeature>
      ) : (
        <Paper withBorder p="md" radius="md">
          {offline && (
            <Alert color="orange" variant="light" mb="sm">
              You are offline. Waiting bills are sent by themselves when the network is back.
            </Alert>
          )}
          {bills.data && bills.data.length === 0 ? (
            <Text c="dimmed">No bills were made on this device without a network.</Text>
          ) : (
            <Table.ScrollContainer minWidth={800}>
              <Table verticalSpacing="xs" aria-label="Bills on this device">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Provisional No.</Table.Th>
                    <Table.Th>Made on</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Net Amount</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th aria-label="Actions" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(bills.data ?? []).map((bill) => {
                    if (bill.payment) return <PaymentRow key={bill.idempotencyKey} payment={bill} />;
                    const receipt = bill.printed as Receipt;
                    return (
                      <Table.Tr key={bill.idempotencyKey}>
                        <Table.Td>{bill.provisionalNumber}</Table.Td>
                        <Table.Td>{formatDateTime(bill.madeOn)}</Table.Td>
                        <Table.Td>
                          {receipt.purchase.customerName.split('@')[0]} ({receipt.purchase.mobileNumber})
                        </Table.Td>
                        <Table.Td>{formatRupees(receipt.totals.netAmount)}</Table.Td>
                        <Table.Td maw={420}>
                          <StateOf state={bill.state} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            {fixable(bill.state) && (
                              <Button size="xs" onClick={() => void navigate('/purchaseUpdated/new', { state: { fix: bill.idempotencyKey } })}>
                                Fix and resend
                              </Button>
                            )}
                            <Button size="xs" variant="default" onClick={() => setPrinting(bill)}>
                              Receipt
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      <ReceiptModal
        purchaseId={undefined}
        provisional={printing && { receipt: printing.printed as Receipt, provisionalNumber: printing.provisionalNumber }}
        print={false}
        onClose={() => setPrinting(undefined)}
      />
    </Page>
  );
}
