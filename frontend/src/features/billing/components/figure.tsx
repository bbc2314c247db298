import { Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../../../shared/format.js';

/** One money figure of a report block (shared/figures.ts), named by its label for screen readers and tests. */
export function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {formatRupees(value)}
      </Text>
    </Stack>
  );
}
