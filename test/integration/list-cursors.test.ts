import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenOf } from './client.js';

/**
 * The back office's other lists (customers, partners, employees, expenses, bills of a day or of a customer, leave)
 * answer the same opaque cursor as the catalogue: following `X-Next-Page` gives the very rows page and size give,
 * each once, and a cursor of one list is refused by another.
 */

const admin = () => tokenOf('admin@demo.shop');
const run = Date.now() % 1_000_000;
const mobileOf = (i: number) => `96${String(run).padStart(6, '0')}${String(i).padStart(2, '0')}`;

async function byNumber(path: string, token: string, size: number): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  for (let page = 0; page < 100; page++) {
    const answer = await call<unknown[]>('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&size=${size}`, { token });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    if (!answer.body.length) break;
    pages.push(answer.body);
  }
  return pages;
}

async function byCursor(path: string, token: string, size: number): Promise<{ pages: unknown[][]; cursors: number }> {
  const pages: unknown[][] = [];
  let cursors = 0;
  let cursor: string | null = null;
  do {
    const joiner = path.includes('?') ? '&' : '?';
    const answer: Awaited<ReturnType<typeof call<unknown[]>>> = await call<unknown[]>('GET', `${path}${joiner}size=${size}${cursor ? `&cursor=${cursor}` : ''}`, {
      token,
    });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    if (answer.body.length) pages.push(answer.body);
    cursor = answer.headers.get('x-next-page');
    if (cursor) cursors++;
  } while (cursor && pages.length < 100);
  return { pages, cursors };
}

beforeAll(async () => {
  const token = await admin();
  for (let i = 0; i < 5; i++) {
    const saved = await call('POST', '/customer/save', {
      token,
      body: { customerName: `Cursor Customer ${run} ${i}`, mobileNumber: mobileOf(i), emailId: `cursor${i}@example.in`, address: '1, Main Road' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
});

describe('back-office lists by cursor', () => {
  const month = new Date().getMonth() + 1;
  const year = new Date().getFullYear();
  const today = new Date().toISOString().slice(0, 10);

  it.each([
    '/customer/all',
    `/customer/search/${mobileOf(0).slice(0, 8)}`,
    '/customer/search/cursor',
    '/businessPartners',
    '/appUser/all',
    '/appUser/search/a',
    `/expense/${month}/${year}`,
    `/expense/${month}/${year}/a`,
    `/purchase/today/${today}`,
  ])('%s walks by cursor through the rows page and size give', async (path) => {
    const token = await admin();
    const numbered = await byNumber(path, token, 2);
    const { pages } = await byCursor(path, token, 2);
    expect(pages.flat()).toEqual(numbered.flat());
  });

  it('a deep page of customers is one step from the page before it, and a cursor belongs to its own list', async () => {
    const token = await admin();
    const { pages, cursors } = await byCursor(`/customer/search/${mobileOf(0).slice(0, 8)}`, token, 2);
    expect(pages.flat()).toHaveLength(5);
    expect(cursors).toBeGreaterThanOrEqual(2);
    const first = await call<unknown[]>('GET', '/customer/all?size=2', { token });
    const cursor = first.headers.get('x-next-page')!;
    expect(cursor).toBeTruthy();
    for (const other of ['/businessPartners', `/customer/search/${mobileOf(0).slice(0, 8)}`, '/appUser/all']) {
      const refused = await call<{ message: string }>('GET', `${other}?size=2&cursor=${cursor}`, { token });
      expect(refused.status, other).toBe(400);
    }
  });
});
