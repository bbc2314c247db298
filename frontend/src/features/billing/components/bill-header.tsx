import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import type { Purchase } from '../../../../../shared/schemas/purchase.js';

/** Where re-bill and return go back to: the customer's order list. */
export const customerListOf = (purchase: Pick<Purchase, 'mobileNumber'> | undefined) =>
  purchase ? `/customerPurchase/${purchase.mobileNumber}` : '/customerPurchase/new';

/** The bill's number, day and tax invoice number, customer, payment mode and what was paid (and refunded). */
export function BillHeader({ bill }: { bill: Purchase }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Bill" value={`${bill.purchaseId} · ${formatDate(bill.saleDate)}`} note={bill.invoiceNumber ? `Invoice ${bill.invoiceNumber}` : undefined} />
        <Fact label="Customer" value={`${bill.customerName.split('@')[0]} (${bill.mobileNumber})`} />
        <Fact label="Payment Mode" value={bill.paymentMode} />
        <Fact
          label="Paid Amount"
          value={formatRupees(bill.netAmount)}
          note={[bill.redeemAmount > 0 ? `${formatRupees(bill.redeemAmount)} by points` : '', bill.returnAmount > 0 ? `${formatRupees(bill.returnAmount)} refunded` : '']
            .filter(Boolean)
            .join(' · ')}
        />
      </SimpleGrid>
    </Paper>
  );
}

function Fact({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
