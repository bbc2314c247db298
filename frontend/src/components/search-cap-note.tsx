import { Text } from '@mantine/core';
import { SEARCH_COUNT_CAP } from '../../../shared/schemas/page-size.js';

const cap = SEARCH_COUNT_CAP.toLocaleString('en-IN');

/**
 * Under a list's search box when the search's count reached the server's cap (a prefix count stops at
 * SEARCH_COUNT_CAP): says that at least that many records match the text, that the list pages through the
 * first of them, and how to narrow it. Nothing for a count under the cap or without a search.
 */
export function SearchCapNote({ search, total, records, narrow = 'of the name' }: { search: string; total: number | undefined; records: string; narrow?: string }) {
  if (!search || total === undefined || total < SEARCH_COUNT_CAP) return null;
  return (
    <Text size="sm" c="dimmed" mt={4}>
      {cap} or more {records} match “{search}”: the first {cap} are listed. Type more {narrow} to narrow the list.
    </Text>
  );
}
