import { Alert, Badge, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconReportAnalytics } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { addDays, indiaToday, spanDays } from '../../../../../shared/leave-days.js';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import type { SalesSummary } from '../../../../../shared/schemas/figures.js';
import { SEARCH_COUNT_CAP } from '../../../../../shared/schemas/page-size.js';
import { PRICE_HEADER } from '../../../../../shared/schemas/purchase.js';
import {
  DATES_REQUIRED,
  END_AFTER_TODAY,
  FILTER_REQUIRED,
  MAX_REPORT_DAYS,
  noDataFound,
  PRODUCT_NAME_REQUIRED,
  RANGE_TOO_LONG,
  REPORT_TYPE_REQUIRED,
  REPORT_TYPES,
  START_AFTER_END,
  filtersOf,
  reportFileName,
  type ReportFilter,
  type ReportType,
} from '../../../../../shared/schemas/report.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { BackHome } from '../../../components/back-links.js';
import { Page } from '../../../components/page.js';
import { PagedTable, type Column } from '../../../components/paged-table.js';
import { ProductSuggest } from '../../../components/product-suggest.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { reportPdf, useReport, type GeneratedReport, type ReportRequest } from '../api/reports.js';
import { ReportEmailSwitch } from '../components/report-email-switch.js';
import { DateField } from '../../../components/date-field.js';

// The drawings load in a chunk of their own, after the figures.
const ReportCharts = lazy(() => import('../components/report-charts.js'));

const FILTER_LABELS: Record<ReportFilter, string> = { ProductName: 'Product Name', Date: 'Date', CurrentStock: 'Current Stock' };

/**
 * Report Generation (spec 3 sections 2, 4, 5): report type Inventory, Purchase, Stock or Sales; filter by product
 * name (suggestions from 4 letters), a date range (end not after today, start not after end) or, for Stock, the
 * current stock. Changing the type resets the filter; Generate is enabled once the filter is complete. Figures,
 * charts, the rows in pages of 5, Download PDF, and Back to /home.
 */
export default function ReportGeneration() {
  return (
    <Page title="Report Generation" size="xl">
      <RequireFeature anyOf={['ReportList']} what="reports">
        <Stack gap="lg">
          <ReportScreen />
          <ReportEmailSwitch />
        </Stack>
      </RequireFeature>
    </Page>
  );
}

/** The date rules of spec 3 section 5 (and the server's one-year bound): the first message that applies. */
export function dateProblem(start: string, end: string, today: string): string | undefined {
  if (!start || !end) return DATES_REQUIRED;
  if (end > today) return END_AFTER_TODAY;
  if (start > end) return START_AFTER_END;
  if (spanDays(start, end) > MAX_REPORT_DAYS) return RANGE_TOO_LONG;
  return undefined;
}

