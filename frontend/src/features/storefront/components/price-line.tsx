import { Group, Text } from '@mantine/core';
import { formatRupees } from '../../../../../shared/format.js';

/** Price, and the MRP struck through beside it when it is higher (spec 1 section 2). */
export function PriceLine({ price, mrp, size = 'md' }: { price: number; mrp: number; size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text fw={700} size={size} aria-label={`Price ${formatRupees(price)}`}>
        {formatRupees(price)}
      </Text>
      {mrp > price && (
        <Text size="sm" c="dimmed" td="line-through" aria-label={`MRP ${formatRupees(mrp)}`}>
          {formatRupees(mrp)}
        </Text>
      )}
    </Group>
  );
}
