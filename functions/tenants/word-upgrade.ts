import { WORDS_STEP } from '../../shared/words.js';
import { CATEGORY_WORDS, categoryWordRecord } from '../categories/data.js';
import { CUSTOMER_WORDS, customerWordRecord } from '../customers/data.js';
import { getItem, putItem, queryAll } from '../lib/db.js';
import { tenantPk, upgradeStepKey } from '../lib/keys.js';
import { rebuildWords } from '../lib/word-index.js';
import { PRODUCT_WORDS, productWordRecord } from '../products/data.js';


/**
 * Writes the word items (search by any word) of a shop's products, categories and customers saved before the word index
 * existed: once per shop, marked when done. Puts only, so a run cut short and run again, or a record saved while it
 * runs, ends with the same items.
 */
export async function upgradeWords(tenantId: string, now = new Date()): Promise<{ written: number } | undefined> {
  const mark = upgradeStepKey(tenantId, WORDS_STEP);
  if (await getItem(mark.pk, mark.sk, true)) return undefined;
  const products = await queryAll<{ productId: number; productName: string; categoryId: number }>({
    pk: tenantPk(tenantId, 'PRODUCT'),
    attributes: ['productId', 'productName', 'categoryId'],
  });
  const categories = await queryAll<{ categoryId: number; categoryName: string }>({ pk: tenantPk(tenantId, 'CATEGORY'), attributes: ['categoryId', 'categoryName'] });
  const customers = await queryAll<{ customerId: number; customerName: string; legalName?: string }>({
    pk: tenantPk(tenantId, 'CUSTOMER'),
    attributes: ['customerId', 'customerName', 'legalName'],
  });
  const written =
    (await rebuildWords(tenantId, PRODUCT_WORDS, products.map(productWordRecord))) +
    (await rebuildWords(tenantId, CATEGORY_WORDS, categories.map(categoryWordRecord))) +
    (await rebuildWords(tenantId, CUSTOMER_WORDS, customers.map(customerWordRecord)));
  await putItem({ ...mark, entity: 'upgradeStep', doneOn: now.toISOString(), written });
  return { written };
}
