import { Table } from '@mantine/core';
import { formatRupees } from '../../../shared/format.js';
import type { SalesSummary } from '../../../shared/schemas/figures.js';

const METHODS = [
  ['cash', 'Cash'],
  ['upi', 'UPI'],
  ['card', 'Card'],
  ['otherOnline', 'Other online'],
] as const;

/**
 * Sold, Returns and Net sold by method (cash, UPI, card, other online), from the shared figures (shared/figures.ts);
 * shown when the period had money taken or refunded by UPI or card.
 */
export function MethodFigures({ byMethod, label = 'Sales by method', netLabel = 'Net sold' }: { byMethod: SalesSummary['byMethod']; label?: string; netLabel?: string }) {
  if (!byMethod) return null;
  return (
    <Table fz="sm" verticalSpacing={4} aria-label={label} data-method-figures>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Method</Table.Th>
          <Table.Th ta="right">Sold</Table.Th>
          <Table.Th ta="right">Returns</Table.Th>
          <Table.Th ta="right">{netLabel}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {METHODS.map(([key, label]) => (
          <Table.Tr key={key}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{formatRupees(byMethod.sold[key])}</Table.Td>
            <Table.Td ta="right">{formatRupees(byMethod.returns[key])}</Table.Td>
            <Table.Td ta="right">{formatRupees(byMethod.netSold[key])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
