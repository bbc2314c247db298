import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import type { BodyIn } from '../../../../../shared/routes/define.js';
import { callApi, callApiForFile, callApiPage } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';

const LEDGER_PAGE = 20;

export const accountKeys = {
  account: (customerId: number) => ['accounts', customerId] as const,
  ledger: (customerId: number) => ['accounts', customerId, 'ledger'] as const,
};

export function useAccount(customerId: number) {
  return useQuery({ queryKey: accountKeys.account(customerId), queryFn: () => callApi(accountRoutes.get, { params: { customerId } }) });
}

/** The ledger newest first, a page at a time by the server's cursor (one read per page however deep). */
export function useLedger(customerId: number) {
  return useInfiniteQuery({
    queryKey: accountKeys.ledger(customerId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => callApiPage(accountRoutes.entries, { params: { customerId }, query: { size: LEDGER_PAGE, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (last) => last.next,
  });
}

/** A change of the account: its balance and ledger are read again. */
function useAccountChange<T, B>(customerId: number, send: (body: B) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.account(customerId) }),
  });
}

export const useSetTerms = (customerId: number) =>
  useAccountChange(customerId, (body: BodyIn<typeof accountRoutes.settings>) => callApi(accountRoutes.settings, { params: { customerId }, body }));
export const useReceivePayment = (customerId: number) =>
  useAccountChange(customerId, (body: BodyIn<typeof accountRoutes.payment>) => callApi(accountRoutes.payment, { params: { customerId }, body }));
export const useWriteOff = (customerId: number) =>
  useAccountChange(customerId, (body: BodyIn<typeof accountRoutes.writeOff>) => callApi(accountRoutes.writeOff, { params: { customerId }, body }));
export const useApprove = (customerId: number) =>
  useAccountChange(customerId, (body: BodyIn<typeof accountRoutes.approve>) => callApi(accountRoutes.approve, { params: { customerId }, body }));

/** Downloads the statement of a period as the server names it (Statement_<id>_<from>_<to>.pdf or .xlsx). */
export async function downloadStatement(customerId: number, from: string, to: string, format: 'pdf' | 'xlsx') {
  const { blob, fileName } = await callApiForFile(accountRoutes.statement, { params: { customerId }, query: { from, to, format } });
  saveFile(blob, fileName ?? `Statement_${customerId}.${format}`);
}

export function useReceivables(minAge: number) {
  return useQuery({ queryKey: ['accounts', 'receivables', minAge], queryFn: () => callApi(accountRoutes.receivables, { query: { minAge } }) });
}

export const remindCustomer = (customerId: number) => callApi(accountRoutes.remind, { params: { customerId } });
export const remindAllOver = (minAge: number) => callApi(accountRoutes.remindAll, { body: { minAge } });
