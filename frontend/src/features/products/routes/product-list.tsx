import { Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SELECT_PRODUCTS, productIds, type Product } from '../../../../../shared/schemas/catalogue.js';
import { DEFAULT_UNIT } from '../../../../../shared/gst.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Thumbnail } from '../../../components/image-picker.js';
import { ConfirmedDelete, useConfirmedDelete, useListSearch } from '../../../components/list-state.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { useCan } from '../../../lib/use-can.js';
import { useCategoryNames, useDeleteProducts, useProductCount, useProductPage } from '../api/products.js';
import { useSelection } from '../components/use-selection.js';
import { ListActions } from '../../../components/back-links.js';

/** What the list hands bulk edit in the navigation state (spec 2 section 2). */
export interface BulkEditState {
  ids: number[];
  /** The screen the bulk edit returns to when saved or cancelled: the product list unless it came from another. */
  returnTo?: BulkEditReturn;
}

/** Screens a bulk edit is opened from. */
export const BULK_EDIT_RETURNS = ['/product', '/product/withoutHsn'] as const;
export type BulkEditReturn = (typeof BULK_EDIT_RETURNS)[number];

type Mode = 'view' | 'select';

/**
 * /product: the product list, pages of 5 with search, in view mode or select mode (ticks, select-all, Modify and
 * Delete). Create and Modify need ProductEdit, Delete needs ProductDelete (spec 2 sections 2 and 6).
 */
export default function ProductListScreen() {
  const can = useCan();
  return (
    <Page
      title="Products"
      description="The product catalogue. Switch to Select to modify or delete several products at once."
      actions={
        <ListActions add={{ show: can('ProductEdit'), to: '/product/new', label: 'Create' }} />
      }
    >
      <RequireFeature anyOf={['ProductList', 'ProductEdit', 'ProductDelete']} what="the product list">
        <ProductTable canModify={can('ProductEdit')} canDelete={can('ProductDelete')} />
      </RequireFeature>
    </Page>
  );
}

function ProductTable({ canModify, canDelete }: { canModify: boolean; canDelete: boolean }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('view');
  const { search, page, setPage, searchProps } = useListSearch();
  const [message, setMessage] = useState<string | null>(null);
  const selection = useSelection();
  const count = useProductCount(search);
  const total = count.data ?? 0;
  const shownPage = Math.min(page, pageCount(total));
  const products = useProductPage(search, shownPage);
  const categories = useCategoryNames();
  const remove = useConfirmedDelete(useDeleteProducts(), (ids: number[]) => ids, () => 'The products', {
    onDeleted: (ids) => selection.drop(ids),
  });
  const selecting = mode === 'select';
  const pageIds = (products.data ?? []).map((p) => p.productId);
  const pageState = selection.pageState(pageIds);

  /** The ticked ids if a bulk action may take them; otherwise the spec's message ('Select product(s) ...'). */
  const chosenIds = (): number[] | undefined => {
    const parsed = productIds.safeParse(selection.ids);
    if (parsed.success) return parsed.data;
    setMessage(parsed.error.issues[0]?.message ?? SELECT_PRODUCTS);
    return undefined;
  };

  const modify = () => {
    const ids = chosenIds();
    if (ids) void navigate('/product/edit', { state: { ids } satisfies BulkEditState });
  };

  const askDelete = () => {
    const ids = chosenIds();
    if (ids) remove.ask(ids);
  };

  const changeMode = (next: Mode) => {
    setMode(next);
    if (next === 'view') selection.clear();
  };

  const columns: Column<Product>[] = [
    { key: 'id', header: 'Id', render: (p) => p.productId },
    { key: 'name', header: 'Name', render: (p) => <Text size="sm" fw={500}>{p.productName}</Text> },
    { key: 'category', header: 'Category', render: (p) => categories.data?.[String(p.categoryId)] ?? '' },
    { key: 'description', header: 'Description', render: (p) => <Text size="sm" lineClamp={2} maw={260}>{p.description}</Text> },
    { key: 'size', header: 'Size', render: (p) => p.size },
    { key: 'colour', header: 'Colour', render: (p) => p.colour },
    // What the tax invoice prints per line; a product without a code shows the gap the GST return would flag.
    { key: 'hsn', header: 'HSN code', render: (p) => (p.hsnCode ? `${p.hsnCode} · ${p.unit ?? DEFAULT_UNIT}` : <Text size="sm" c="dimmed">None yet</Text>) },
    { key: 'image', header: 'Image', render: (p) => <Thumbnail url={p.imageUrl} alt={p.productName} /> },
  ];
  if (selecting) {
    columns.unshift({
      key: 'select',
      header: (
        <Checkbox
          aria-label="Select all products on this page"
          checked={pageState === 'all'}
          indeterminate={pageState === 'some'}
          disabled={pageIds.length === 0}
          onChange={(event) => selection.setPage(pageIds, event.currentTarget.checked)}
        />
      ),
      render: (p) => (
        <Checkbox
          aria-label={`Select ${p.productName}`}
          checked={selection.selected.has(p.productId)}
          onChange={(event) => selection.toggle(p.productId, event.currentTarget.checked)}
        />
      ),
    });
  }

  return (
    <>
      <SavedNotice />
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={0} flex="1 1 320px" maw={560}>
          <SearchBox
            label="Search by product name"
            {...searchProps}
          />
          <SearchCapNote search={search} total={count.data} records="products" />
        </Stack>
        <Button component={Link} to="/product/withoutHsn" variant="subtle" size="sm">
          Products without HSN code
        </Button>
        {(canModify || canDelete) && (
          <SegmentedControl
            aria-label="List mode"
            value={mode}
            onChange={(value) => changeMode(value as Mode)}
            data={[
              { label: 'View', value: 'view' },
              { label: 'Select', value: 'select' },
            ]}
          />
        )}
      </Group>
      {selecting && (
        <Paper withBorder p="sm" bg="var(--mantine-color-brand-0)">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm">
              <Badge size="lg" variant="white" tt="none" aria-live="polite">
                {selection.ids.length} selected
              </Badge>
              {selection.ids.length > 0 && (
                <Button size="xs" variant="subtle" onClick={selection.clear}>
                  Clear selection
                </Button>
              )}
            </Group>
            <Group gap="sm">
              {canModify && (
                <Button size="sm" leftSection={<IconPencil size={16} />} onClick={modify}>
                  Modify
                </Button>
              )}
              {canDelete && (
                <Button size="sm" color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={askDelete}>
                  Delete
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}
      <PagedTable
        caption="Products"
        columns={columns}
        rows={products.data}
        rowKey={(p) => p.productId}
        page={shownPage}
        total={total}
        onPageChange={setPage}
        loading={products.isPending || count.isPending}
        emptyText={search ? `No product name has a word starting with “${search}”.` : 'No products yet.'}
        minWidth={860}
      />
      <ConfirmedDelete state={remove} title="Delete products" confirmLabel="Yes" question={() => 'Are you sure to delete?'} />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
