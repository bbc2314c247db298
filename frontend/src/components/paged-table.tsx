import { Center, Group, Loader, Pagination, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PAGE_SIZE } from '../../../shared/schemas/page-size.js';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
}

export interface PagedTableProps<Row> {
  /** Names the table for screen readers, e.g. 'Customers'. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** The page shown, counted from 1. */
  page: number;
  /** How many rows exist in all pages (the list's count call). */
  total: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  emptyText?: string;
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth?: number;
  /** False for views that show every row at once (no page buttons). */
  paged?: boolean;
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The `?page&size` of a list call for a page counted from 1 (the API counts pages from 0). */
export const pageQueryFor = (page: number) => ({ page: page - 1, size: PAGE_SIZE });

/**
 * What the footer says of the rows. Nothing while the rows or their count are loading, and 'No records' only when
 * the loaded list is empty: the loader and 'No records' never show together, nor 'No records' beside rows whose count
 * has not come yet.
 */
export function countText({ loading, shown, total, page, paged }: { loading: boolean; shown: number; total: number; page: number; paged: boolean }) {
  if (loading) return '';
  if (shown === 0 && total === 0) return 'No records';
  if (total === 0) return '';
  if (!paged) return `${total} ${total === 1 ? 'record' : 'records'}`;
  return `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total}`;
}

/**
 * The list table of every screen: pages of 5, numbered from 1, with previous and next (spec 1 section 9); views
 * showing every row at once leave the page buttons out.
 */
export function PagedTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  page,
  total,
  onPageChange,
  loading = false,
  emptyText = 'Nothing to show yet.',
  minWidth = 640,
  paged = true,
}: PagedTableProps<Row>) {
  const pages = pageCount(total);

  return (
    <Paper withBorder>
      {/* A table wider than the screen scrolls sideways: its scroller takes the focus, so the keyboard scrolls it too. */}
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} className="visually-hidden">
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableRows loading={loading} rows={rows} span={columns.length} empty={emptyText}>
              {(row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              )}
            </TableRows>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" px="md" py="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {countText({ loading, shown: rows?.length ?? 0, total, page, paged })}
        </Text>
        {paged && (
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            siblings={1}
            aria-label={`${caption} pages`}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>
    </Paper>
  );
}

interface TableRowsProps<Row> {
  loading: boolean;
  rows: Row[] | undefined;
  /** How many columns the loader and the empty text span. */
  span: number;
  empty: ReactNode;
  /** One `Table.Tr` per row. */
  children: (row: Row) => ReactNode;
}

/**
 * A row across the whole table whose content stays in view: on a phone the table scrolls sideways, and text centred
 * in the full width would sit off screen.
 */
const inView = { position: 'sticky', left: 0, width: 'min(100%, calc(100vw - 4rem))' } as const;

/** The body rows of a table: a loader while loading, the empty text when there are no rows, else the rows. */
export function TableRows<Row>({ loading, rows, span, empty, children }: TableRowsProps<Row>) {
  if (loading) {
    return (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Center py="lg" style={inView}>
            <Loader size="sm" aria-label="Loading" />
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Text c="dimmed" ta="center" py="lg" style={inView}>
            {empty}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return <>{rows.map(children)}</>;
}
