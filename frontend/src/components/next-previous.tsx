import { Button, Group } from '@mantine/core';

/**
 * Previous and Next under a list read a page at a time by the server's cursor (no page count to jump to): Previous
 * from the second page on, Next while the server says more follow.
 */
export function NextPrevious({ page, hasNext, onPage }: { page: number; hasNext: boolean | undefined; onPage: (page: number) => void }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" size="xs" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="default" size="xs" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