function ReportScreen() {
  const today = indiaToday(new Date());
  const [type, setType] = useState<ReportType | null>(null);
  const [filter, setFilter] = useState<ReportFilter | null>(null);
  const [product, setProduct] = useState<InventorySuggestion | null>(null);
  const [productKey, setProductKey] = useState(0);
  const [start, setStart] = useState(addDays(today, -6));
  const [end, setEnd] = useState(today);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [request, setRequest] = useState<ReportRequest>();
  const [page, setPage] = useState(1);
  const [downloadProblem, setDownloadProblem] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const report = useReport(request, page);
  const navigate = useNavigate();

  // The server's refusals stay on this screen; any other failed load goes to the error screen (spec 3 section 2).
  useEffect(() => {
    if (report.isError && !isApiError(report.error, 400, 403, 404, 409, 413)) void navigate('/error', { state: { message: errorText(report.error) } });
  }, [report.isError, report.error, navigate]);

  const touch = (field: string) => setTouched((t) => ({ ...t, [field]: true }));
  const datesWrong = filter === 'Date' ? dateProblem(start, end, today) : undefined;
  const complete = type !== null && filter !== null && (filter === 'CurrentStock' || (filter === 'ProductName' ? product !== null : !datesWrong));

  const changeType = (value: string | null) => {
    setType(value as ReportType | null);
    // Spec 3 section 4: changing the report type resets the filter.
    setFilter(null);
    setProduct(null);
    setProductKey((k) => k + 1);
    setTouched((t) => ({ type: t.type ?? false }));
  };

  const generate = () => {
    if (!complete || !type || !filter) return;
    setPage(1);
    setDownloadProblem(undefined);
    setRequest(
      filter === 'ProductName'
        ? { type, filter, productName: product!.productName }
        : filter === 'Date'
          ? { type, filter, start, end }
          : { type: 'Stock', filter: 'CurrentStock' },
    );
  };

  const download = async () => {
    if (!request) return;
    setDownloadProblem(undefined);
    setDownloading(true);
    try {
      const { blob, fileName } = await reportPdf(request);
      saveFile(blob, fileName ?? reportFileName(request.type, today));
    } catch (error) {
      setDownloadProblem(isApiError(error) ? error.message : 'The report could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };

  const generated = report.data;
  const problem = report.isError ? (isApiError(report.error) ? report.error.message : 'The report could not be loaded.') : undefined;

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <form
          aria-label="Report filters"
          onSubmit={(event) => {
            event.preventDefault();
            generate();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              <Select
                label="Report Type"
                placeholder="Choose a report"
                data={[...REPORT_TYPES]}
                value={type}
                onChange={changeType}
                onBlur={() => touch('type')}
                error={touched.type && !type ? REPORT_TYPE_REQUIRED : undefined}
                withAsterisk
              />
              <Select
                label="Filter By"
                placeholder={type ? 'Choose a filter' : 'Choose the report first'}
                data={type ? filtersOf(type).map((f) => ({ value: f, label: FILTER_LABELS[f] })) : []}
                value={filter}
                disabled={!type}
                onChange={(value) => {
                  setFilter(value as ReportFilter | null);
                  setProduct(null);
                  setProductKey((k) => k + 1);
                }}
                onBlur={() => touch('filter')}
                error={touched.filter && type && !filter ? FILTER_REQUIRED : undefined}
                withAsterisk
              />
              {filter === 'ProductName' && (
                <div onBlur={() => touch('product')}>
                  <ProductSuggest
                    key={productKey}
                    label="Product Name"
                    includeNeverReceived={false}
                    value={product}
                    onChange={setProduct}
                    required
                    error={touched.product && !product ? PRODUCT_NAME_REQUIRED : undefined}
                  />
                </div>
              )}
              {filter === 'Date' && (
                <>
                  <DateField
                    label="Start Date"
                    value={start}
                    max={end || today}
                    onChange={setStart}
                    withAsterisk
                  />
                  <DateField
                    label="End Date"
                    value={end}
                    max={today}
                    min={start || undefined}
                    onChange={setEnd}
                    withAsterisk
                    error={datesWrong}
                  />
                </>
              )}
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit" leftSection={<IconReportAnalytics size={16} />} disabled={!complete} loading={report.isFetching && !generated}>
                Generate
              </Button>
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void download()} disabled={!request || !generated?.report.count} loading={downloading}>
                Download PDF
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {downloadProblem && (
        <Alert color="red" role="alert">
          {downloadProblem}
        </Alert>
      )}
      {request && report.isPending && (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      )}
      {generated && <Result generated={generated} byName={request?.filter === 'ProductName'} page={page} onPageChange={setPage} loading={report.isFetching} />}

      <BackHome />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

/**
 * What the by-name reports of receipts, bill lines and stock lines list: their count of a product name stops at
 * SEARCH_COUNT_CAP, as a list's search count does (the sales report by name covers at most 500 lines, counted exactly).
 */
const CAPPED_RECORDS: Partial<Record<ReportType, string>> = { Inventory: 'receipts', Purchase: 'bill lines', Stock: 'stock lines' };

/** A count that reached the cap, as '1,000 or more'. */
const countOf = (count: number, capped: boolean): ReactNode => (capped && count >= SEARCH_COUNT_CAP ? `${count.toLocaleString('en-IN')} or more` : count);

function figuresOf(g: GeneratedReport, capped: boolean): { label: string; value: ReactNode }[] {
  switch (g.type) {
    case 'Inventory': {
      const t = g.report.totals;
      return [
        { label: 'Receipts', value: countOf(t.receipts, capped) },
        ...(t.units === undefined ? [] : [{ label: 'Units received', value: t.units }, { label: 'Bought value', value: formatRupees(t.cost ?? 0) }]),
      ];
    }
    case 'Purchase': {
      const t = g.report.totals;
      if (t.bills === undefined || !g.report.figures) return [{ label: 'Bill lines', value: countOf(t.lines, capped) }];
      return [{ label: 'Bills', value: t.bills }, ...moneyFigures(g.report.figures)];
    }
    case 'Stock': {
      const t = g.report.totals;
      return [
        { label: 'Lines', value: countOf(t.lines, capped) },
        ...(t.low === undefined ? [] : [{ label: '5 or fewer units', value: t.low }]),
        ...(t.received === undefined ? [] : [{ label: 'Units received', value: t.received }]),
      ];
    }
    case 'Sales': {
      const t = g.report.totals;
      return [
        { label: 'Products', value: t.products },
        { label: 'Units received', value: t.received },
        { label: 'Net units sold', value: t.sold },
        { label: 'Net goods value (at bill rates)', value: formatRupees(t.soldPrice) },
        { label: 'Bought value of sold units', value: formatRupees(t.cost) },
        ...(g.report.figures ? moneyFigures(g.report.figures) : []),
      ];
    }
  }
}

/** The money of a range, gross, deductions and net side by side (shared/figures.ts): the same figures as every other report. */
const moneyFigures = (f: SalesSummary): { label: string; value: ReactNode }[] => [
  { label: 'Units sold', value: f.units.sold },
  { label: 'Units returned', value: f.units.returned },
  { label: 'Goods billed', value: formatRupees(f.goodsBilled) },
  ...(f.deliveryCharges ? [{ label: 'Delivery charges', value: formatRupees(f.deliveryCharges) }] : []),
  { label: 'Points redeemed', value: formatRupees(f.pointsRedeemed) },
  { label: 'Sold (money received)', value: formatRupees(f.sold.total) },
  { label: 'Cash', value: formatRupees(f.sold.cash) },
  { label: 'Online', value: formatRupees(f.sold.online) },
  ...(f.byMethod
    ? [
        { label: 'UPI', value: formatRupees(f.byMethod.sold.upi) },
        { label: 'Card', value: formatRupees(f.byMethod.sold.card) },
        { label: 'Other online', value: formatRupees(f.byMethod.sold.otherOnline) },
      ]
    : []),
  { label: 'Returns (refunded)', value: formatRupees(f.returns.total) },
  { label: 'Net sold', value: formatRupees(f.netSold.total) },
];

function Result({
  generated,
  byName,
  page,
  onPageChange,
  loading,
}: {
  generated: GeneratedReport;
  byName: boolean;
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
}) {
  const { report } = generated;
  const empty = report.count === 0;
  const capped = byName ? CAPPED_RECORDS[generated.type] : undefined;
  return (
    <Stack gap="md" aria-live="polite">
      <Text fw={600}>
        {generated.type} Report · {report.subject}
      </Text>
      {empty ? (
        <Alert color="yellow" role="status">
          {noDataFound(report.subject)}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            {figuresOf(generated, capped !== undefined).map((f) => (
              <Figure key={f.label} label={f.label} value={f.value} />
            ))}
          </SimpleGrid>
          <Suspense fallback={null}>
            <ReportCharts charts={report.charts} receivedInRupees={generated.type === 'Inventory'} />
          </Suspense>
          {capped && <SearchCapNote search={report.subject} total={report.count} records={capped} narrow="of the product name" />}
          <ReportTable generated={generated} page={page} onPageChange={onPageChange} loading={loading} />
        </>
      )}
    </Stack>
  );
}

function ReportTable({ generated, page, onPageChange, loading }: { generated: GeneratedReport; page: number; onPageChange: (page: number) => void; loading: boolean }) {
  const common = { page, onPageChange, loading, total: generated.report.count, emptyText: noDataFound(generated.report.subject) };
  switch (generated.type) {
    case 'Inventory':
      return <PagedTable caption="Inventory report" columns={inventoryColumns} rows={generated.report.rows} rowKey={(r) => r.inventoryId} minWidth={860} {...common} />;
    case 'Purchase':
      return <PagedTable caption="Purchase report" columns={purchaseColumns} rows={generated.report.rows} rowKey={(r) => `${r.purchaseId}-${r.purchasedProductId}`} minWidth={860} {...common} />;
    case 'Stock':
      return <PagedTable caption="Stock report" columns={stockColumns(generated.report.rows.some((r) => r.receivedOn))} rows={generated.report.rows} rowKey={(r) => `${r.stockId}-${r.receivedOn ?? ''}`} minWidth={620} {...common} />;
    case 'Sales':
      return <PagedTable caption="Sales report" columns={salesColumns} rows={generated.report.rows} rowKey={(r) => r.stockId} minWidth={900} {...common} />;
  }
}

type Rows<T extends GeneratedReport['type']> = Extract<GeneratedReport, { type: T }>['report']['rows'][number];

const inventoryColumns: Column<Rows<'Inventory'>>[] = [
  { key: 'date', header: 'Date', render: (r) => formatDate(r.inventoryDate) },
  { key: 'name', header: 'Product Name', render: (r) => r.productName },
  { key: 'artcode', header: 'Artcode', render: (r) => r.artcode },
  { key: 'vendor', header: 'Vendor', render: (r) => r.vendor },
  { key: 'qty', header: 'Quantity', align: 'right', render: (r) => r.quantity },
  { key: 'mrp', header: 'MRP', align: 'right', render: (r) => formatRupees(r.mrp) },
  { key: 'bought', header: 'Bought Price', align: 'right', render: (r) => formatRupees(r.buyingPrice) },
  { key: 'amount', header: 'Amount', align: 'right', render: (r) => formatRupees(r.amount) },
];

const purchaseColumns: Column<Rows<'Purchase'>>[] = [
  { key: 'bill', header: 'Bill', align: 'right', render: (r) => r.purchaseId },
  { key: 'date', header: 'Date', render: (r) => formatDate(r.saleDate) },
  { key: 'customer', header: 'Customer Name', render: (r) => r.customerName },
  { key: 'name', header: 'Product Name', render: (r) => r.productName },
  { key: 'artcode', header: 'Artcode', render: (r) => r.artcode },
  { key: 'mode', header: 'Payment Mode', render: (r) => r.paymentMode },
  { key: 'qty', header: 'Qty', align: 'right', render: (r) => r.originalQuantity },
  { key: 'returned', header: 'Returned', align: 'right', render: (r) => r.returnQuantity },
  // As billed, like the day's order list: a later return is in the figures of the day of its refund.
  { key: 'price', header: PRICE_HEADER.billed, align: 'right', render: (r) => formatRupees(r.billedPrice) },
];

const stockColumns = (byDate: boolean): Column<Rows<'Stock'>>[] => [
  { key: 'id', header: 'Stock Id', align: 'right', render: (r) => r.stockId },
  { key: 'name', header: 'Product Name', render: (r) => r.productName },
  { key: 'artcode', header: 'Artcode', render: (r) => r.artcode },
  {
    key: 'qty',
    header: 'Quantity',
    align: 'right',
    render: (r) =>
      r.low ? (
        <Badge color="red" variant="light" title="5 or fewer on the shelf">
          {r.quantity}
        </Badge>
      ) : (
        r.quantity
      ),
  },
  { key: 'price', header: 'Price', align: 'right', render: (r) => formatRupees(r.price) },
  ...(byDate
    ? [
        { key: 'receivedOn', header: 'Received On', render: (r: Rows<'Stock'>) => formatDate(r.receivedOn) },
        { key: 'received', header: 'Received', align: 'right' as const, render: (r: Rows<'Stock'>) => r.received },
      ]
    : [{ key: 'created', header: 'Created On', render: (r: Rows<'Stock'>) => formatDate(r.createdOn) }]),
];

const salesColumns: Column<Rows<'Sales'>>[] = [
  { key: 'name', header: 'Product Name', render: (r) => r.productName },
  { key: 'artcode', header: 'Art Code', render: (r) => r.artCode },
  { key: 'inventory', header: 'Inventory Quantity', align: 'right', render: (r) => r.inventoryQuantity },
  { key: 'stock', header: 'Stock Quantity', align: 'right', render: (r) => r.stockQuantity },
  { key: 'sold', header: 'Net Sold Quantity', align: 'right', render: (r) => r.purchaseQuantity },
  { key: 'mrp', header: 'MRP', align: 'right', render: (r) => formatRupees(r.mrp) },
  { key: 'bought', header: 'Bought Price', align: 'right', render: (r) => formatRupees(r.boughtPrice) },
  { key: 'nrp', header: 'NRP', align: 'right', render: (r) => formatRupees(r.nrp) },
  { key: 'soldPrice', header: 'Net Goods Value', align: 'right', render: (r) => formatRupees(r.soldPrice) },
];
