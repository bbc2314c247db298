import { Loader, Paper, Text } from '@mantine/core';

/**
 * One figure of a report's summary: a label over its value. Without a value yet (the report is loading) it shows a
 * loader rather than a zero that could be mistaken for the answer.
 */
export function Figure({ label, value, tone }: { label: string; value: string | undefined; tone?: 'gain' | 'loss' }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-busy={value === undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={tone === 'loss' ? 'red.7' : tone === 'gain' ? 'teal.7' : undefined}>
        {value ?? <Loader size="xs" component="span" aria-label={`Loading ${label}`} />}
      </Text>
    </Paper>
  );
}
