import { Box, Group } from '@mantine/core';
import { PagedTable, type PagedTableProps } from './paged-table.js';
import { SavedNotice } from './saved-notice.js';
import { SearchBox, type SearchBoxProps } from './search-box.js';

/** A list screen's body with nothing beside its search: the saved notice, the search field and the paged table. */
export function SearchedTable<Row>({ search, ...table }: PagedTableProps<Row> & { search: SearchBoxProps }) {
  return (
    <>
      <SavedNotice />
      <Group>
        <Box flex={1} maw={560}>
          <SearchBox {...search} />
        </Box>
      </Group>
      <PagedTable {...table} />
    </>
  );
}
