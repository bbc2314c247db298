import { Alert, Button, Checkbox, Group, Loader, Modal, Paper, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatPaise, formatRupees } from '../../../../../shared/format.js';
import type { CreditNote, Purchase } from '../../../../../shared/schemas/purchase.js';
import { RETURN_DONE } from '../../../../../shared/schemas/purchase-messages.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useReturnGoods, useReview } from '../api/billing.js';
import { BillHeader, customerListOf } from '../components/bill-header.js';
import { CreditNotePanel } from '../components/credit-note-view.js';
import { ReceiptPanel } from '../components/receipt-panel.js';
import {
  RETURN_MODES_SHOWN,
  returnAmount,
  returnBodyOf,
  returnProblem,
  returnRowsOf,
  rowValue,
  tick,
  type ReturnMode,
  type ReturnProblem,
  type ReturnRow,
} from '../components/return-rows.js';
import { refundOf, RefundTo, refundTendersOf, type RefundChoice } from '../components/refund-to.js';

interface Done {
  refund: number;
  pointsBack: number;
  pointsTakenBack: number;
  mode: ReturnMode;
  print: boolean;
  mailProblem?: string;
  /** The credit note the return issued, against the bill's invoice: what Print prints (the invoice never changes). */
  creditNote?: CreditNote;
}

/**
 * Return Order (spec 2 sections 2, 4 and 5): tick the lines coming back, their quantities (at most the units still
 * with the customer), the refund's Bill Type, Calculate, then Print/Mail and Submit; 'Return done.' and OK goes back
 * to the customer's list. The server takes the goods back into stock and refunds money first, then points.
 */
export default function ProductReturn() {
  return (
    <Page title="Return Order" size="lg">
      <RequireFeature anyOf={['ProductReturn', 'PurchaseReturn']} what="returns" back="/customerPurchase/new">
        <ProductReturnContent />
      </RequireFeature>
    </Page>
  );
}

