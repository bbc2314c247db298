/**
 * Runs `work` on each item, at most `limit` at once, starting them in the items' order, except that an item never
 * runs beside another that shares one of its `keysOf` (two writes of the same records would only make one of them
 * lose the race and start again): it waits, and a later item without such a clash starts in its place. After a
 * failure no further item is started; the ones under way are let finish, then the first failure is thrown.
 */
export function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>, keysOf: (item: T) => string[] = () => []): Promise<void> {
  const pending = items.map((item) => ({ item, keys: keysOf(item) }));
  const busy = new Set<string>();
  let running = 0;
  let failure: { error: unknown } | undefined;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (running === 0 && (failure || !pending.length)) {
        if (failure) reject(failure.error);
        else resolve();
        return;
      }
      for (let i = 0; !failure && running < limit && i < pending.length; ) {
        const next = pending[i]!;
        if (next.keys.some((key) => busy.has(key))) {
          i++;
          continue;
        }
        pending.splice(i, 1);
        for (const key of next.keys) busy.add(key);
        running++;
        work(next.item)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            running--;
            for (const key of next.keys) busy.delete(key);
            pump();
          });
      }
    };
    pump();
  });
}
