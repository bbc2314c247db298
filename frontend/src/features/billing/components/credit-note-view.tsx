import { Alert, Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import type { CreditNote } from '../../../../../shared/schemas/purchase.js';
import classes from './receipt.module.css';
import { PaperChoice, usePaperChoice } from './paper-choice.js';
import { printReceipt, type PaperSize } from './receipt-view.js';


/**
 * A credit note (rule 53) as printed at the till after a return: the shop, the note's number and date, the invoice it
 * reduces, the buyer, the place of supply, per line HSN, quantity, rate, taxable value and the tax reversed with its
 * rate, the totals in figures and words, the refund. The invoice itself never changes: this is what a return prints.
 */
export function CreditNoteView({ note, paper }: { note: CreditNote; paper: PaperSize }) {
  const narrow = paper === 'roll80';
  const taxed = note.documentType === 'TAX_INVOICE';
  const inter = note.supply === 'inter';
  return (
    <div className={`${classes.receipt} ${narrow ? classes.roll : classes.a4}`} data-receipt aria-label="Credit note">
      <Stack gap={4} align="center">
        <Text size="xs" fw={700} tt="uppercase">
          Credit Note
        </Text>
        <Title order={2} fz={narrow ? 16 : 22}>
          {note.shop.displayName}
        </Title>
        <Text size="xs" ta="center">
          {note.shop.address}
        </Text>
        {taxed && <Text size="xs">GSTIN: {note.shop.gstNumber}</Text>}
        {note.shop.state && <Text size="xs">State: {note.shop.state}</Text>}
      </Stack>
      <Divider my="xs" variant="dashed" />
      <Text size="xs">
        Credit Note No: {note.creditNoteNumber ?? `${note.purchaseId}-${note.returnId}`} · {formatDate(note.creditNoteDate)}
      </Text>
      <Text size="xs">
        Against invoice {note.originalInvoiceNumber ?? `Bill No. ${note.purchaseId}`}
        {note.originalInvoiceDate ? ` of ${formatDate(note.originalInvoiceDate)}` : ''}
      </Text>
      <Text size="xs">
        Customer: {note.customerName} ({note.mobileNumber})
      </Text>
      {note.customerGstin && <Text size="xs">Customer GSTIN: {note.customerGstin}</Text>}
      {note.customerAddress && <Text size="xs">Address: {note.customerAddress}</Text>}
      <Text size="xs">Place of supply: {note.placeOfSupply}</Text>
      <Divider my="xs" variant="dashed" />
      <Table className={classes.lines} fz="xs" verticalSpacing={2} horizontalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            {taxed && <Table.Th ta="right">Taxable</Table.Th>}
            {taxed && <Table.Th ta="right">{inter ? 'IGST' : 'CGST + SGST'}</Table.Th>}
            <Table.Th ta="right">Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {note.lines.map((l, i) => (
            <Table.Tr key={`${l.artcode}-${i}`}>
              <Table.Td>
                {l.productName}
                <br />
                <Text span size="xs" c="dimmed">
                  {l.hsnCode ? `HSN ${l.hsnCode}` : l.artcode} · {formatRupees(l.rate)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {l.quantity} {l.unit}
              </Table.Td>
              {taxed && <Table.Td ta="right">{formatRupees(l.taxable)}</Table.Td>}
              {taxed && (
                <Table.Td ta="right">
                  {inter ? `${l.gst}% ${formatRupees(l.igst)}` : `${l.gst / 2}% ${formatRupees(l.cgst)} + ${l.gst / 2}% ${formatRupees(l.sgst)}`}
                </Table.Td>
              )}
              <Table.Td ta="right">{formatRupees(l.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider my="xs" variant="dashed" />
      {taxed && (
        <Text size="xs">
          Taxable {formatRupees(note.taxable)} · {inter ? `IGST ${formatRupees(note.igst)}` : `CGST ${formatRupees(note.cgst)} · SGST ${formatRupees(note.sgst)}`}
        </Text>
      )}
      <Text size="sm" fw={700}>
        Credit note value {formatRupees(note.value)}
      </Text>
      <Text size="xs">Total in words: {note.valueInWords}</Text>
      <Text size="xs">
        Refunded {formatRupees(note.refund)} ({note.paymentMode})
      </Text>
      <Text size="xs" ta="right" mt="md">
        For {note.shop.displayName}: Authorised Signatory
      </Text>
    </div>
  );
}

/** The credit note a return issued, with the choice of paper and Print; printed once as it shows when asked. */
export function CreditNotePanel({ note, autoPrint = false }: { note: CreditNote; autoPrint?: boolean }) {
  const [paper, setPaper] = usePaperChoice();
  const [printProblem, setPrintProblem] = useState<string>();
  const printed = useRef(false);
  useEffect(() => {
    if (!autoPrint || printed.current) return;
    printed.current = true;
    setPrintProblem(printReceipt(paper));
  }, [autoPrint, paper]);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PaperChoice value={paper} onChange={setPaper} />
        <Button leftSection={<IconPrinter size={16} />} onClick={() => setPrintProblem(printReceipt(paper))}>
          Print credit note
        </Button>
      </Group>
      {printProblem && (
        <Alert color="red" variant="light" role="alert">
          {printProblem}
        </Alert>
      )}
      <CreditNoteView note={note} paper={paper} />
    </Stack>
  );
}
