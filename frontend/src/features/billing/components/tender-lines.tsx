import { Group, Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../../../shared/format.js';
import type { TenderView } from '../../../../../shared/schemas/purchase-answers.js';

/**
 * How a bill was paid, part by part (cash ₹500, UPI ₹250), on the receipt on screen, on A4 and on the 80 mm roll. A
 * bill paid whole in cash, or from before parts, shows its Payment Mode alone. A UPI part not confirmed yet says so.
 */
export function TenderLines({ tenders }: { tenders: TenderView[] | undefined }) {
  if (!tenders?.length || (tenders.length === 1 && tenders[0]!.method === 'cash' && !tenders[0]!.reference)) return null;
  return (
    <Stack gap={0} data-tenders>
      {tenders.map((t, i) => (
        <Group key={i} justify="space-between" gap={4}>
          <Text size="xs">
            Paid by {t.label}
            {t.pending ? ', to be confirmed' : ''}
            {t.reference ? ` (ref ${t.reference})` : ''}
          </Text>
          <Text size="xs">{formatRupees(t.amount)}</Text>
        </Group>
      ))}
    </Stack>
  );
}
