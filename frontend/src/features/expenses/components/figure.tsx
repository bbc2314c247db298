import { Paper, Text } from '@mantine/core';

/** One figure of a report's summary: a label over its value. */
export function Figure({ label, value, tone }: { label: string; value: string; tone?: 'gain' | 'loss' }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={tone === 'loss' ? 'red.7' : tone === 'gain' ? 'teal.7' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}
