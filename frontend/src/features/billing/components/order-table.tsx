import { Group, Pagination, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/page-size.js';
import { PRICE_HEADER, type LineTotals, type OrderRow } from '../../../../../shared/schemas/purchase.js';
import { NO_TRANSACTION } from '../../../../../shared/schemas/purchase-messages.js';

type PriceBasis = keyof typeof PRICE_HEADER;
import { TableRows } from '../../../components/paged-table.js';

/**
 * The columns of the order lists (spec 2 section 2), the customer's list adding Actions; the Id column shows the bill
 * number and, under it, the tax invoice number. The Price column says how
 * it values a line (PRICE_HEADER): as billed on the day's list, after returns on a customer's list.
 */
const columnsFor = (basis: PriceBasis) => ['Id', 'Date', 'Customer Name', 'Artcode', 'Product Name', 'Payment Mode', 'Order Status', 'Order Qty', 'Return Qty', 'Rate', PRICE_HEADER[basis]];
const RIGHT = new Set<string>(['Order Qty', 'Return Qty', 'Rate', ...Object.values(PRICE_HEADER)]);

interface OrderTableProps {
  /** Names the table for screen readers and tests ('Orders', 'Customer Orders'). */
  label: string;
  rows: OrderRow[] | undefined;
  loading: boolean;
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The buttons of a row, in an Actions column. */
  actions?: (row: OrderRow) => ReactNode;
  /** The total row under the lines: the sums over every row listed (all pages), shown once there are rows. */
  totals?: LineTotals;
  /** 'billed': rate × units billed (a day's list); 'kept': rate × units kept, with billed and returned beside it. */
  priceBasis: PriceBasis;
}

/** Bill lines in pages of 5 with their bill's date, customer and payment mode; 'No Transaction Found.' when none. */
export function OrderTable({ label, rows, loading, page, total, onPageChange, actions, totals, priceBasis }: OrderTableProps) {
  const columns = [...columnsFor(priceBasis), ...(actions ? ['Actions'] : [])];
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={actions ? 1200 : 1000}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c} ta={RIGHT.has(c) ? 'right' : undefined} scope="col">
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableRows loading={loading} rows={rows} span={columns.length} empty={NO_TRANSACTION}>
              {(row) => (
                <Table.Tr key={`${row.purchaseId}-${row.purchasedProductId}`}>
                  <Table.Td>
                    {row.purchaseId}
                    {row.invoiceNumber && (
                      <Text size="xs" c="dimmed" aria-label="Invoice number">
                        {row.invoiceNumber}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(row.saleDate)}</Table.Td>
                  <Table.Td>{row.customerName.split('@')[0]}</Table.Td>
                  <Table.Td>{row.artcode}</Table.Td>
                  <Table.Td>{row.productName}</Table.Td>
                  <Table.Td>{row.paymentMode}</Table.Td>
                  <Table.Td>{row.status}</Table.Td>
                  <Table.Td ta="right">{row.originalQuantity}</Table.Td>
                  <Table.Td ta="right">{row.returnQuantity}</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.sellingPrice)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(priceBasis === 'billed' ? row.billedPrice : row.purchasedPrice)}</Table.Td>
                  {actions && (
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {actions(row)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              )}
            </TableRows>
          </Table.Tbody>
          {totals && totals.rows > 0 && (
            <Table.Tfoot>
              <Table.Tr fw={700} aria-label="Total">
                <Table.Td colSpan={7}>Total</Table.Td>
                <Table.Td ta="right">{totals.orderQuantity}</Table.Td>
                <Table.Td ta="right">{totals.returnQuantity}</Table.Td>
                <Table.Td />
                <Table.Td ta="right">{formatRupees(totals.price)}</Table.Td>
                {actions && <Table.Td />}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      {priceBasis === 'kept' && totals && totals.rows > 0 && (
        <Text size="sm" px="sm" pt="sm" aria-label="Price after returns in full">
          Billed {formatRupees(totals.billed)} − returned {formatRupees(totals.returned)} = {PRICE_HEADER.kept} {formatRupees(totals.price)}
        </Text>
      )}
      <Group justify="space-between" p="sm">
        <Text size="sm" c="dimmed">
          {total === 0 ? 'No rows' : `Rows ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total}`}
        </Text>
        <Pagination total={Math.max(1, Math.ceil(total / PAGE_SIZE))} value={page} onChange={onPageChange} size="sm" />
      </Group>
    </Paper>
  );
}
