import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRupees, shopDay } from '../../../../../shared/format.js';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';
import { byMethodOf, MethodFigures } from '../../../components/method-figures.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * Today's Sold, Returns and Net sold, the new credit given and dues collected when there were any, and the takings by
 * method (cash, UPI, card, other online), from the day's figures.
 */
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
      {figures.onAccount && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mb="sm">
          <Amount label="New credit given" value={figures.onAccount.sold} />
          <Amount label="Dues collected" value={figures.onAccount.duesCollected} />
        </SimpleGrid>
      )}
      {/* Dues collected are takings beside the net sold; goods sold on account are in no method until paid. */}
      <MethodFigures byMethod={by} dues={figures.onAccount?.dues} label="Today's takings by method" netLabel={figures.onAccount ? 'Net sold' : 'Takings'} />
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
