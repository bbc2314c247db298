import type { Category } from '../../shared/schemas/category.js';
import { CATEGORY_EXISTS } from '../../shared/schemas/catalogue-fields.js';
import {
  batchGet,
  getItem,
  mapPage,
  op,
  query,
  queryAll,
  queryCursorPage,
  readCounter,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
} from '../lib/db.js';
import { uniquelyNamed, type Writes } from '../lib/unique-names.js';
import { counterKey, idSk, searchKey, tenantPk } from '../lib/keys.js';
import { wordSearchCount, wordSearchPage, wordWrites, type WordRecord } from '../lib/word-index.js';

/**
 * Categories. Besides the category item there are two companions written in the same transactions:
 * - a name item per lower-cased name (`uniquelyNamed`), so two saves of one name cannot both win;
 * - a product count item, raised and lowered by product saves and deletes in their transactions; a category is
 *   deleted only while it is zero, and a product save that finds no count item finds no category;
 * and the shop's category counter (`counterKey`) is raised and lowered by the same transactions.
 */
const categoryPk = (tenantId: string) => tenantPk(tenantId, 'CATEGORY');
const byNamePk = (tenantId: string) => tenantPk(tenantId, 'CATEGORY_BY_NAME');
const nameKey = (tenantId: string, name: string) => ({ pk: tenantPk(tenantId, 'CATEGORY_NAME'), sk: searchKey(name) });
const categoryCounter = (tenantId: string) => counterKey(tenantId, 'category');
const countKey = (tenantId: string, categoryId: number) => ({ pk: tenantPk(tenantId, 'CATEGORY_PRODUCTS'), sk: idSk(categoryId) });

export type StoredCategory = Category & { image: string; version: number };

/** The word index of category names (`lib/word-index.ts`): the storefront's "oil" finds "Edible Oils". */
export const CATEGORY_WORDS = 'CATEGORY';
export const categoryWordRecord = (c: Pick<StoredCategory, 'categoryId' | 'categoryName'>): WordRecord => ({ id: c.categoryId, name: c.categoryName });
const categoryWordWrites = (tenantId: string, before: StoredCategory | undefined, after: StoredCategory | undefined) =>
  wordWrites(tenantId, CATEGORY_WORDS, before && categoryWordRecord(before), after && categoryWordRecord(after));

const toCategory = (item: Record<string, unknown>) => strip(item as Item) as StoredCategory;

export const categoryHasProducts = (count: number) =>
  `This category has ${count} product(s). Please move them to another category or delete them first.`;

const toItem = (tenantId: string, category: StoredCategory): Item => ({
  pk: categoryPk(tenantId),
  sk: idSk(category.categoryId),
  gsi1pk: byNamePk(tenantId),
  gsi1sk: searchKey(category.categoryName),
  entity: 'category',
  ...category,
});

const names = uniquelyNamed<StoredCategory>({
  key: (tenantId, category) => ({ pk: categoryPk(tenantId), sk: idSk(category.categoryId) }),
  toItem,
  nameKey,
  nameEntity: 'categoryName',
  idAttribute: 'categoryId',
  name: (category) => category.categoryName,
  taken: CATEGORY_EXISTS,
});

