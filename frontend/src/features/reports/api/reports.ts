import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportRoutes } from '../../../../../shared/routes/reports.js';
import { tenantRoutes } from '../../../../../shared/routes/tenants.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import type { InventoryReport, PurchaseReport, ReportType, SalesReport, StockReport } from '../../../../../shared/schemas/report.js';
import { callApi, callApiForFile } from '../../../lib/api-client.js';

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

type Query = { page: number; size: number } | { format: 'pdf' };

/** The route of a request and its parameters: `/report/{type}/{name}`, `/report/{type}/{start}/{end}`, `/report/stock`. */
function fetchReport(request: ReportRequest, query: Query): Promise<unknown> {
  const byName = request.filter === 'ProductName' ? { start: request.productName } : undefined;
  const byDate = request.filter === 'Date' ? { start: request.start, end: request.end } : undefined;
  switch (request.type) {
    case 'Inventory':
      return byName ? callApi(reportRoutes.inventoryByName, { params: byName, query }) : callApi(reportRoutes.inventoryByDate, { params: byDate!, query });
    case 'Purchase':
      return byName ? callApi(reportRoutes.purchaseByName, { params: byName, query }) : callApi(reportRoutes.purchaseByDate, { params: byDate!, query });
    case 'Sales':
      return byName ? callApi(reportRoutes.salesByName, { params: byName, query }) : callApi(reportRoutes.salesByDate, { params: byDate!, query });
    case 'Stock':
      if (byName) return callApi(reportRoutes.stockByName, { params: byName, query });
      if (byDate) return callApi(reportRoutes.stockByDate, { params: byDate, query });
      return callApi(reportRoutes.stockCurrent, { query });
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

/** A page (from 1) of a generated report; the previous page stays on screen while the next one loads. */
export function useReport(request: ReportRequest | undefined, page: number) {
  return useQuery({
    queryKey: ['reports', request, page],
    queryFn: async () => ({ type: request!.type, report: await fetchReport(request!, { page: page - 1, size: PAGE_SIZE }) }) as GeneratedReport,
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

