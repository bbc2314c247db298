import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

interface OptimisticDeleteOptions<Row, Ids> {
  /** The prefix of every cached page of the list (and its counts, which are reloaded afterwards). */
  listKey: QueryKey;
  /** Whether a cached row is one of those being deleted. */
  isDeleted: (row: Row, ids: Ids) => boolean;
  remove: (ids: Ids) => Promise<unknown>;
}

/**
 * A delete that takes the rows out of every cached page of their list at once, puts them back if the server
 * refuses (DESIGN.md section 5: the list updates at once but rolls back with a message), and reloads the list and
 * its counts afterwards. The screen shows the failure itself (`onError` of `mutate`).
 */
export function useOptimisticDelete<Row, Ids>({ listKey, isDeleted, remove }: OptimisticDeleteOptions<Row, Ids>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    meta: { handlesOwnErrors: true },
    onMutate: async (ids: Ids) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueriesData<unknown>({ queryKey: listKey });
      // Counts and single records share the prefix; only lists lose rows.
      queryClient.setQueriesData<unknown>({ queryKey: listKey }, (cached: unknown) =>
        Array.isArray(cached) ? (cached as Row[]).filter((row) => !isDeleted(row, ids)) : cached,
      );
      return { before };
    },
    onError: (_error, _ids, context) => {
      context?.before.forEach(([key, cached]) => queryClient.setQueryData(key, cached));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