function ProductReturnContent() {
  const purchaseId = Number(useParams().id);
  const review = useReview(purchaseId);
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string>();
  const [done, setDone] = useState<Done>();
  const bill = review.data;

  if (!Number.isInteger(purchaseId) || purchaseId <= 0) return <Alert color="yellow">Open Return Product from a bill of the customer order list.</Alert>;
  if (review.isPending) return <Loader aria-label="Loading the bill" />;
  if (!bill) {
    return (
      <Alert color="red" role="alert">
        {isApiError(review.error) ? review.error.message : 'The bill could not be loaded.'}
      </Alert>
    );
  }
  return (
    <>
      <BillHeader bill={bill} />
      {refusal && (
        <Alert color="red" variant="light" role="alert" title="Nothing was returned">
          {refusal}
        </Alert>
      )}
      {/* A bill changed by a return elsewhere comes back with a new version: the form starts again from its units. */}
      <ReturnForm
        key={bill.version}
        bill={bill}
        onRefused={(message) => {
          setRefusal(message);
          void review.refetch();
        }}
        onStart={() => setRefusal(undefined)}
        onDone={setDone}
      />
      <Modal opened={done !== undefined} onClose={() => navigate(customerListOf(bill))} title="Message" size={done?.print ? 'xl' : 'sm'}>
        {done && (
          <Stack gap="md">
            <Text fw={600}>{RETURN_DONE}</Text>
            <Text size="sm">
              Refund {formatRupees(done.refund)} ({done.mode})
              {done.pointsBack > 0 ? `; ${done.pointsBack} credit points back to the customer` : ''}
              {done.pointsTakenBack > 0 ? `; ${done.pointsTakenBack} points earned on this bill taken back` : ''}.
            </Text>
            {done.creditNote?.creditNoteNumber && (
              <Text size="sm">
                Credit note {done.creditNote.creditNoteNumber}
                {bill.invoiceNumber ? ` against invoice ${bill.invoiceNumber}` : ''}
              </Text>
            )}
            {done.mailProblem && (
              <Alert color="yellow" role="alert">
                The receipt was not mailed: {done.mailProblem}
              </Alert>
            )}
            {done.print && (done.creditNote ? <CreditNotePanel note={done.creditNote} autoPrint /> : <ReceiptPanel purchaseId={purchaseId} autoPrint />)}
            <Group justify="flex-end">
              <Button onClick={() => navigate(customerListOf(bill))} data-autofocus>
                OK
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

interface ReturnFormProps {
  bill: Purchase;
  onRefused: (message: string) => void;
  onStart: () => void;
  onDone: (done: Done) => void;
}

function ReturnForm({ bill, onRefused, onStart, onDone }: ReturnFormProps) {
  // The server's refusal stays on the screen; any other failure goes to the error screen (spec 2 section 8).
  const onFailure = useSaveFailure(onRefused);
  const navigate = useNavigate();
  const returnGoods = useReturnGoods();
  const [rows, setRows] = useState<ReturnRow[]>(() => returnRowsOf(bill));
  const [mode, setMode] = useState<ReturnMode>(bill.paymentMode === 'Online' ? 'ONLINE' : 'CASH');
  const [refundTo, setRefundTo] = useState<RefundChoice>('mode');
  const [problem, setProblem] = useState<ReturnProblem>();
  // Calculate's message is told in a dialog with OK (spec 2 section 8); the line's own message stays until it changes.
  const [problemShown, setProblemShown] = useState(false);
  const [calculated, setCalculated] = useState<number | null>(null);
  const [print, setPrint] = useState(false);
  const [mail, setMail] = useState(false);
  const [sent, setSent] = useState(false);
  const back = customerListOf(bill);

  /** Any change of the lines asks for Calculate again. */
  const change = (index: number, next: ReturnRow) => {
    setRows(rows.map((row, i) => (i === index ? next : row)));
    setCalculated(null);
    setProblem(undefined);
  };

  const calculate = () => {
    onStart();
    const found = returnProblem(rows);
    setProblem(found);
    setProblemShown(found !== undefined);
    setCalculated(found ? null : returnAmount(rows));
  };

  const submit = async () => {
    if (calculated === null || returnGoods.isPending) return;
    onStart();
    try {
      const answer = await returnGoods.mutateAsync({ purchaseId: bill.purchaseId, body: { ...returnBodyOf(rows, mode, { print, mail }), refundTenders: refundTendersOf(refundTo, refundOf(bill, calculated), bill.tenders) } });
      setSent(true);
      onDone({
        refund: answer.refund,
        pointsBack: answer.pointsBack,
        pointsTakenBack: answer.pointsTakenBack,
        mode,
        print,
        mailProblem: answer.mailSent === false ? answer.mailProblem : undefined,
        creditNote: answer.creditNote,
      });
    } catch (error) {
      setCalculated(null);
      onFailure(error);
    }
  };

  if (rows.length === 0) {
    return (
      <>
        <Alert color="yellow">Every product of this bill has been returned.</Alert>
        <Group>
          <Button variant="default" onClick={() => navigate(back)}>
            Back
          </Button>
        </Group>
      </>
    );
  }

  return (
    <>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Return lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-label="Return this line" />
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Sold</Table.Th>
                <Table.Th ta="right">Returned</Table.Th>
                <Table.Th ta="right">Remaining</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th>Return Quantity</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const line = bill.purchasedProduct.find((l) => l.purchasedProductId === row.purchasedProductId)!;
                const value = rowValue(row);
                return (
                  <Table.Tr key={row.purchasedProductId}>
                    <Table.Td>
                      <Checkbox aria-label={`Return ${row.productName}`} checked={row.ticked} onChange={(e) => change(index, tick(row, e.currentTarget.checked))} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.productName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.artcode}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{line.originalQuantity}</Table.Td>
                    <Table.Td ta="right">{line.returnQuantity}</Table.Td>
                    <Table.Td ta="right">{row.remaining}</Table.Td>
                    <Table.Td ta="right">{formatPaise(row.rate)}</Table.Td>
                    <Table.Td w={150}>
                      <TextInput
                        aria-label={`Return Quantity of ${row.productName}`}
                        size="sm"
                        inputMode="numeric"
                        value={row.quantity}
                        disabled={!row.ticked}
                        error={problem?.index === index ? problem.message : undefined}
                        onChange={(e) => change(index, { ...row, quantity: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td ta="right" aria-label={`Price of ${row.productName}`}>
                      {value === undefined ? '' : formatPaise(value)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group gap="xl" align="flex-end" wrap="wrap">
            <Radio.Group label="Bill Type" value={mode} onChange={(v) => setMode(v as ReturnMode)}>
              <Group gap="md" mt={4}>
                {RETURN_MODES_SHOWN.map((m) => (
                  <Radio key={m} value={m} label={m} />
                ))}
              </Group>
            </Radio.Group>
            <RefundTo tenders={bill.tenders} value={refundTo} onChange={setRefundTo} />
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Return Amount
              </Text>
              <Text fw={600} aria-label="Return Amount">
                {calculated === null ? '—' : formatPaise(calculated)}
              </Text>
            </Stack>
          </Group>
          <Modal opened={problemShown && problem !== undefined} onClose={() => setProblemShown(false)} title="Check the return" withCloseButton={false} centered>
            <Stack gap="md">
              <Text role="alert">{problem?.message}</Text>
              <Group justify="flex-end">
                <Button onClick={() => setProblemShown(false)} data-autofocus>
                  OK
                </Button>
              </Group>
            </Stack>
          </Modal>
          {calculated === null ? (
            <Group>
              <Button onClick={calculate}>Calculate</Button>
              <Button variant="default" onClick={() => navigate(back)}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Stack gap="sm">
              <Group gap="lg">
                <Checkbox label="Print" checked={print} onChange={(e) => setPrint(e.currentTarget.checked)} />
                <Checkbox label="Mail" checked={mail} disabled={!bill.emailId} onChange={(e) => setMail(e.currentTarget.checked)} />
              </Group>
              <Group>
                <Button onClick={() => void submit()} loading={returnGoods.isPending} disabled={sent}>
                  Submit
                </Button>
                <Button variant="default" onClick={() => navigate(back)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>

    </>
  );
}
