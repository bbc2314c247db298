import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from './paged-table.js';
import { SavedNotice } from './saved-notice.js';
import { SearchBox, type SearchBoxProps } from './search-box.js';

/**
 * A list screen's body with nothing beside its search: the saved notice, the search field (with `note` under it,
 * e.g. a `SearchCapNote`) and the paged table.
 */
export function SearchedTable<Row>({ search, note, ...table }: PagedTableProps<Row> & { search: SearchBoxProps; note?: ReactNode }) {
  return (
    <>
      <SavedNotice />
      <Group>
        <Box flex={1} maw={560}>
          <SearchBox {...search} />
          {note}
        </Box>
      </Group>
      <PagedTable {...table} />
    </>
  );
}
