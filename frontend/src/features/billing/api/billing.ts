import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { customerRoutes } from '../../../../../shared/routes/customers.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { inventoryRoutes } from '../../../../../shared/routes/inventory.js';
import { messageRoutes } from '../../../../../shared/routes/messages.js';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/page-size.js';
import type { LineTotals, Paper, PurchaseDetail } from '../../../../../shared/schemas/purchase.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { callApi, callApiForFile, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { keepCustomer, knownOffline, localCustomer, localMobiles, localSuggestions, tillTenant } from '../offline/local-copy.js';
import { markOffline, noteCallFailure } from '../offline/till-queue.js';

export const billingKeys = {
  mobiles: (prefix: string) => ['billing', 'mobiles', prefix] as const,
  suggestions: (text: string) => ['billing', 'suggestions', text.toLowerCase()] as const,
  receipt: (id: number) => ['billing', 'receipt', id] as const,
  bill: (id: number) => ['billing', 'bill', id] as const,
};

/**
 * A lookup of the till: the server's answer while online; the device's copy when the browser knows it is offline
 * or the server could not be reached (online, the copy is never read, so nothing changes for the cashier).
 */
async function orFromDevice<T>(online: () => Promise<T>, offline: (tenantId: string) => Promise<T>): Promise<T> {
  const tenantId = tillTenant();
  if (tenantId && knownOffline()) {
    markOffline(true);
    return offline(tenantId);
  }
  try {
    return await online();
  } catch (error) {
    if (tenantId && noteCallFailure(error)) return offline(tenantId);
    throw error;
  }
}

/** Customers' mobiles starting with the typed digits: asked from 5 digits (spec 2 section 5). */
export function useMobileSuggestions(prefix: string) {
  return useQuery({
    queryKey: billingKeys.mobiles(prefix),
    queryFn: () => orFromDevice(() => callApi(customerRoutes.mobiles, { query: { prefix, size: 8 } }), (tenantId) => localMobiles(tenantId, prefix)),
    networkMode: 'always',
    enabled: prefix.length >= 5 && prefix.length < 10,
    staleTime: 30_000,
  });
}

/** Keeps a customer the till met online on the device (in the background), so they can be billed offline too. */
function keepOnDevice(customer: Customer): void {
  const tenantId = tillTenant();
  if (tenantId) void keepCustomer(tenantId, customer).catch(() => undefined);
}

/** The customer with this mobile, or 'False'; offline, from the device's copy. */
export const findCustomer = (mobile: string) =>
  orFromDevice(
    async () => {
      const found = await callApi(customerRoutes.validate, { params: { mobile } });
      if (found !== 'False' && typeof found === 'object') keepOnDevice(found);
      return found;
    },
    async (tenantId) => (await localCustomer(tenantId, mobile)) ?? ('False' as const),
  );

export async function registerCustomer(body: BodyIn<typeof customerRoutes.create>) {
  const customer = await callApi(customerRoutes.create, { body });
  keepOnDevice(customer);
  return customer;
}

/** Received stock lines whose name, artcode or barcode starts with 4 to 10 characters of the text. */
export const productSuggestions = (text: string) =>
  orFromDevice(() => callApi(inventoryRoutes.suggestions, { params: { all: 'false', text } }), (tenantId) => localSuggestions(tenantId, text));

/** Lists, bills and receipts that a save, a re-bill or a return changes. */
const afterChange = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: ['billing'] });

/**
 * POST a new bill or PUT an edited one. A refusal (stock gone, a changed MRP, a bill edited or returned meanwhile)
 * stays on Place Order with the server's message, so the cashier corrects the bill instead of losing it.
 */
export function useSaveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body }: { purchaseId?: number; body: BodyIn<typeof purchaseRoutes.create> }) =>
      purchaseId ? callApi(purchaseRoutes.update, { params: { purchaseId }, body }) : callApi(purchaseRoutes.create, { body }),
    onSuccess: () => afterChange(queryClient),
    meta: { handlesOwnErrors: true },
  });
}

const readBill = (purchaseId: number) => callApi(purchaseRoutes.byId, { params: { id: purchaseId } });

