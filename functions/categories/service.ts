import type { Category, CategorySave } from '../../shared/schemas/category.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { imageUrl, saveWithImage } from '../lib/images.js';
import { discardObjects } from '../lib/storage.js';
import { categoryData, categoryHasProducts, type StoredCategory } from './data.js';

export const CATEGORY_NOT_FOUND = 'Category not found.';

export async function withImageUrl(category: StoredCategory): Promise<Category> {
  return { ...category, imageUrl: await imageUrl(category.image) };
}

export async function findCategory(tenantId: string, categoryId: number): Promise<StoredCategory> {
  const category = await categoryData.get(tenantId, categoryId);
  if (!category) throw new NotFound(CATEGORY_NOT_FOUND);
  return category;
}

/** Creates a category with its image; the name is unique in any letter case ('Category Name already exists!!!'). */
export async function createCategory(scope: WriteScope, input: CategorySave): Promise<Category> {
  const { tenantId, actor } = scope;
  await categoryData.names.assertFree(tenantId, input.categoryName);
  const category = await saveWithImage(scope, input, undefined, async (image) => {
    const record: StoredCategory = {
      categoryId: await nextId(tenantId, 'category'),
      categoryName: input.categoryName,
      image,
      version: 1,
      ...created(actor),
    };
    const { writes, messages } = categoryData.createWrites(tenantId, record);
    await transact(writes, messages);
    return record;
  });
  return withImageUrl(category);
}

/** Renames a category or changes its image. A new name must not belong to another category either. */
export async function updateCategory(scope: WriteScope, categoryId: number, input: CategorySave): Promise<Category> {
  const { tenantId, actor } = scope;
  const before = await findCategory(tenantId, categoryId);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict(STALE_RECORD);
  await categoryData.names.assertRenameFree(tenantId, before, input.categoryName);
  const after = await saveWithImage(scope, input, before.image, async (image) => {
    const record: StoredCategory = { ...before, categoryName: input.categoryName, image, version: before.version + 1, ...updated(actor) };
    const { writes, messages } = categoryData.updateWrites(tenantId, before, record);
    await transact(writes, messages);
    return record;
  });
  return withImageUrl(after);
}

/** Deletes a category and its image; refused while products belong to it, so no product loses its category. */
export async function deleteCategory(scope: WriteScope, categoryId: number): Promise<{ categoryId: number }> {
  const { tenantId, log } = scope;
  const category = await findCategory(tenantId, categoryId);
  const products = await categoryData.productCount(tenantId, categoryId);
  if (products > 0) throw new Conflict(categoryHasProducts(products));
  const { writes, messages } = categoryData.deleteWrites(tenantId, category);
  await transact(writes, messages);
  await discardObjects([category.image], log);
  return { categoryId };
}
