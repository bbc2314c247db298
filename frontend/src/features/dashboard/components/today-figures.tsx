import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRupees, shopDay } from '../../../../../shared/format.js';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';
import type { SalesSummary } from '../../../../../shared/schemas/figures.js';
import { MethodFigures } from '../../../components/method-figures.js';
import { callApi } from '../../../lib/api-client.js';

type Method = 'cash' | 'upi' | 'card' | 'otherOnline';
type MethodAmounts = Record<Method | 'total', number>;

/**
 * The day's amounts by method from the shared figures (shared/figures.ts): when no money moved by UPI or card the
 * figures carry no method split, and then the online money is all other online.
 */
export function byMethodOf(figures: SalesSummary): { sold: MethodAmounts; returns: MethodAmounts; netSold: MethodAmounts } {
  if (figures.byMethod) return figures.byMethod;
  const split = (mode: SalesSummary['sold']): MethodAmounts => ({ cash: mode.cash, upi: 0, card: 0, otherOnline: mode.online, total: mode.total });
  return { sold: split(figures.sold), returns: split(figures.returns), netSold: split(figures.netSold) };
}

/** Today's Sold, Returns and Net sold, and the takings by method (cash, UPI, card, other online), from the day's figures. */
export default function TodayFigures() {
  const date = shopDay(new Date());
  const day = useQuery({
    queryKey: ['billing', 'dayTotals', date, ''],
    queryFn: () => callApi(purchaseRoutes.todayTotals, { params: { date } }),
    staleTime: 60_000,
  });
  const figures = day.data?.figures;
  if (!figures) return null;
  const by = byMethodOf(figures);
  return (
    <Paper withBorder p="md" component="section" aria-label="Today's figures" data-today-figures>
      <Text fw={650} mb="xs">
        Today
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mb="sm">
        <Amount label="Sold" value={figures.sold.total} />
        <Amount label="Returns" value={figures.returns.total} />
        <Amount label="Net sold" value={figures.netSold.total} />
      </SimpleGrid>
      <MethodFigures byMethod={by} label="Today's takings by method" netLabel="Takings" />
    </Paper>
  );
}

function Amount({ label, value }: { label: string; value: number }) {
  return (
    <Group justify="space-between" gap="xs" aria-label={label}>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600}>{formatRupees(value)}</Text>
    </Group>
  );
}