/**
 * A saved bill as it is now, with the points its customer could redeem on editing it (Place Order opened at
 * `/purchaseEdit/{id}`). Always read again on opening: a copy the lists hold may be older than another till's edit.
 * An unknown bill's message is shown on the screen.
 */
export function useBill(purchaseId: number | undefined) {
  return useQuery({
    queryKey: billingKeys.bill(purchaseId ?? 0),
    queryFn: () => readBill(purchaseId!),
    enabled: purchaseId !== undefined,
    refetchOnMount: 'always',
    meta: { handlesOwnErrors: true },
  });
}

/**
 * The bills of the lines on a page of an order list (at most 5), by number, so the list offers Edit only on bills
 * the server lets the till edit and hands Place Order the bill it opens. A bill that cannot be read gets no Edit.
 */
export function useBillsOf(purchaseIds: number[], enabled: boolean): Map<number, PurchaseDetail> {
  const ids = [...new Set(purchaseIds)];
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: billingKeys.bill(id),
      queryFn: () => readBill(id),
      enabled,
      meta: { handlesOwnErrors: true },
    })),
    combine: (results) => new Map(results.flatMap((r, i) => (r.data ? [[ids[i]!, r.data] as const] : []))),
  });
}

export function useReceipt(purchaseId: number | undefined) {
  return useQuery({
    queryKey: billingKeys.receipt(purchaseId ?? 0),
    queryFn: () => callApi(purchaseRoutes.receipt, { params: { purchaseId: purchaseId! } }),
    enabled: purchaseId !== undefined && purchaseId > 0,
  });
}

/**
 * Sends the bill's receipt PDF to WhatsApp (the Cloud API; a simulator locally). The server sends it only to the
 * bill's customer's own mobile, unless `typedAndConfirmed`: the cashier typed the number and confirmed it.
 */
export const sendReceiptOnWhatsApp = (purchaseId: number, mobile: string, typedAndConfirmed = false) =>
  callApi(messageRoutes.whatsapp, { body: { to: mobile, purchaseId, ...(typedAndConfirmed ? { recipientConfirmed: true } : {}) } });

/** E-mails the bill's receipt PDF, under the shop's own subject; to another address than the customer's as above. */
export const sendReceiptByEmail = (purchaseId: number, address: string, typedAndConfirmed = false) =>
  callApi(messageRoutes.email, {
    body: {
      toAddress: address,
      content: `Your receipt for bill ${purchaseId} is attached. Thank you for shopping with us.`,
      purchaseId,
      ...(typedAndConfirmed ? { recipientConfirmed: true } : {}),
    },
  });

