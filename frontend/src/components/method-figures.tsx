import { Table } from '@mantine/core';
import { formatRupees } from '../../../shared/format.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import type { SalesSummary } from '../../../shared/schemas/figures.js';

const METHODS = [
  ['cash', 'Cash'],
  ['upi', 'UPI'],
  ['card', 'Card'],
  ['otherOnline', 'Other online'],
] as const;

type ByMethod = NonNullable<SalesSummary['byMethod']>;
type Amounts = ByMethod['sold'];

/**
 * A period's amounts by method: the figures' split when money moved by UPI or card, else its cash and online with
 * the online money all other online.
 */
export function byMethodOf(figures: SalesSummary): ByMethod {
  if (figures.byMethod) return figures.byMethod;
  const split = (mode: SalesSummary['sold']): Amounts => ({ cash: mode.cash, upi: 0, card: 0, otherOnline: mode.online, total: mode.total });
  return { sold: split(figures.sold), returns: split(figures.returns), netSold: split(figures.netSold) };
}

/**
 * Sold, Returns and Net sold by method (cash, UPI, card, other online), from the shared figures (shared/figures.ts);
 * shown when the period had money taken or refunded by UPI or card. With `dues` (the dues customers paid against
 * their accounts, by method) two more columns say it: Dues collected, and Takings = net sold + dues collected. Goods
 * sold on account are in no method: no money came for them.
 */
export function MethodFigures({ byMethod, dues, label = 'Sales by method', netLabel = 'Net sold' }: { byMethod: SalesSummary['byMethod']; dues?: Amounts; label?: string; netLabel?: string }) {
  if (!byMethod) return null;
  return (
    <Table fz="sm" verticalSpacing={4} aria-label={label} data-method-figures>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Method</Table.Th>
          <Table.Th ta="right">Sold</Table.Th>
          <Table.Th ta="right">Returns</Table.Th>
          <Table.Th ta="right">{netLabel}</Table.Th>
          {dues && <Table.Th ta="right">Dues collected</Table.Th>}
          {dues && <Table.Th ta="right">Takings</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {METHODS.map(([key, label]) => (
          <Table.Tr key={key}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{formatRupees(byMethod.sold[key])}</Table.Td>
            <Table.Td ta="right">{formatRupees(byMethod.returns[key])}</Table.Td>
            <Table.Td ta="right">{formatRupees(byMethod.netSold[key])}</Table.Td>
            {dues && <Table.Td ta="right">{formatRupees(dues[key])}</Table.Td>}
            {dues && <Table.Td ta="right">{formatRupees(toRupees(toPaise(byMethod.netSold[key]) + toPaise(dues[key])))}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
