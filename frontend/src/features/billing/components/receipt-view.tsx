import { Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { DELIVERY_LABEL } from '../../../../../shared/bill.js';
import { formatDate, formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { Paper, Receipt } from '../../../../../shared/schemas/purchase.js';
import { PROVISIONAL_NOTE } from '../offline/provisional-receipt.js';
import classes from './receipt.module.css';
import { TenderLines } from './tender-lines.js';

export type PaperSize = Paper;

/**
 * The receipt as a GST tax invoice (rule 46) or, for a shop not registered for GST, a Bill of Supply without tax
 * columns: the shop's name, address, GSTIN and state; the invoice number and date; the customer (with GSTIN and
 * address for B2B); the place of supply; per line HSN, quantity with unit, rate, taxable value and CGST + SGST or
 * IGST; the totals, the total in words, the HSN-wise summary and 'Reverse charge: No'. Laid out for A4 or an 80 mm
 * thermal roll.
 */
export function ReceiptView({ receipt, paper, provisionalNumber }: { receipt: Receipt; paper: PaperSize; provisionalNumber?: string }) {
  const { shop, purchase, lines, totals } = receipt;
  const narrow = paper === 'roll80';
  const taxed = receipt.title === 'Tax Invoice';
  const inter = receipt.supply === 'inter';
  return (
    <div className={`${classes.receipt} ${narrow ? classes.roll : classes.a4}`} data-receipt>
      <Stack gap={4} align="center">
        <Text size="xs" fw={700} tt="uppercase">
          {receipt.title}
        </Text>
        <Title order={2} fz={narrow ? 16 : 22}>
          {shop.displayName}
        </Title>
        <Text size="xs" ta="center">
          {shop.address}
        </Text>
        {taxed && <Text size="xs">GSTIN: {shop.gstNumber}</Text>}
        {shop.state && <Text size="xs">State: {shop.state}</Text>}
      </Stack>
      <Divider my="xs" variant="dashed" />
      {provisionalNumber && (
        <Text size="xs" fw={700}>
          {PROVISIONAL_NOTE}
        </Text>
      )}
      {purchase.invoiceNumber && <Text size="xs">Invoice No: {purchase.invoiceNumber}</Text>}
      <Group justify="space-between" gap={4}>
        <Text size="xs">{provisionalNumber ? `Provisional No: ${provisionalNumber}` : `Bill No: ${purchase.purchaseId}`}</Text>
        <Text size="xs">{formatDateTime(purchase.createdOn)}</Text>
      </Group>
      <Text size="xs">
        Customer: {purchase.customerName.split('@')[0]} ({purchase.mobileNumber})
      </Text>
      {purchase.customerGstin && <Text size="xs">Customer GSTIN: {purchase.customerGstin}</Text>}
      {(receipt.recipientAddress ?? (purchase.customerGstin ? purchase.address : undefined)) && (
        <Text size="xs">Address: {receipt.recipientAddress ?? purchase.address}</Text>
      )}
      {receipt.deliveryAddress && <Text size="xs">Ship to: {receipt.deliveryAddress}</Text>}
      <Text size="xs">Place of supply: {receipt.placeOfSupply}</Text>
      <Text size="xs">Payment Mode: {purchase.paymentMode}</Text>
      <TenderLines tenders={purchase.tenders} reference={provisionalNumber ?? purchase.invoiceNumber ?? String(purchase.purchaseId)} account={purchase.account} />
      <Divider my="xs" variant="dashed" />
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} className={classes.lines}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item (HSN)</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            {!narrow && <Table.Th ta="right">MRP</Table.Th>}
            <Table.Th ta="right">Rate</Table.Th>
            {taxed && !narrow && <Table.Th ta="right">Taxable</Table.Th>}
            {taxed && !inter && <Table.Th ta="right">CGST</Table.Th>}
            {taxed && !inter && <Table.Th ta="right">SGST</Table.Th>}
            {taxed && inter && <Table.Th ta="right">IGST</Table.Th>}
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.purchasedProductId}>
              <Table.Td>
                {line.productName}
                <br />
                <Text span size="xs" c="dimmed">
                  {line.hsnCode ? `HSN ${line.hsnCode}` : line.artcode}
                  {line.untaxed ? ` · ${line.untaxed}` : ''}
                </Text>
                {taxed && narrow && <TaxableNote taxable={line.taxable} />}
              </Table.Td>
              <Table.Td ta="right">
                {line.quantity} {line.unit}
              </Table.Td>
              {!narrow && <Table.Td ta="right">{formatRupees(line.price)}</Table.Td>}
              <Table.Td ta="right">{formatRupees(line.sellingPrice)}</Table.Td>
              <TaxCells tax={line} narrow={narrow} taxed={taxed} inter={inter} />
              <Table.Td ta="right">{formatRupees(line.purchasedPrice)}</Table.Td>
            </Table.Tr>
          ))}
          {receipt.delivery && <DeliveryRow delivery={receipt.delivery} narrow={narrow} taxed={taxed} inter={inter} />}
        </Table.Tbody>
      </Table>
      <Divider my="xs" variant="dashed" />
      <Stack gap={2}>
        <Total label="Gross Amount" value={totals.grossAmount} />
        <Total label="Discount" value={totals.discount} />
        {taxed && <Total label="Taxable" value={totals.taxable} />}
        {taxed && !inter && <Total label="CGST" value={totals.cgst} />}
        {taxed && !inter && <Total label="SGST" value={totals.sgst} />}
        {taxed && inter && <Total label="IGST" value={totals.igst} />}
        {totals.redeemAmount > 0 && <Total label="Redeemed" value={totals.redeemAmount} />}
        {totals.returnAmount > 0 && <Total label="Returned" value={totals.returnAmount} />}
        <Total label="Net Amount" value={totals.netAmount} strong />
      </Stack>
      <Text size="xs" mt={4}>
        {receipt.amountInWords}
      </Text>
      {receipt.hsnSummary.length > 0 && (
        <>
          <Divider my="xs" variant="dashed" />
          <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} className={classes.lines} aria-label="HSN summary">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>HSN</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                {taxed && <Table.Th ta="right">Taxable</Table.Th>}
                {taxed && <Table.Th ta="right">Tax</Table.Th>}
                <Table.Th ta="right">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipt.hsnSummary.map((row) => (
                <Table.Tr key={`${row.hsnCode}|${row.unit}|${row.gst}`}>
                  <Table.Td>
                    {row.hsnCode || '—'}
                    {taxed ? ` @${row.gst}%` : ''}
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.quantity} {row.unit}
                  </Table.Td>
                  {taxed && <Table.Td ta="right">{formatRupees(row.taxable)}</Table.Td>}
                  {taxed && <Table.Td ta="right">{formatRupees(row.cgst + row.sgst + row.igst)}</Table.Td>}
                  <Table.Td ta="right">{formatRupees(row.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {receipt.creditNotes.map((note) => (
        <Text size="xs" key={`${note.creditNoteNumber ?? ''}${note.creditNoteDate}`}>
          Credit note {note.creditNoteNumber} of {formatDate(note.creditNoteDate)}: {formatRupees(note.value)}
        </Text>
      ))}
      {taxed && <Text size="xs">Reverse charge: {receipt.reverseCharge}</Text>}
      <Text size="xs" ta="right" mt="md">
        For {shop.displayName}
      </Text>
      <Text size="xs" ta="right" mt="lg">
        Authorised Signatory
      </Text>
      <Divider my="xs" variant="dashed" />
      <Text size="sm" fw={600} ta="center">
        {receipt.paymentStatus}
      </Text>
      <Text size="xs" ta="center" c="dimmed">
        Thank you for shopping with us
      </Text>
    </div>
  );
}

/** A storefront order's delivery charge: a line of the invoice at its principal supply's HSN code and rate, no quantity. */
function DeliveryRow({ delivery, narrow, taxed, inter }: { delivery: NonNullable<Receipt['delivery']>; narrow: boolean; taxed: boolean; inter: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        {DELIVERY_LABEL}
        {delivery.hsnCode && (
          <>
            <br />
            <Text span size="xs" c="dimmed">
              HSN {delivery.hsnCode}
            </Text>
          </>
        )}
        {taxed && narrow && <TaxableNote taxable={delivery.taxable} />}
      </Table.Td>
      <Table.Td ta="right">—</Table.Td>
      {!narrow && <Table.Td ta="right">—</Table.Td>}
      <Table.Td ta="right">{formatRupees(delivery.amount)}</Table.Td>
      <TaxCells tax={delivery} narrow={narrow} taxed={taxed} inter={inter} />
      <Table.Td ta="right">{formatRupees(delivery.amount)}</Table.Td>
    </Table.Tr>
  );
}

/** What a line (goods or delivery) carries of tax. */
interface LineTax {
  taxable: number;
  cgst: number;
  cgstPrice: number;
  sgst: number;
  sgstPrice: number;
  igst: number;
  igstPrice: number;
}

/** A line's tax columns: taxable value (not on the roll), then CGST and SGST, or IGST for a supply to another state. */
function TaxCells({ tax, narrow, taxed, inter }: { tax: LineTax; narrow: boolean; taxed: boolean; inter: boolean }) {
  if (!taxed) return null;
  const cell = (rate: number, price: number) => (
    <Table.Td ta="right">
      {rate}% {formatRupees(price)}
    </Table.Td>
  );
  return (
    <>
      {!narrow && <Table.Td ta="right">{formatRupees(tax.taxable)}</Table.Td>}
      {!inter && cell(tax.cgst, tax.cgstPrice)}
      {!inter && cell(tax.sgst, tax.sgstPrice)}
      {inter && cell(tax.igst, tax.igstPrice)}
    </>
  );
}

/** The roll has no room for a Taxable column, and a tax invoice states each line's taxable value: under its name. */
function TaxableNote({ taxable }: { taxable: number }) {
  return (
    <>
      <br />
      <Text span size="xs" c="dimmed">
        Taxable {formatRupees(taxable)}
      </Text>
    </>
  );
}

function Total({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="xs" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="xs" fw={strong ? 700 : 400}>
        {formatRupees(value)}
      </Text>
    </Group>
  );
}

/** The printing messages of spec 2 section 8. */
export const PRINT_UNAVAILABLE = 'Printing is unavailable on your device !';
export const PRINT_FAILED = 'Error while printing !';

/**
 * Prints only the receipt on the chosen paper: the page size goes in an @page rule for this print alone, and the
 * rest of the app is hidden by the print styles of receipt.module.css. Answers the message to show when the device
 * cannot print, or undefined.
 */
export function printReceipt(paper: PaperSize): string | undefined {
  // Some phone browsers have no print dialog at all.
  if (typeof window.print !== 'function') return PRINT_UNAVAILABLE;
  const style = document.createElement('style');
  style.textContent = paper === 'roll80' ? '@page { size: 80mm auto; margin: 3mm; }' : '@page { size: A4; margin: 12mm; }';
  document.head.appendChild(style);
  document.body.classList.add('printing-receipt');
  try {
    window.print();
    return undefined;
  } catch {
    return PRINT_FAILED;
  } finally {
    document.body.classList.remove('printing-receipt');
    style.remove();
  }
}
