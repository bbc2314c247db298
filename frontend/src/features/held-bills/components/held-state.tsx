import { Badge } from '@mantine/core';
import type { HeldState } from '../../../../../shared/schemas/purchase.js';

const STATE_LABELS: Record<HeldState, { label: string; color: string }> = {
  held: { label: 'Waiting', color: 'orange' },
  resolved: { label: 'Saved after fixing', color: 'green' },
  soldAgainstNegativeStock: { label: 'Sold against negative stock', color: 'grape' },
  discarded: { label: 'Discarded', color: 'gray' },
};

/** Where a held bill stands, in the words of the screen. */
export function HeldStateBadge({ state }: { state: HeldState }) {
  const { label, color } = STATE_LABELS[state];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
