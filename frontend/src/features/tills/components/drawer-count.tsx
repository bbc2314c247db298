import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPaise } from '../../../../../shared/format.js';
import { countedTotal, DENOMINATIONS, denominationLabel, type DrawerCount } from '../../../../../shared/till.js';

interface DrawerCountProps {
  value: DrawerCount;
  onChange: (count: DrawerCount) => void;
}

/** How many of each note and coin are in the drawer; the total follows as the cashier types. */
export function DrawerCountFields({ value, onChange }: DrawerCountProps) {
  const groups = [
    { title: 'Notes', items: DENOMINATIONS.filter((d) => d.kind === 'note') },
    { title: 'Coins', items: DENOMINATIONS.filter((d) => d.kind === 'coin') },
  ];
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <Stack key={group.title} gap={4}>
          <Text fw={600} size="sm">
            {group.title}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            {group.items.map((d) => (
              <NumberInput
                key={d.key}
                label={denominationLabel(d)}
                min={0}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                value={value[d.key] ?? ''}
                onChange={(v) => onChange({ ...value, [d.key]: typeof v === 'number' ? v : v === '' ? 0 : Number(v) || 0 })}
                description={value[d.key] ? formatPaise(value[d.key]! * d.rupees * 100) : ' '}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <Text fw={700} aria-label="Counted">
        Counted: {formatPaise(countedTotal(value))}
      </Text>
    </Stack>
  );
}
