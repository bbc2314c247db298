import { CATEGORY_EXISTS, type Category, type CategorySave } from '../../shared/schemas/catalogue.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { checkAndStoreImage, imageUrl } from '../lib/images.js';
import { searchKey } from '../lib/keys.js';
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
  const { tenantId, actor, log } = scope;
  // Checked first so a taken name costs no image upload; the transaction's name item is what guarantees it.
  if ((await categoryData.nameOwner(tenantId, input.categoryName)) !== undefined) throw new Conflict(CATEGORY_EXISTS);
  const image = await checkAndStoreImage(tenantId, input);
  const category: StoredCategory = {
    categoryId: await nextId(tenantId, 'category'),
    categoryName: input.categoryName,
    image: image.key,
    version: 1,
    ...created(actor),
  };
  const { writes, messages } = categoryData.createWrites(tenantId, category);
  try {
    await transact(writes, messages);
  } catch (error) {
    await discardObjects([image.key], log);
    throw error;
  }
  await discardObjects([image.upload], log);
  return withImageUrl(category);
}

/** Renames a category or changes its image. A new name must not belong to another category either. */
export async function updateCategory(scope: WriteScope, categoryId: number, input: CategorySave): Promise<Category> {
  const { tenantId, actor, log } = scope;
  const before = await findCategory(tenantId, categoryId);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict(STALE_RECORD);
  if (searchKey(input.categoryName) !== searchKey(before.categoryName)) {
    const owner = await categoryData.nameOwner(tenantId, input.categoryName);
    if (owner !== undefined && owner !== categoryId) throw new Conflict(CATEGORY_EXISTS);
  }
  const image = await checkAndStoreImage(tenantId, input, before.image);
  const after: StoredCategory = {
    ...before,
    categoryName: input.categoryName,
    image: image.key,
    version: before.version + 1,
    ...updated(actor),
  };
  const { writes, messages } = categoryData.updateWrites(tenantId, before, after);
  try {
    await transact(writes, messages);
  } catch (error) {
    if (image.created) await discardObjects([image.key], log);
    throw error;
  }
  await discardObjects([image.upload, image.created ? before.image : undefined], log);
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
