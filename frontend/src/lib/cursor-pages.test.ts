import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.js';
import { fetchCursorPage, type CursorPageData } from './cursor-pages.js';

const key = (page: number) => ['products', 'page', '', page] as const;

describe('pages that follow the server cursors', () => {
  it('asks the next page with the cursor of the cached page before it, and page 1 or a jump without one', async () => {
    const client = new QueryClient();
    client.setQueryData<CursorPageData<number>>(key(1), { items: [1, 2], next: 'abc.def' });
    const fetchPage = vi.fn(async (cursor: string | undefined) => ({ items: [cursor ? 3 : 0] }));
    expect(await fetchCursorPage(client, key(1), 2, fetchPage)).toEqual({ items: [3] });
    expect(fetchPage).toHaveBeenLastCalledWith('abc.def');
    await fetchCursorPage(client, key(6), 7, fetchPage);
    expect(fetchPage).toHaveBeenLastCalledWith(undefined);
    await fetchCursorPage(client, key(0), 1, fetchPage);
    expect(fetchPage).toHaveBeenLastCalledWith(undefined);
  });

  it('asks by page number when the server refuses the cursor, and passes other failures on', async () => {
    const client = new QueryClient();
    client.setQueryData<CursorPageData<number>>(key(1), { items: [1], next: 'old.cursor' });
    const refused = vi.fn(async (cursor: string | undefined) => {
      if (cursor) throw new ApiError(400, 'This page link is no longer valid. Please go back to the first page.');
      return { items: [2] };
    });
    expect(await fetchCursorPage(client, key(1), 2, refused)).toEqual({ items: [2] });
    expect(refused.mock.calls).toEqual([['old.cursor'], [undefined]]);
    const down = vi.fn(async () => Promise.reject(new ApiError(500, 'Something went wrong!!!')));
    await expect(fetchCursorPage(client, key(1), 2, down)).rejects.toMatchObject({ status: 500 });
    expect(down).toHaveBeenCalledTimes(1);
  });
});
