import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../../../shared/format.js';
import { indiaToday } from '../../../../../shared/leave-days.js';
import { inventoryRoutes } from '../../../../../shared/routes/inventory.js';
import { stockRoutes } from '../../../../../shared/routes/stock.js';
import type { StockCreate, StockUpdate } from '../../../../../shared/schemas/inventory.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiForFile, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { saveFile } from '../../../lib/save-file.js';

/**
 * What the stock list shows (spec 2 section 4): Current Stock (paged), Full View and Low Quantity (every line at
 * once), the lines received on an inventory date (paged), or a search by product name or artcode (paged).
 */
export type StockView =
  | { kind: 'current' }
  | { kind: 'full' }
  | { kind: 'low' }
  | { kind: 'date'; date: string }
  | { kind: 'search'; text: string };

/** Full View and Low Quantity answer every line at once: no pages. */
export const isPaged = (view: StockView) => view.kind !== 'full' && view.kind !== 'low';

const stockKeys = {
  all: ['stock'] as const,
  page: (view: StockView, page: number) => ['stock', 'page', view, isPaged(view) ? page : 0] as const,
  count: (view: StockView) => ['stock', 'count', view] as const,
  one: (id: number) => ['stock', 'one', id] as const,
  movements: (id: number, page: number) => ['stock', 'movements', id, page] as const,
  movementCount: (id: number) => ['stock', 'movementCount', id] as const,
};

/** The rows of a view: Full View and Low Quantity at once; the paged views by the server's cursor where it has one. */
async function rowsOf(view: StockView, page: number, cursor: string | undefined) {
  const query = { ...pageQueryFor(page), cursor };
  switch (view.kind) {
    case 'full':
      return { items: await callApi(stockRoutes.full) };
    case 'low':
      return { items: await callApi(stockRoutes.low) };
    case 'date':
      return callApiPage(stockRoutes.byDate, { params: { date: view.date }, query });
    case 'search':
      return callApiPage(stockRoutes.search, { params: { text: view.text }, query });
    default:
      return callApiPage(stockRoutes.page, { query });
  }
}

function countOf(view: StockView) {
  if (view.kind === 'date') return callApi(stockRoutes.byDateCount, { params: { date: view.date } });
  if (view.kind === 'search') return callApi(stockRoutes.searchCount, { params: { text: view.text } });
  return callApi(stockRoutes.count);
}

/** The rows of the view (a page from 1, or every line) and how many the view holds. */
export function useStockList(view: StockView, page: number) {
  const paged = isPaged(view);
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: stockKeys.page(view, page),
    queryFn: () => fetchCursorPage(queryClient, stockKeys.page(view, page - 1), page, (cursor) => rowsOf(view, page, cursor)),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ queryKey: stockKeys.count(view), queryFn: () => countOf(view), enabled: paged });
  const total = paged ? count.data : rows.isPlaceholderData ? undefined : rows.data?.length;
  return { rows, total, loading: rows.isPending || (paged && count.isPending) };
}

/** The inventory dates of the view selector, newest first (shared with the inventory list's cache). */
export function useInventoryDates() {
  return useQuery({ queryKey: ['inventory', 'dates'], queryFn: () => callApi(inventoryRoutes.dates) });
}

export function useStock(id: number | undefined) {
  return useQuery({
    queryKey: stockKeys.one(id ?? 0),
    queryFn: () => callApi(stockRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

/** A page (from 1) of a line's movements, newest first, and how many there are. */
export function useStockMovements(id: number | undefined, page: number) {
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: stockKeys.movements(id ?? 0, page),
    queryFn: () =>
      fetchCursorPage(queryClient, stockKeys.movements(id ?? 0, page - 1), page, (cursor) =>
        callApiPage(stockRoutes.movements, { params: { id: id! }, query: { ...pageQueryFor(page), cursor } }),
      ),
    select: itemsOf,
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: stockKeys.movementCount(id ?? 0),
    queryFn: () => callApi(stockRoutes.movementsCount, { params: { id: id! } }),
    enabled: id !== undefined,
  });
  return { rows, count };
}

/** Add Stock (no id) or Edit Stock; the form shows the server's refusals itself. */
export function useSaveStock(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockCreate | StockUpdate) =>
      id === undefined ? callApi(stockRoutes.create, { body: body as StockCreate }) : callApi(stockRoutes.update, { params: { id }, body }),
    meta: { handlesOwnErrors: true },
    // The list reloads as it opens; the form leaves at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all, refetchType: 'none' }),
  });
}

export type ReportFormat = 'pdf' | 'excel';

/** The report of what the list shows: Low Quantity, one inventory date, or every line. */
export function reportQuery(view: StockView) {
  if (view.kind === 'low') return { view: 'low' as const };
  if (view.kind === 'date') return { view: 'date' as const, date: view.date };
  return { view: 'full' as const };
}

/** `Stock_<dd-mm-yyyy>.pdf|.xlsx`, as the server names it. */
export const reportFileName = (format: ReportFormat, today = indiaToday(new Date())) =>
  `Stock_${formatDate(today).replaceAll('/', '-')}.${format === 'pdf' ? 'pdf' : 'xlsx'}`;

/** Downloads the stock report and hands it to the browser under the server's name; the list says if it failed. */
export function useDownloadStockReport() {
  return useMutation({
    mutationFn: ({ format, view }: { format: ReportFormat; view: StockView }) =>
      callApiForFile(stockRoutes.download, { params: { format }, query: reportQuery(view) }),
    meta: { handlesOwnErrors: true },
    onSuccess: ({ blob, fileName }, { format }) => saveFile(blob, fileName ?? reportFileName(format)),
  });
}
