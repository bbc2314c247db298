import { TAX_EXISTS, type Tax, type TaxSave } from '../../shared/schemas/catalogue.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { searchKey } from '../lib/keys.js';
import { taxData, type StoredTax } from './data.js';

export async function findTax(tenantId: string, taxId: number): Promise<StoredTax> {
  const tax = await taxData.get(tenantId, taxId);
  if (!tax) throw new NotFound('Tax not found.');
  return tax;
}

/** Creates a tax category; the type is unique in any letter case ('Category type already exists!!!'). */
export async function createTax(scope: WriteScope, input: TaxSave): Promise<Tax> {
  const { tenantId, actor } = scope;
  if ((await taxData.typeOwner(tenantId, input.categoryType)) !== undefined) throw new Conflict(TAX_EXISTS);
  const tax: StoredTax = {
    taxId: await nextId(tenantId, 'tax'),
    categoryType: input.categoryType,
    cgst: input.cgst,
    sgst: input.sgst,
    version: 1,
    ...created(actor),
  };
  const { writes, messages } = taxData.createWrites(tenantId, tax);
  await transact(writes, messages);
  return tax;
}

export async function updateTax(scope: WriteScope, taxId: number, input: TaxSave): Promise<Tax> {
  const { tenantId, actor } = scope;
  const before = await findTax(tenantId, taxId);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict(STALE_RECORD);
  if (searchKey(input.categoryType) !== searchKey(before.categoryType)) {
    const owner = await taxData.typeOwner(tenantId, input.categoryType);
    if (owner !== undefined && owner !== taxId) throw new Conflict(TAX_EXISTS);
  }
  const after: StoredTax = {
    ...before,
    categoryType: input.categoryType,
    cgst: input.cgst,
    sgst: input.sgst,
    version: before.version + 1,
    ...updated(actor),
  };
  const { writes, messages } = taxData.updateWrites(tenantId, before, after);
  await transact(writes, messages);
  return after;
}

export async function deleteTax(scope: WriteScope, taxId: number): Promise<{ taxId: number }> {
  const tax = await findTax(scope.tenantId, taxId);
  const { writes, messages } = taxData.deleteWrites(scope.tenantId, tax);
  await transact(writes, messages);
  return { taxId };
}
