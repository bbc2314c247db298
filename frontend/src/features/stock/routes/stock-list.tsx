import { Box, Button, Flex, Group, Menu, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypePdf, IconHistory, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { LOW_STOCK_LIMIT, NO_STOCK, type Stock } from '../../../../../shared/schemas/inventory.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { ProductSearchField } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { errorText } from '../../../lib/query-client.js';
import { useCan } from '../../../lib/use-can.js';
import { isPaged, useDownloadStockReport, useInventoryDates, useStockList, type ReportFormat, type StockView } from '../api/stock.js';
import { MovementHistory } from '../components/movement-history.js';
import { ListActions } from '../../../components/back-links.js';
import { useKeepPageInRange, useViewOrSearch } from '../../../components/list-state.js';

const noWrap = { whiteSpace: 'nowrap' } as const;
type ViewChoice = 'current' | 'full' | 'low' | `date:${string}`;

const viewOf = (choice: ViewChoice, search: string | null): StockView => {
  if (search !== null) return { kind: 'search', text: search };
  if (choice.startsWith('date:')) return { kind: 'date', date: choice.slice(5) };
  return { kind: choice as 'current' | 'full' | 'low' };
};

/** Stock list (spec 2 sections 2 and 4): views, search, low quantities highlighted, history, report download. */
export default function StockListScreen() {
  const can = useCan();
  return (
    <Page
      title="Stock"
      description="What is on the shelf, product by product."
      size="xl"
      actions={
        <ListActions add={{ show: can('InventoryEdit'), to: '/stock/new', label: 'Add Stock' }} />
      }
    >
      <RequireFeature anyOf={['StockList', 'InventoryEdit']} what="the stock list">
        <StockTable canEdit={can('InventoryEdit')} />
      </RequireFeature>
    </Page>
  );
}

/** The quantity, highlighted at the low-stock limit or under it. */
function QuantityCell({ line }: { line: Stock }) {
  const low = line.quantity <= LOW_STOCK_LIMIT;
  if (!low) return <>{line.quantity.toLocaleString('en-IN')}</>;
  return (
    <Box
      component="span"
      px={8}
      py={2}
      bg="red.1"
      c="red.9"
      fw={700}
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'inline-block', ...noWrap }}
      title={`Low quantity: ${LOW_STOCK_LIMIT} or less`}
      data-low="true"
    >
      {line.quantity.toLocaleString('en-IN')}
      <span className="visually-hidden"> (low)</span>
    </Box>
  );
}

/** When and by whom; `inline` writes it on one line with a label (the phone layout). */
function Stamp({ on, by, label, inline = false }: { on?: string; by?: string; label?: string; inline?: boolean }) {
  if (inline) {
    if (!on) return null;
    return (
      <Text size="xs" c="dimmed">
        {label} {formatDate(on)}
        {by ? ` by ${by}` : ''}
      </Text>
    );
  }
  if (!on) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" style={noWrap}>
        {formatDate(on)}
      </Text>
      {by && (
        <Text size="xs" c="dimmed" style={noWrap}>
          by {by}
        </Text>
      )}
    </Stack>
  );
}

