import { Alert, Button, Checkbox, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { BILL_GENERATED, CHOOSE_PRINT_OR_MAIL } from '../../../../../shared/schemas/purchase-messages.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { RecordHistory } from '../../audit/components/record-history.js';
import { useReBill, useReview } from '../api/billing.js';
import { BillHeader, customerListOf } from '../components/bill-header.js';
import { ReceiptPanel } from '../components/receipt-panel.js';

/**
 * Generate Bill again (spec 2 section 2): the bill's lines still with the customer, its payment mode and paid
 * amount, Print and/or Mail, Submit; 'Bill Generated.' and OK goes back to the customer's list. A ticked Print prints
 * the receipt (as it stands after returns) on the till's paper.
 */
export default function ReBill() {
  return (
    <Page title="Generate Bill" size="lg">
      <RequireFeature anyOf={['ReBill']} what="generating bills again" back="/customerPurchase/new">
        <ReBillContent />
      </RequireFeature>
    </Page>
  );
}

function ReBillContent() {
  const purchaseId = Number(useParams().id);
  const navigate = useNavigate();
  const review = useReview(purchaseId);
  const reBill = useReBill();
  const [print, setPrint] = useState(false);
  const [mail, setMail] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [done, setDone] = useState<{ print: boolean; mailProblem?: string }>();
  // The server's refusal stays on the screen; any other failure goes to the error screen (spec 2 section 8).
  const onFailure = useSaveFailure(setRefusal);
  const bill = review.data;
  const back = customerListOf(bill);

  if (!Number.isInteger(purchaseId) || purchaseId <= 0) return <Alert color="yellow">Open Generate Bill from a bill of the customer order list.</Alert>;
  if (review.isPending) return <Loader aria-label="Loading the bill" />;
  if (!bill) {
    return (
      <Alert color="red" role="alert">
        {isApiError(review.error) ? review.error.message : 'The bill could not be loaded.'}
      </Alert>
    );
  }

  const submit = async () => {
    if (!print && !mail) {
      setRefusal(CHOOSE_PRINT_OR_MAIL);
      return;
    }
    setRefusal(undefined);
    try {
      const answer = await reBill.mutateAsync({ purchaseId, body: { print, mail } });
      setDone({ print, mailProblem: answer.mailSent === false ? answer.mailProblem : undefined });
    } catch (error) {
      onFailure(error);
    }
  };

  const nothingLeft = bill.purchasedProduct.length === 0;
  return (
    <>
      <BillHeader bill={bill} />
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="sm" aria-label="Bill lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Artcode</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.purchasedProduct.map((line) => (
                <Table.Tr key={line.purchasedProductId}>
                  <Table.Td>{line.productName}</Table.Td>
                  <Table.Td>{line.artcode}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{formatRupees(line.sellingPrice)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(line.purchasedPrice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {nothingLeft ? (
        <Alert color="yellow">Every product of this bill has been returned; there is nothing to bill.</Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="lg">
            <Checkbox label="Print" checked={print} onChange={(e) => setPrint(e.currentTarget.checked)} />
            <Checkbox label="Mail" checked={mail} onChange={(e) => setMail(e.currentTarget.checked)} disabled={!bill.emailId} />
            {!bill.emailId && (
              <Text size="xs" c="dimmed">
                The customer has no e-mail address.
              </Text>
            )}
          </Group>
          {!print && !mail && (
            <Text size="sm" c="dimmed">
              {CHOOSE_PRINT_OR_MAIL}
            </Text>
          )}
        </Stack>
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void submit()} disabled={nothingLeft || (!print && !mail) || done !== undefined} loading={reBill.isPending}>
          Submit
        </Button>
        <Button variant="default" onClick={() => navigate(back)}>
          Cancel
        </Button>
      </Group>
      <Modal opened={done !== undefined} onClose={() => navigate(back)} title="Message" size={done?.print ? 'xl' : 'sm'}>
        <Stack gap="md">
          <Text>{BILL_GENERATED}</Text>
          {done?.mailProblem && (
            <Alert color="yellow" role="alert">
              The receipt was not mailed: {done.mailProblem}
            </Alert>
          )}
          {done?.print && <ReceiptPanel purchaseId={purchaseId} autoPrint />}
          <Group justify="flex-end">
            <Button onClick={() => navigate(back)} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
      <RecordHistory entity="bill" entityId={purchaseId} title="Bill history" />
    </>
  );
}
