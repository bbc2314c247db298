import { Group, Text } from '@mantine/core';
import { formatRupees } from '../../../../../shared/format.js';

/** Price, and the MRP struck through beside it when it is higher (spec 1 section 2), unless the MRP has a line of its own. */
export function PriceLine({ price, mrp, size = 'md', withMrp = true }: { price: number; mrp: number; size?: 'md' | 'lg' | 'xl'; withMrp?: boolean }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text fw={700} size={size} aria-label={`Price ${formatRupees(price)}`}>
        {formatRupees(price)}
      </Text>
      {withMrp && mrp > price && (
        <Text size="sm" c="dimmed" td="line-through" aria-label={`MRP ${formatRupees(mrp)}`}>
          {formatRupees(mrp)}
        </Text>
      )}
    </Group>
  );
}
