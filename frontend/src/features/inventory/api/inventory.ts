import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryRoutes } from '../../../../../shared/routes/inventory.js';
import { templateRoutes } from '../../../../../shared/routes/templates.js';
import type { InventorySave } from '../../../../../shared/schemas/inventory.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiForFile, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { saveFile } from '../../../lib/save-file.js';

/** What the inventory list shows: one receiving day, every receipt, or a search by product name or artcode. */
export type InventoryView = { kind: 'date'; date: string } | { kind: 'all' } | { kind: 'search'; text: string };

const inventoryKeys = {
  all: ['inventory'] as const,
  dates: ['inventory', 'dates'] as const,
  page: (view: InventoryView, page: number) => ['inventory', 'page', view, page] as const,
  count: (view: InventoryView) => ['inventory', 'count', view] as const,
};
/** The stock list's cache: a receipt or an upload changes the figures it shows. */
const stockKey = ['stock'] as const;

/** The days goods were received, newest first (the date dropdown). */
export function useInventoryDates() {
  return useQuery({ queryKey: inventoryKeys.dates, queryFn: () => callApi(inventoryRoutes.dates) });
}

function pageOf(view: InventoryView, page: number, cursor: string | undefined) {
  const query = { ...pageQueryFor(page), cursor };
  if (view.kind === 'date') return callApiPage(inventoryRoutes.byDate, { params: { date: view.date }, query });
  if (view.kind === 'search') return callApiPage(inventoryRoutes.search, { params: { text: view.text }, query });
  return callApiPage(inventoryRoutes.all, { query });
}

function countOf(view: InventoryView) {
  if (view.kind === 'date') return callApi(inventoryRoutes.byDateCount, { params: { date: view.date } });
  if (view.kind === 'search') return callApi(inventoryRoutes.searchCount, { params: { text: view.text } });
  return callApi(inventoryRoutes.count);
}

/** One page (from 1) of the view and how many receipts it holds in all pages. */
export function useInventoryPage(view: InventoryView, page: number) {
  const queryClient = useQueryClient();
  // Next and Previous follow the server's cursors where the list answers them (all receipts, a day's receipts).
  const rows = useQuery({
    queryKey: inventoryKeys.page(view, page),
    queryFn: () => fetchCursorPage(queryClient, inventoryKeys.page(view, page - 1), page, (cursor) => pageOf(view, page, cursor)),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ queryKey: inventoryKeys.count(view), queryFn: () => countOf(view) });
  return { rows, count };
}

/** Inventory add: the receipt and the stock it raised. The form shows the server's refusals itself. */
export function useReceiveInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventorySave) => callApi(inventoryRoutes.save, { body }),
    meta: { handlesOwnErrors: true },
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: inventoryKeys.all }), queryClient.invalidateQueries({ queryKey: stockKey })]);
    },
  });
}

/** Step 1 of a spreadsheet upload: the whole file checked and staged; `confirm` after 'Upload it again?'. */
export function stageUpload(file: File, userName: string, confirm: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(inventoryRoutes.saveByFile, { params: { userName }, query: confirm ? { confirm: 'true' } : {}, form });
}

/** Step 2: saves batch n (from 1); a batch sent again is not saved twice. */
export function commitBatch(uploadId: string, batch: number) {
  return callApi(inventoryRoutes.uploadBatch, { params: { uploadId, batch } });
}

/** After an upload: every inventory and stock figure may have changed. */
export function useUploadFinished() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: inventoryKeys.all }), queryClient.invalidateQueries({ queryKey: stockKey })]);
}

/** The shop's current upload template (its own, or the default columns), saved as Template.xlsx. */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: () => callApiForFile(templateRoutes.current),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'Template.xlsx'),
  });
}
