import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportRoutes } from '../../../../../shared/routes/reports.js';
import { tenantRoutes } from '../../../../../shared/routes/tenants.js';
import type { InventoryReport, PurchaseReport, ReportType, SalesReport, StockReport } from '../../../../../shared/schemas/report.js';
import { pageQueryFor } from '../../../components/paged-table.js';
import { callApi, callApiForFile, callApiWithNext } from '../../../lib/api-client.js';
import { fetchCursorPage } from '../../../lib/cursor-pages.js';

/** What the screen asked for when Generate was pressed. */
export type ReportRequest =
  | { type: ReportType; filter: 'ProductName'; productName: string }
  | { type: ReportType; filter: 'Date'; start: string; end: string }
  | { type: 'Stock'; filter: 'CurrentStock' };

export type GeneratedReport =
  | { type: 'Inventory'; report: InventoryReport }
  | { type: 'Purchase'; report: PurchaseReport }
  | { type: 'Stock'; report: StockReport }
  | { type: 'Sales'; report: SalesReport };

/** A page of a generated report and, for the reports that page by cursor, the server's cursor for the next page. */
export type ReportPage = GeneratedReport & { next?: string };

type Query = { page: number; size: number; cursor?: string };

/** A report page and the cursor of the page after it (`X-Next-Page`). */
const withNext = <R>(page: Promise<{ answer: R; next?: string }>) => page.then(({ answer, next }) => ({ report: answer, next }));
/** A report page asked by number only. */
const alone = <R>(report: Promise<R>) => report.then((r) => ({ report: r, next: undefined }));

/**
 * The route of a request and its parameters: `/report/{type}/{name}`, `/report/{type}/{start}/{end}`, `/report/stock`.
 * The current stock and the receipts, bill lines and stock lines of a product name answer the cursor of their next page.
 */
function fetchReport(request: ReportRequest, query: Query): Promise<{ report: unknown; next?: string }> {
  const byName = request.filter === 'ProductName' ? { start: request.productName } : undefined;
  const byDate = request.filter === 'Date' ? { start: request.start, end: request.end } : undefined;
  switch (request.type) {
    case 'Inventory':
      return byName ? withNext(callApiWithNext(reportRoutes.inventoryByName, { params: byName, query })) : alone(callApi(reportRoutes.inventoryByDate, { params: byDate!, query }));
    case 'Purchase':
      return byName ? withNext(callApiWithNext(reportRoutes.purchaseByName, { params: byName, query })) : alone(callApi(reportRoutes.purchaseByDate, { params: byDate!, query }));
    case 'Sales':
      return alone(byName ? callApi(reportRoutes.salesByName, { params: byName, query }) : callApi(reportRoutes.salesByDate, { params: byDate!, query }));
    case 'Stock':
      if (byName) return withNext(callApiWithNext(reportRoutes.stockByName, { params: byName, query }));
      if (byDate) return alone(callApi(reportRoutes.stockByDate, { params: byDate, query }));
      return withNext(callApiWithNext(reportRoutes.stockCurrent, { query }));
  }
}

function downloadReport(request: ReportRequest) {
  const query = { format: 'pdf' as const };
  const byName = request.filter === 'ProductName' ? { start: request.productName } : undefined;
  const byDate = request.filter === 'Date' ? { start: request.start, end: request.end } : undefined;
  switch (request.type) {
    case 'Inventory':
      return byName ? callApiForFile(reportRoutes.inventoryByName, { params: byName, query }) : callApiForFile(reportRoutes.inventoryByDate, { params: byDate!, query });
    case 'Purchase':
      return byName ? callApiForFile(reportRoutes.purchaseByName, { params: byName, query }) : callApiForFile(reportRoutes.purchaseByDate, { params: byDate!, query });
    case 'Sales':
      return byName ? callApiForFile(reportRoutes.salesByName, { params: byName, query }) : callApiForFile(reportRoutes.salesByDate, { params: byDate!, query });
    case 'Stock':
      if (byName) return callApiForFile(reportRoutes.stockByName, { params: byName, query });
      if (byDate) return callApiForFile(reportRoutes.stockByDate, { params: byDate, query });
      return callApiForFile(reportRoutes.stockCurrent, { query });
  }
}

const reportKey = (request: ReportRequest | undefined, page: number) => ['reports', request, page] as const;

/**
 * A page (from 1) of a generated report; the previous page stays on screen while the next one loads. Next and
 * Previous follow the server's cursors where the report answers them, as the lists do.
 */
export function useReport(request: ReportRequest | undefined, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: reportKey(request, page),
    queryFn: () =>
      fetchCursorPage(queryClient, reportKey(request, page - 1), page, async (cursor) => {
        const { report, next } = await fetchReport(request!, { ...pageQueryFor(page), cursor });
        return { type: request!.type, report, next } as ReportPage;
      }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    // Refusals ('End Date should not be after today.') are shown on the screen, not on the error page.
    meta: { handlesOwnErrors: true },
    retry: false,
  });
}

/** The whole report as `{Report}_{dd}_{mm}_{yyyy}.pdf`. */
export const reportPdf = (request: ReportRequest) => downloadReport(request);

const shopKey = ['currentTenant'] as const;

/** The signed-in user's shop as it stands now (its report e-mail switch). */
export function useShop() {
  return useQuery({ queryKey: shopKey, queryFn: () => callApi(tenantRoutes.currentTenant) });
}

/** Switches the shop's daily report e-mail on or off; the switch shows the server's answer. */
export function useSetReportEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportEmails: boolean) => callApi(tenantRoutes.reportEmails, { body: { reportEmails } }),
    meta: { handlesOwnErrors: true },
    onSuccess: (shop) => queryClient.setQueryData(shopKey, shop),
  });
}

