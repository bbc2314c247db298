import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A delete that takes the row out of every cached page of its list at once, puts it back if the server refuses
 * (DESIGN.md section 5: the list updates at once but rolls back with a message), and reloads the list afterwards.
 * The screen shows the failure itself (`onError` of `mutate`).
 */
export function useOptimisticDelete<Row>(listKey: QueryKey, idOf: (row: Row) => number, remove: (id: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    meta: { handlesOwnErrors: true },
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueriesData<Row[]>({ queryKey: listKey });
      queryClient.setQueriesData<Row[]>({ queryKey: listKey }, (rows) => rows?.filter((row) => idOf(row) !== id));
      return { before };
    },
    onError: (_error, _id, context) => {
      context?.before.forEach(([key, rows]) => queryClient.setQueryData(key, rows));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
