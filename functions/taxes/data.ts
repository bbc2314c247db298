import { TAX_EXISTS } from '../../shared/schemas/catalogue-fields.js';
import type { Tax } from '../../shared/schemas/tax.js';
import { getItem, queryAll, strip, type Item } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';
import { uniquelyNamed } from '../lib/unique-names.js';

/**
 * Tax categories. The category type is unique in any letter case (`uniquelyNamed`).
 */
const taxPk = (tenantId: string) => tenantPk(tenantId, 'TAX');
const typeKey = (tenantId: string, categoryType: string) => ({ pk: tenantPk(tenantId, 'TAX_TYPE'), sk: searchKey(categoryType) });

export type StoredTax = Tax & { version: number };
const toTax = (item: Record<string, unknown>) => strip(item as Item) as StoredTax;

const toItem = (tenantId: string, tax: StoredTax): Item => ({ pk: taxPk(tenantId), sk: idSk(tax.taxId), entity: 'tax', ...tax });

export const taxData = {
  /** The category type is the tax's unique name. */
  types: uniquelyNamed<StoredTax>({
    key: (tenantId, tax) => ({ pk: taxPk(tenantId), sk: idSk(tax.taxId) }),
    toItem,
    nameKey: typeKey,
    nameEntity: 'taxType',
    idAttribute: 'taxId',
    name: (tax) => tax.categoryType,
    taken: TAX_EXISTS,
  }),

  async get(tenantId: string, taxId: number): Promise<StoredTax | undefined> {
    const item = await getItem(taxPk(tenantId), idSk(taxId));
    return item ? toTax(item) : undefined;
  },

  /** Every tax category: a shop has a handful of GST slabs. */
  async all(tenantId: string): Promise<StoredTax[]> {
    return (await queryAll({ pk: taxPk(tenantId) })).map(toTax);
  },
};
