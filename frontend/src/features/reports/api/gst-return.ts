import { useQuery } from '@tanstack/react-query';
import { reportRoutes } from '../../../../../shared/routes/reports.js';
import { callApi, callApiForFile } from '../../../lib/api-client.js';

/** GSTR-1 of a month: sections, counts, totals and the problems to fix. */
export function useGstr1(month: number, year: number) {
  return useQuery({
    queryKey: ['gstr1', year, month],
    queryFn: () => callApi(reportRoutes.gstr1, { params: { month, year } }),
  });
}

/** The portal's JSON or the workbook, under the server's file name. */
export const gstr1File = (month: number, year: number, format: 'json' | 'xlsx') => callApiForFile(reportRoutes.gstr1File, { params: { month, year }, query: { format } });

/** The e-invoice JSON of a B2B invoice. */
export const einvoiceFile = (purchaseId: number) => callApiForFile(reportRoutes.einvoice, { params: { purchaseId } });