function StockTable({ canEdit }: { canEdit: boolean }) {
  const list = useViewOrSearch<ViewChoice>('current');
  const { choice, choose, search, page, setPage } = list;
  const [history, setHistory] = useState<Stock | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [emptyDismissed, setEmptyDismissed] = useState(false);

  const view = viewOf(choice, search);
  const paged = isPaged(view);
  const dates = useInventoryDates();
  const { rows, total, loading } = useStockList(view, page);
  const download = useDownloadStockReport();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;

  const lastPage = pageCount(total ?? 0);
  useKeepPageInRange(list, total);

  const downloadAs = (format: ReportFormat) =>
    download.mutate({ format, view }, { onError: (error) => setMessage(`Download Failed: ${errorText(error)}`) });

  // The shop has no stock at all: the spec's popup, once.
  const noStock = (view.kind === 'current' || view.kind === 'full') && total === 0;

  const actions = (s: Stock) => (
    <Flex gap="xs" justify="flex-end" direction={compact ? 'column' : 'row'} align={compact ? 'stretch' : 'center'}>
      <Button size="xs" variant="subtle" leftSection={<IconHistory size={14} />} onClick={() => setHistory(s)} aria-label={`History of ${s.productName} (${s.artcode})`}>
        History
      </Button>
      {canEdit && (
        <Button size="xs" variant="light" component={Link} to={`/stock/${s.stockId}`} leftSection={<IconPencil size={14} />} aria-label={`Edit ${s.productName} (${s.artcode})`}>
          Edit
        </Button>
      )}
    </Flex>
  );
  const received = (s: Stock) => (s.receivedOnDate ?? 0).toLocaleString('en-IN');

  // On a phone a line's facts stack in one column beside its quantity, so nothing scrolls out of sight.
  const columns: Column<Stock>[] = compact
    ? [
        {
          key: 'line',
          header: 'Product',
          render: (s) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {s.productName}
              </Text>
              <Text size="xs" c="dimmed">
                {s.artcode} · Id {s.productId}
                {s.vendor ? ` · ${s.vendor}` : ''}
              </Text>
              {view.kind === 'date' && <Text size="xs">Received that day: {received(s)}</Text>}
              <Stamp label="Created" on={s.createdOn} by={s.createdBy} inline />
              <Stamp label="Updated" on={s.updatedOn} by={s.updatedBy} inline />
            </Stack>
          ),
        },
        {
          key: 'quantity',
          header: 'Quantity',
          align: 'right',
          render: (s) => (
            <Stack gap="xs" align="flex-end">
              <QuantityCell line={s} />
              {actions(s)}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'vendor', header: 'Vendor', render: (s) => s.vendor || '—' },
        { key: 'name', header: 'Product Name', render: (s) => <Text size="sm" fw={500}>{s.productName}</Text> },
        { key: 'artcode', header: 'Artcode', render: (s) => <Text size="sm" style={noWrap}>{s.artcode}</Text> },
        { key: 'productId', header: <span style={noWrap}>Product Id</span>, align: 'right', render: (s) => s.productId },
        { key: 'quantity', header: 'Quantity', align: 'right', render: (s) => <QuantityCell line={s} /> },
        ...(view.kind === 'date' ? [{ key: 'received', header: 'Received that day', align: 'right' as const, render: received }] : []),
        { key: 'created', header: <span style={noWrap}>Created On</span>, render: (s) => <Stamp on={s.createdOn} by={s.createdBy} /> },
        { key: 'updated', header: <span style={noWrap}>Updated On</span>, render: (s) => <Stamp on={s.updatedOn} by={s.updatedBy} /> },
        { key: 'actions', header: <span className="visually-hidden">Actions</span>, align: 'right', render: actions },
      ];

  const viewOptions = [
    {
      group: 'Views',
      items: [
        { value: 'current', label: 'Current Stock' },
        { value: 'full', label: 'Full View' },
        { value: 'low', label: `Low Quantity (${LOW_STOCK_LIMIT} or less)` },
      ],
    },
    { group: 'Received on', items: (dates.data ?? []).map((d) => ({ value: `date:${d}`, label: formatDate(d) })) },
  ];

  return (
    <>
      <SavedNotice />
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label="View"
          size="sm"
          w={{ base: '100%', xs: 240 }}
          value={choice}
          onChange={(event) => choose(event.currentTarget.value as ViewChoice)}
          data={viewOptions}
        />
        <ProductSearchField key={list.searchFieldKey} {...list.searchProps} />
        <Box ml={{ base: 0, md: 'auto' }} pt={{ base: 0, xs: 24 }}>
          <Menu position="bottom-end" shadow="md" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={download.isPending}>
                Download
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{view.kind === 'low' ? 'Low Quantity' : view.kind === 'date' ? `Received on ${formatDate(view.date)}` : 'Full stock'}</Menu.Label>
              <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => downloadAs('pdf')}>
                Download as PDF
              </Menu.Item>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => downloadAs('excel')}>
                Download as Excel
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Box>
      </Group>
      {search !== null && (
        <Text size="sm" c="dimmed" aria-live="polite">
          Lines whose product name has a word starting with “{search}”, then those whose artcode starts with it.
        </Text>
      )}
      <SearchCapNote search={search ?? ''} total={total} records="lines" narrow="of the name or artcode" />
      <PagedTable
        caption="Stock"
        columns={columns}
        rows={rows.data}
        rowKey={(s) => s.stockId}
        page={paged ? Math.min(page, lastPage) : 1}
        total={total ?? 0}
        onPageChange={setPage}
        loading={loading}
        paged={paged}
        emptyText={
          view.kind === 'search'
            ? `No product name has a word starting with “${view.text}”, and no artcode starts with it.`
            : view.kind === 'low'
              ? `No product has ${LOW_STOCK_LIMIT} or fewer units.`
              : view.kind === 'date'
                ? `Nothing was received on ${formatDate(view.date)}.`
                : NO_STOCK
        }
        minWidth={compact ? 300 : view.kind === 'date' ? 1180 : 1060}
      />
      <MovementHistory line={history} onClose={() => setHistory(null)} />
      <MessageModal opened={noStock && !emptyDismissed} message={NO_STOCK} onClose={() => setEmptyDismissed(true)} />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
