import type { Tax, TaxSave } from '../../shared/schemas/tax.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, transact, updated } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { taxData, type StoredTax } from './data.js';

export async function findTax(tenantId: string, taxId: number): Promise<StoredTax> {
  const tax = await taxData.get(tenantId, taxId);
  if (!tax) throw new NotFound('Tax not found.');
  return tax;
}

/** Creates a tax category; the type is unique in any letter case ('Category type already exists!!!'). */
export async function createTax(scope: WriteScope, input: TaxSave): Promise<Tax> {
  const { tenantId, actor } = scope;
  await taxData.types.assertFree(tenantId, input.categoryType);
  const tax: StoredTax = {
    taxId: await nextId(tenantId, 'tax'),
    categoryType: input.categoryType,
    cgst: input.cgst,
    sgst: input.sgst,
    version: 1,
    ...created(actor),
  };
  const { writes, messages } = taxData.types.createWrites(tenantId, tax);
  await transact(writes, messages);
  return tax;
}

export async function updateTax(scope: WriteScope, taxId: number, input: TaxSave): Promise<Tax> {
  const { tenantId, actor } = scope;
  const before = await findTax(tenantId, taxId);
  if (input.version !== undefined && input.version !== before.version) throw new Conflict(STALE_RECORD);
  await taxData.types.assertRenameFree(tenantId, before, input.categoryType);
  const after: StoredTax = {
    ...before,
    categoryType: input.categoryType,
    cgst: input.cgst,
    sgst: input.sgst,
    version: before.version + 1,
    ...updated(actor),
  };
  const { writes, messages } = taxData.types.updateWrites(tenantId, before, after);
  await transact(writes, messages);
  return after;
}

export async function deleteTax(scope: WriteScope, taxId: number): Promise<{ taxId: number }> {
  const tax = await findTax(scope.tenantId, taxId);
  const { writes, messages } = taxData.types.deleteWrites(scope.tenantId, tax);
  await transact(writes, messages);
  return { taxId };
}
