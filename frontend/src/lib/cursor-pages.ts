import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-client.js';

/** A page as the cache keeps it: the items shown and the server's cursor for the page after it. */
export interface CursorPageData<T> {
  items: T[];
  next?: string;
}

/** Picks the items of a cached page (`select` of a page query), so screens see the list as before. */
export const itemsOf = <T>(page: CursorPageData<T>) => page.items;

/**
 * Fetches page `page` (from 1) of a list (or of a report, whose page is one object). When the page before it is in
 * the cache with a cursor, the next page is asked with that cursor, which the server answers with one read however
 * deep the page is; pages reached any other way (a jump to page 7, a reload) are asked by page and size. A cursor
 * the server no longer accepts (its key changed with a restart) is dropped and the page asked by number instead.
 */
export async function fetchCursorPage<P extends object>(
  queryClient: QueryClient,
  previousKey: QueryKey,
  page: number,
  fetchPage: (cursor: string | undefined) => Promise<P>,
): Promise<P> {
  const cursor = page > 1 ? queryClient.getQueryData<{ next?: string }>(previousKey)?.next : undefined;
  if (!cursor) return fetchPage(undefined);
  try {
    return await fetchPage(cursor);
  } catch (error) {
    if (!isApiError(error, 400)) throw error;
    return fetchPage(undefined);
  }
}
