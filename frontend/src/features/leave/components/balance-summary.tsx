import { Group, Paper, Progress, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { LeaveBalance } from '../../../../../shared/schemas/leave.js';

interface BalanceSummaryProps {
  /** Names the group for screen readers and heads it, e.g. 'Your balance in 2026'. */
  title: string;
  balances: LeaveBalance[] | undefined;
  /** The type the form has chosen, highlighted. */
  selected?: number;
  loading?: boolean;
}

/** The days left per leave type in a year (spec 3 section 3: Leave balance: leaveName, remainingLeave). */
export function BalanceSummary({ title, balances, selected, loading = false }: BalanceSummaryProps) {
  return (
    <section aria-label={title}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {loading ? (
        <Skeleton h={64} radius="lg" />
      ) : !balances?.length ? (
        <Text size="sm" c="dimmed">
          No leave types are defined yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {balances.map((balance) => {
            const chosen = balance.leaveMasterId === selected;
            return (
              <Paper
                key={balance.leaveMasterId}
                withBorder
                p="sm"
                role="group"
                aria-label={`${balance.leaveName} balance`}
                style={chosen ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate="end">
                    {balance.leaveName}
                  </Text>
                  <Text size="sm" fw={700} c={balance.remainingLeave === 0 ? 'red.7' : 'brand.8'} style={{ whiteSpace: 'nowrap' }}>
                    {balance.remainingLeave} of {balance.allowance} days left
                  </Text>
                </Group>
                <Progress
                  mt={8}
                  size="sm"
                  value={balance.allowance ? (balance.remainingLeave / balance.allowance) * 100 : 0}
                  color={balance.remainingLeave === 0 ? 'red' : 'brand'}
                  aria-hidden
                />
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
