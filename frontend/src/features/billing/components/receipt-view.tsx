import { Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatRupees } from '../../../../../shared/format.js';
import type { Receipt } from '../../../../../shared/schemas/purchase.js';
import classes from './receipt.module.css';

export type PaperSize = 'a4' | 'roll80';

/**
 * The cash receipt (spec 3): the shop's display name, address and GSTIN, the bill, per line HSN/artcode, quantity,
 * MRP, rate, CGST and SGST, the totals and 'Payment Status: Paid'. Laid out for A4 or an 80 mm thermal roll.
 */
export function ReceiptView({ receipt, paper }: { receipt: Receipt; paper: PaperSize }) {
  const { shop, purchase, lines, totals } = receipt;
  const narrow = paper === 'roll80';
  return (
    <div className={`${classes.receipt} ${narrow ? classes.roll : classes.a4}`} data-receipt>
      <Stack gap={4} align="center">
        <Title order={2} fz={narrow ? 16 : 22}>
          {shop.displayName}
        </Title>
        <Text size="xs" ta="center">
          {shop.address}
        </Text>
        <Text size="xs">GSTIN: {shop.gstNumber}</Text>
      </Stack>
      <Divider my="xs" variant="dashed" />
      <Group justify="space-between" gap={4}>
        <Text size="xs">Bill No: {purchase.purchaseId}</Text>
        <Text size="xs">{formatDateTime(purchase.createdOn)}</Text>
      </Group>
      <Text size="xs">
        Customer: {purchase.customerName.split('@')[0]} ({purchase.mobileNumber})
      </Text>
      <Text size="xs">Payment Mode: {purchase.paymentMode}</Text>
      <Divider my="xs" variant="dashed" />
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} className={classes.lines}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item (HSN/Artcode)</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            {!narrow && <Table.Th ta="right">MRP</Table.Th>}
            <Table.Th ta="right">Rate</Table.Th>
            {!narrow && <Table.Th ta="right">Taxable</Table.Th>}
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
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
                  {line.artcode}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              {!narrow && <Table.Td ta="right">{formatRupees(line.price)}</Table.Td>}
              <Table.Td ta="right">{formatRupees(line.sellingPrice)}</Table.Td>
              {!narrow && <Table.Td ta="right">{formatRupees(line.taxable)}</Table.Td>}
              <Table.Td ta="right">
                {line.cgst}% {formatRupees(line.cgstPrice)}
              </Table.Td>
              <Table.Td ta="right">
                {line.sgst}% {formatRupees(line.sgstPrice)}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(line.purchasedPrice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider my="xs" variant="dashed" />
      <Stack gap={2}>
        <Total label="Gross Amount" value={totals.grossAmount} />
        <Total label="Discount" value={totals.discount} />
        <Total label="Taxable" value={totals.taxable} />
        <Total label="CGST" value={totals.cgst} />
        <Total label="SGST" value={totals.sgst} />
        {totals.redeemAmount > 0 && <Total label="Redeemed" value={totals.redeemAmount} />}
        {totals.returnAmount > 0 && <Total label="Returned" value={totals.returnAmount} />}
        <Total label="Net Amount" value={totals.netAmount} strong />
      </Stack>
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