/** A page (from 1) of a day's bill lines, or of the lines whose product or artcode starts with `search` that day. */
export function useDayLines(date: string, search: string, page: number) {
  const queryClient = useQueryClient();
  const key = (page: number) => ['billing', 'day', date, search, page];
  return useQuery({
    queryKey: key(page),
    queryFn: () =>
      fetchCursorPage(queryClient, key(page - 1), page, (cursor) =>
        search
          ? callApiPage(purchaseRoutes.search, { params: { text: search }, query: { date, page: page - 1, size: PAGE_SIZE, cursor } })
          : callApiPage(purchaseRoutes.today, { params: { date }, query: { page: page - 1, size: PAGE_SIZE, cursor } }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useDayCount(date: string, search: string) {
  return useQuery({
    queryKey: ['billing', 'dayCount', date, search],
    queryFn: () =>
      search ? callApi(purchaseRoutes.searchCount, { params: { text: search }, query: { date } }) : callApi(purchaseRoutes.todayCount, { params: { date } }),
  });
}

/** The total row of the day's list: the whole day from its figures, or the day's lines matching `search`. */
export function useDayTotals(date: string, search: string) {
  return useQuery({
    queryKey: ['billing', 'dayTotals', date, search],
    queryFn: (): Promise<LineTotals> =>
      search ? callApi(purchaseRoutes.searchTotals, { params: { text: search }, query: { date } }) : callApi(purchaseRoutes.todayTotals, { params: { date } }),
  });
}

/** The day's money (shared/figures.ts), whatever the search: the same answer as the unsearched day's total row. */
export function useDayFigures(date: string) {
  return useQuery({
    queryKey: ['billing', 'dayTotals', date, ''],
    queryFn: () => callApi(purchaseRoutes.todayTotals, { params: { date } }),
    select: (totals) => totals.figures,
  });
}

export const exportDay = (date: string, format: 'pdf' | 'xlsx') => callApiForFile(purchaseRoutes.exportDay, { params: { date }, query: { format } });

/** A page (from 1) of a customer's bill lines, or of those whose product or artcode starts with `search`. */
export function useCustomerLines(mobile: string | undefined, search: string, page: number) {
  const queryClient = useQueryClient();
  const key = (page: number) => ['billing', 'customer', mobile, search, page];
  return useQuery({
    queryKey: key(page),
    queryFn: () =>
      fetchCursorPage(queryClient, key(page - 1), page, (cursor) => {
        const query = { page: page - 1, size: PAGE_SIZE, cursor };
        return search
          ? callApiPage(purchaseRoutes.customerSearch, { params: { mobile: mobile!, text: search }, query })
          : callApiPage(purchaseRoutes.customerLines, { params: { mobile: mobile! }, query });
      }),
    select: itemsOf,
    enabled: mobile !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerCount(mobile: string | undefined, search: string) {
  return useQuery({
    queryKey: ['billing', 'customerCount', mobile, search],
    queryFn: () =>
      search
        ? callApi(purchaseRoutes.customerSearchCount, { params: { mobile: mobile!, text: search } })
        : callApi(purchaseRoutes.customerCount, { params: { mobile: mobile! } }),
    enabled: mobile !== undefined,
  });
}

/** The total row of a customer's list: all their lines, or those matching `search`. */
export function useCustomerTotals(mobile: string | undefined, search: string) {
  return useQuery({
    queryKey: ['billing', 'customerTotals', mobile, search],
    queryFn: () => callApi(purchaseRoutes.customerTotals, { params: { mobile: mobile! }, query: search ? { search } : {} }),
    enabled: mobile !== undefined,
  });
}

export const exportCustomer = (mobile: string, format: 'pdf' | 'xlsx') =>
  callApiForFile(purchaseRoutes.exportCustomer, { params: { mobile }, query: { format } });

/** A bill with the lines still with the customer and their remaining units (re-bill and return). */
export function useReview(purchaseId: number) {
  return useQuery({
    queryKey: ['billing', 'review', purchaseId],
    queryFn: () => callApi(purchaseRoutes.review, { params: { purchaseId } }),
    enabled: Number.isInteger(purchaseId) && purchaseId > 0,
    staleTime: 0,
  });
}

/** Generate Bill again; the screen shows the server's refusal itself. */
export function useReBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body }: { purchaseId: number; body: BodyIn<typeof purchaseRoutes.reBill> }) =>
      callApi(purchaseRoutes.reBill, { params: { purchaseId }, body }),
    onSuccess: () => afterChange(queryClient),
    meta: { handlesOwnErrors: true },
  });
}

/** Return units of a bill; a refusal (units returned meanwhile, a changed amount) stays on the screen. */
export function useReturnGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body }: { purchaseId: number; body: BodyIn<typeof purchaseRoutes.returnLines> }) =>
      callApi(purchaseRoutes.returnLines, { params: { purchaseId }, body }),
    onSuccess: () => afterChange(queryClient),
    meta: { handlesOwnErrors: true },
  });
}

export function useMonthlySales(month: number, year: number) {
  return useQuery({
    queryKey: ['billing', 'monthly', month, year],
    queryFn: () => callApi(purchaseRoutes.monthly, { params: { month, year } }),
  });
}

/** A credit note a return of the bill issued, as a PDF for A4 or the 80 mm roll: printed again whenever asked. */
export const creditNotePdf = (purchaseId: number, returnId: number, paper: Paper = 'a4') =>
  callApiForFile(purchaseRoutes.creditNotePdf, { params: { purchaseId, returnId }, query: { paper } });
export const monthlyPdf = (month: number, year: number) => callApiForFile(purchaseRoutes.monthlyPdf, { params: { month, year } });
