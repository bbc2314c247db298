import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { indiaToday } from '../../../../../shared/leave-days.js';
import { NO_INVENTORY, type Inventory } from '../../../../../shared/schemas/inventory.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { ProductSearchField } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { useCan } from '../../../lib/use-can.js';
import { useInventoryDates, useInventoryPage, type InventoryView } from '../api/inventory.js';
import { BackButton } from '../../../components/back-links.js';
import { useKeepPageInRange, useViewOrSearch } from '../../../components/list-state.js';

const ALL_DATES = 'all';
const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * /inventory (spec 2 sections 2 and 4): the goods received, by receiving day (today's by default) or all of them,
 * with search, pages of 5, and the ways to add and upload inventory.
 */
export default function InventoryListScreen() {
  const can = useCan();
  const canEdit = can('InventoryEdit');
  return (
    <Page
      title="Inventory"
      description="Goods received, by the day they came in."
      actions={
        <>
          <BackButton />
          {canEdit && (
            <Button component={Link} to="/inventory/new" variant="light" leftSection={<IconPlus size={16} />}>
              Add Inventory
            </Button>
          )}
          {canEdit && (
            <Button component={Link} to="/inventoryFile" leftSection={<IconUpload size={16} />}>
              Upload Inventory
            </Button>
          )}
        </>
      }
    >
      <RequireFeature anyOf={['InventoryList', 'InventoryEdit']} what="the inventory list">
        <InventoryTable />
      </RequireFeature>
    </Page>
  );
}

const viewKey = (view: InventoryView) => (view.kind === 'date' ? view.date : view.kind === 'search' ? `search:${view.text}` : ALL_DATES);

function InventoryTable() {
  const today = indiaToday(new Date());
  const list = useViewOrSearch(today);
  const { choice: date, choose: chooseDate, search, page, setPage } = list;
  const [emptyDismissed, setEmptyDismissed] = useState<string | null>(null);

  const view: InventoryView = search !== null ? { kind: 'search', text: search } : date === ALL_DATES ? { kind: 'all' } : { kind: 'date', date };
  const dates = useInventoryDates();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const { rows, count } = useInventoryPage(view, page);
  const total = count.data ?? 0;

  const lastPage = pageCount(total);
  useKeepPageInRange(list, count.data);

  // Today first, whether or not anything came in yet; then the other receiving days; then everything.
  const dateOptions = [
    { value: today, label: `Today, ${formatDate(today)}` },
    ...(dates.data ?? []).filter((d) => d !== today).map((d) => ({ value: d, label: formatDate(d) })),
    { value: ALL_DATES, label: 'All dates' },
  ];

  const emptyView = view.kind !== 'search' && count.data === 0 && !count.isPlaceholderData;
  const showEmptyPopup = emptyView && emptyDismissed !== viewKey(view);

  const quantity = (r: Inventory) => r.quantity.toLocaleString('en-IN');
  // On a phone a receipt's facts stack in one column beside its quantity and prices.
  const columns: Column<Inventory>[] = compact
    ? [
        {
          key: 'product',
          header: 'Product',
          render: (r) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {r.productName}
              </Text>
              <Text size="xs" c="dimmed">
                {r.artcode} · Id {r.productId}
              </Text>
              {r.vendor && (
                <Text size="xs" c="dimmed">
                  {r.vendor}
                </Text>
              )}
              {view.kind !== 'date' && (
                <Text size="xs" c="dimmed">
                  Received {formatDate(r.inventoryDate)}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'received',
          header: 'Quantity',
          align: 'right',
          render: (r) => (
            <Stack gap={2} align="flex-end">
              <Text size="sm" fw={600}>
                {quantity(r)}
              </Text>
              <Text size="xs" c="dimmed" style={noWrap}>
                MRP {formatRupees(r.mrp)}
              </Text>
              <Text size="xs" c="dimmed" style={noWrap}>
                Bought {formatRupees(r.buyingPrice)}
              </Text>
            </Stack>
          ),
        },
      ]
    : [
        { key: 'name', header: 'Product Name', render: (r) => <Text size="sm" fw={500}>{r.productName}</Text> },
        { key: 'productId', header: <span style={noWrap}>Product Id</span>, align: 'right', render: (r) => r.productId },
        { key: 'vendor', header: 'Vendor', render: (r) => r.vendor || '—' },
        { key: 'artcode', header: <span style={noWrap}>Artcode / HSN</span>, render: (r) => <Text size="sm" style={noWrap}>{r.artcode}</Text> },
        { key: 'quantity', header: 'Quantity', align: 'right', render: quantity },
        { key: 'mrp', header: 'MRP', align: 'right', render: (r) => <span style={noWrap}>{formatRupees(r.mrp)}</span> },
        { key: 'bought', header: <span style={noWrap}>Bought Price</span>, align: 'right', render: (r) => <span style={noWrap}>{formatRupees(r.buyingPrice)}</span> },
        ...(view.kind !== 'date'
          ? [{ key: 'date', header: 'Received', render: (r: Inventory) => <span style={noWrap}>{formatDate(r.inventoryDate)}</span> }]
          : []),
      ];

  return (
    <>
      <SavedNotice />
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label="Date"
          size="sm"
          w={{ base: '100%', xs: 220 }}
          value={date}
          onChange={(event) => chooseDate(event.currentTarget.value)}
          data={dateOptions}
        />
        <ProductSearchField key={list.searchFieldKey} {...list.searchProps} />
      </Group>
      {search !== null && (
        <Text size="sm" c="dimmed" aria-live="polite">
          Receipts of every date whose product name has a word starting with “{search}”, then those whose artcode starts with it.
        </Text>
      )}
      <SearchCapNote search={search ?? ''} total={count.data} records="receipts" narrow="of the name or artcode" />
      <PagedTable
        caption="Inventory"
        columns={columns}
        rows={rows.data}
        rowKey={(r) => r.inventoryId}
        page={Math.min(page, lastPage)}
        total={total}
        onPageChange={setPage}
        loading={rows.isPending || count.isPending}
        emptyText={
          view.kind === 'search' ? `No product name has a word starting with “${view.text}”, and no artcode starts with it.` : view.kind === 'date' ? `Nothing was received on ${formatDate(view.date)}.` : NO_INVENTORY
        }
        minWidth={compact ? 300 : view.kind === 'date' ? 760 : 860}
      />
      <MessageModal opened={showEmptyPopup} message={NO_INVENTORY} onClose={() => setEmptyDismissed(viewKey(view))} />
    </>
  );
}
