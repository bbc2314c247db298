import { CATEGORY_PRODUCT_WORDS_STEP, WORDS_STEP } from '../../shared/words.js';
import { CATEGORY_WORDS, categoryWordRecord } from '../categories/data.js';
import { CUSTOMER_WORDS, customerWordRecord } from '../customers/data.js';
import { getItem, putItem, queryAll } from '../lib/db.js';
import { tenantPk, upgradeStepKey } from '../lib/keys.js';
import { rebuildWords } from '../lib/word-index.js';
import { PRODUCT_WORDS, categoryProductWords, productWordRecord } from '../products/data.js';

type ProductNames = { productId: number; productName: string; categoryId: number };
const productNames = (tenantId: string) =>
  queryAll<ProductNames>({ pk: tenantPk(tenantId, 'PRODUCT'), attributes: ['productId', 'productName', 'categoryId'] });

/** `words#1`: the shop's word index of product, category and customer names. */
async function shopWords(tenantId: string): Promise<number> {
  const products = await productNames(tenantId);
  const categories = await queryAll<{ categoryId: number; categoryName: string }>({ pk: tenantPk(tenantId, 'CATEGORY'), attributes: ['categoryId', 'categoryName'] });
  const customers = await queryAll<{ customerId: number; customerName: string; legalName?: string }>({
    pk: tenantPk(tenantId, 'CUSTOMER'),
    attributes: ['customerId', 'customerName', 'legalName'],
  });
  return (
    (await rebuildWords(tenantId, PRODUCT_WORDS, products.map(productWordRecord))) +
    (await rebuildWords(tenantId, CATEGORY_WORDS, categories.map(categoryWordRecord))) +
    (await rebuildWords(tenantId, CUSTOMER_WORDS, customers.map(customerWordRecord)))
  );
}

/** `words#2`: each category's word index of its product names. */
async function categoryProductNames(tenantId: string): Promise<number> {
  const byCategory = new Map<number, ProductNames[]>();
  for (const p of await productNames(tenantId)) byCategory.set(p.categoryId, [...(byCategory.get(p.categoryId) ?? []), p]);
  let written = 0;
  for (const [categoryId, products] of byCategory) {
    written += await rebuildWords(tenantId, categoryProductWords(categoryId), products.map((p) => ({ id: p.productId, name: p.productName })));
  }
  return written;
}

const STEPS: [string, (tenantId: string) => Promise<number>][] = [
  [WORDS_STEP, shopWords],
  [CATEGORY_PRODUCT_WORDS_STEP, categoryProductNames],
];

/**
 * Writes the word items (search by any word) of a shop's records saved before an index existed: each step once per
 * shop, marked when done. Puts only, so a run cut short and run again, or a record saved while it runs, ends with
 * the same items. Answers the items written, or nothing when every step was done before.
 */
export async function upgradeWords(tenantId: string, now = new Date()): Promise<{ written: number; steps: string[] } | undefined> {
  let written = 0;
  const steps: string[] = [];
  for (const [step, write] of STEPS) {
    const mark = upgradeStepKey(tenantId, step);
    if (await getItem(mark.pk, mark.sk, true)) continue;
    const count = await write(tenantId);
    await putItem({ ...mark, entity: 'upgradeStep', doneOn: now.toISOString(), written: count });
    written += count;
    steps.push(step);
  }
  return steps.length ? { written, steps } : undefined;
}
