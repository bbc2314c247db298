import { Alert, Button, Center, Group, List, Loader, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { describeProblem } from '../../../../../shared/bill-problems.js';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import { REASON_REQUIRED, type HeldBill } from '../../../../../shared/schemas/purchase.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { useDecideHeldBill, useHeldBill, type HeldDecision } from '../api/held-bills.js';
import { HeldStateBadge } from '../components/held-state.js';

const MIN_REASON = 5;

/** What became of a bill that is no longer held. */
function Outcome({ held }: { held: HeldBill }) {
  if (held.state === 'held') return null;
  const invoice = held.invoiceNumber ? `, invoice ${held.invoiceNumber}` : '';
  const text =
    held.state === 'resolved'
      ? `The till sent it again fixed: saved as Bill ${held.purchaseId}${invoice}.`
      : held.state === 'soldAgainstNegativeStock'
        ? `Sold against negative stock by ${held.by}: Bill ${held.purchaseId}${invoice}. Reason: ${held.reason}`
        : `Discarded by ${held.by}. Reason: ${held.reason}`;
  return (
    <Alert color={held.state === 'discarded' ? 'gray' : 'green'} role="status">
      {text}
    </Alert>
  );
}

/** The manager's two decisions on a bill still held, each with its reason. */
function Decision({ heldKey }: { heldKey: string }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const decide = useDecideHeldBill(heldKey);
  const short = reason.trim().length < MIN_REASON;
  const submit = (decision: HeldDecision) => {
    setTouched(true);
    if (!short) decide.mutate({ decision, reason: reason.trim() });
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Decide
        </Title>
        <Textarea
          label="Reason"
          description="Written with the decision (and on the stock history when sold against negative stock)."
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched && short ? REASON_REQUIRED : undefined}
          maxLength={300}
          rows={2}
        />
        {decide.error && (
          <Alert color="red" role="alert">
            {isApiError(decide.error) ? decide.error.message : 'The decision could not be saved. Please try again.'}
          </Alert>
        )}
        <Group gap="sm">
          <Button color="grape" loading={decide.isPending && decide.variables?.decision === 'sell'} onClick={() => submit('sell')}>
            Sell against negative stock
          </Button>
          <Button variant="default" color="red" loading={decide.isPending && decide.variables?.decision === 'discard'} onClick={() => submit('discard')}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One held bill: what the till made, each problem stated exactly, and the decision or what became of it. */
export default function HeldBillScreen() {
  const { key = '' } = useParams();
  const held = useHeldBill(key);
  const bill = held.data;
  return (
    <Page title={bill ? `Held bill ${bill.provisionalNumber}` : 'Held bill'} description="A bill made offline that could not be saved as it was made." actions={
        <Button component={Link} to="/heldBills" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Held bills
        </Button>
      }>
      <RequireFeature anyOf={['HeldBills']} what="held bills">
        {held.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading the held bill" />
          </Center>
        ) : !bill ? (
          <Alert color="red" role="alert">
            {isApiError(held.error) ? held.error.message : 'The held bill could not be loaded.'}
          </Alert>
        ) : (
          <Stack gap="lg">
            <Group gap="sm">
              <HeldStateBadge state={bill.state} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text>Made on {formatDateTime(bill.madeOn)} by {bill.sentBy}</Text>
              <Text>Customer {bill.customerName ?? bill.mobileNumber ?? '—'}</Text>
              <Text>Bill Type {bill.paymentMode}</Text>
              <Text>Net Amount {formatRupees(bill.netAmount)}</Text>
            </SimpleGrid>
            <Alert color="orange" title="What differs now" role="note">
              <List spacing="xs" aria-label="Problems">
                {bill.problems.map((p) => (
                  <List.Item key={describeProblem(p)}>{describeProblem(p)}</List.Item>
                ))}
              </List>
            </Alert>
            <Table aria-label="Lines as sold" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Artcode</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">MRP</Table.Th>
                  <Table.Th ta="right">Selling Price</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bill.lines.map((l, i) => (
                  <Table.Tr key={`${l.artcode}-${i}`}>
                    <Table.Td>{l.productName ?? l.artcode}</Table.Td>
                    <Table.Td>{l.artcode}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">{l.price === undefined ? '—' : formatRupees(l.price)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(l.sellingPrice)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {bill.state === 'held' ? <Decision heldKey={bill.key} /> : <Outcome held={bill} />}
          </Stack>
        )}
      </RequireFeature>
    </Page>
  );
}