export const categoryData = {
  names,

  async get(tenantId: string, categoryId: number): Promise<StoredCategory | undefined> {
    const item = await getItem(categoryPk(tenantId), idSk(categoryId));
    return item ? toCategory(item) : undefined;
  },

  /** The ids among `categoryIds` that are categories of the tenant. */
  async existing(tenantId: string, categoryIds: number[]): Promise<Set<number>> {
    const unique = [...new Set(categoryIds)];
    const items = await batchGet<StoredCategory>(unique.map((id) => ({ pk: categoryPk(tenantId), sk: idSk(id) })));
    return new Set(items.map((i) => i.categoryId));
  },

  async page(tenantId: string, request: PageRequest): Promise<CursorPage<StoredCategory>> {
    return mapPage(await queryCursorPage({ pk: categoryPk(tenantId) }, request), toCategory);
  },

  count: (tenantId: string) => readCounter(categoryCounter(tenantId)),

  /** A page of the categories with a word of the name starting with `text`, whole words first (the word index, then the categories by id). */
  async searchPage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<StoredCategory>> {
    const page = await wordSearchPage<{ id: number }>(tenantId, CATEGORY_WORDS, text, request);
    const items = await batchGet(page.items.map((w) => ({ pk: categoryPk(tenantId), sk: idSk(Number(w.id)) })));
    const byId = new Map(items.map((i) => [Number(i.categoryId), toCategory(i)]));
    return { items: page.items.flatMap((w) => byId.get(Number(w.id)) ?? []), next: page.next };
  },

  /** How many categories have a word starting with `text`, counting at most `cap`. */
  searchCount: (tenantId: string, text: string, cap: number) => wordSearchCount(tenantId, CATEGORY_WORDS, text, cap),

  async all(tenantId: string): Promise<StoredCategory[]> {
    return (await queryAll({ index: 'gsi1', pk: byNamePk(tenantId) })).map(toCategory);
  },

  /** A category by name in any letter case (inventory uploads name categories). */
  async byName(tenantId: string, name: string): Promise<StoredCategory | undefined> {
    const { items } = await query({ index: 'gsi1', pk: byNamePk(tenantId), skBetween: [searchKey(name), searchKey(name)] });
    return items[0] ? toCategory(items[0]) : undefined;
  },

  async productCount(tenantId: string, categoryId: number): Promise<number> {
    const key = countKey(tenantId, categoryId);
    return Number((await getItem<{ productCount?: number }>(key.pk, key.sk))?.productCount ?? 0);
  },

  /** Writes creating a category with its product count at zero. */
  createWrites(tenantId: string, category: StoredCategory): Writes {
    const { writes, messages } = names.createWrites(tenantId, category);
    writes.push({
      Put: { TableName: tableName(), Item: { ...countKey(tenantId, category.categoryId), entity: 'categoryProducts', productCount: 0 } },
    });
    writes.push(op.count(categoryCounter(tenantId), 1));
    const words = categoryWordWrites(tenantId, undefined, category);
    writes.push(...words);
    return { writes, messages: [...messages, undefined, undefined, ...words.map(() => undefined)] };
  },

  /** Writes renaming a category or changing its image (`uniquelyNamed`), with its word items. */
  updateWrites(tenantId: string, before: StoredCategory, after: StoredCategory): Writes {
    const { writes, messages } = names.updateWrites(tenantId, before, after);
    const words = categoryWordWrites(tenantId, before, after);
    return { writes: [...writes, ...words], messages: [...messages, ...words.map(() => undefined)] };
  },

  /** Writes deleting a category; refused while any product belongs to it. */
  deleteWrites(tenantId: string, category: StoredCategory): Writes {
    const { writes, messages } = names.deleteWrites(tenantId, category);
    writes.push({
      Delete: {
        TableName: tableName(),
        Key: countKey(tenantId, category.categoryId),
        ConditionExpression: 'attribute_not_exists(productCount) OR productCount = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    });
    messages.push('This category still has products. Please move them to another category or delete them first.');
    writes.push(op.count(categoryCounter(tenantId), -1));
    messages.push(undefined);
    const words = categoryWordWrites(tenantId, category, undefined);
    return { writes: [...writes, ...words], messages: [...messages, ...words.map(() => undefined)] };
  },

  /**
   * The write changing a category's product count by `delta` inside a product save or delete. A positive change
   * requires the category to exist, so a product is never saved into a category deleted a moment before.
   */
  productCountWrite(tenantId: string, categoryId: number, delta: number): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: countKey(tenantId, categoryId),
        UpdateExpression: 'ADD productCount :delta',
        ExpressionAttributeValues: { ':delta': delta },
        ...(delta > 0 ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
      },
    };
  },
};
