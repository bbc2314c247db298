import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';

interface ListPagerProps {
  /** Names the list for screen readers ('Your Orders'). */
  label: string;
  /** The page shown, counted from 1. */
  page: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous/next and page numbers under a list of cards: pages of 5 counted from 1 (spec 1 section 9). */
export function ListPager({ label, page, total, onChange }: ListPagerProps) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 ? 'None' : `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total}`}
      </Text>
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        aria-label={`${label} pages`}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
