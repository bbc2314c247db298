import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CursorPageData } from './cursor-pages.js';

/** A cached page of a list that pages by cursor (`{ items, next }`). */
const isCursorPage = <Row>(cached: unknown): cached is CursorPageData<Row> =>
  typeof cached === 'object' && cached !== null && Array.isArray((cached as { items?: unknown }).items);

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
      const kept = (rows: Row[]) => rows.filter((row) => !isDeleted(row, ids));
      queryClient.setQueriesData<unknown>({ queryKey: listKey }, (cached: unknown) =>
        Array.isArray(cached)
          ? kept(cached as Row[])
          : isCursorPage<Row>(cached)
            ? { ...cached, items: kept(cached.items) }
            : cached,
      );
      return { before };
    },
    onError: (_error, _ids, context) => {
      context?.before.forEach(([key, cached]) => queryClient.setQueryData(key, cached));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
