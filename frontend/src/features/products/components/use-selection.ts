import { useCallback, useMemo, useState } from 'react';

export type PageSelection = 'none' | 'some' | 'all';

/**
 * The ticked products of the list's select mode. Ticks survive paging and searching, so products from several
 * pages can be modified or deleted together; select-all ticks (or unticks) the rows on the page shown.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const toggle = useCallback((id: number, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const setPage = useCallback((ids: readonly number[], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => setSelected(new Set()), []);

  /** Forgets ids that no longer exist (after a delete). */
  const drop = useCallback((ids: readonly number[]) => setPage(ids, false), [setPage]);

  const pageState = useCallback(
    (ids: readonly number[]): PageSelection => {
      const ticked = ids.filter((id) => selected.has(id)).length;
      return ticked === 0 ? 'none' : ticked === ids.length ? 'all' : 'some';
    },
    [selected],
  );

  const ids = useMemo(() => [...selected], [selected]);
  return { selected, ids, toggle, setPage, clear, drop, pageState };
}
