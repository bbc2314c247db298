import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws.js';
import { tableName, type Item } from '../../functions/lib/db.js';
import { idSk, tenantPk } from '../../functions/lib/keys.js';
import { purchaseData } from '../../functions/purchases/data.js';
import type { TenantSeed } from '../../infra/local/seed.js';

/**
 * Tax invoices and credit notes written in the stored shape of docs/gst.md ("What is stored"): the bill item, its
 * lines in the shop day's index, and the credit note (the bill's return item) in its month's index. Used where a
 * month of documents with chosen numbers, buyers and places of supply is needed without selling through the till:
 * the GSTR-1 tests and benchmark. Amounts in paise, rates in basis points.
 */
/** A shop registered for GST in Karnataka (state 29), as the GST tests seed it. */
export const karnatakaShop = (tenantId: string, displayName: string, address: string, gstNumber: string) =>
  ({ tenantId, tenantName: tenantId, displayName, address, gstNumber, emailId: `accounts@${tenantId}.shop`, reportEmails: false, state: '29' }) as TenantSeed['tenant'];

export interface StoredLineSpec {
  productId: number;
  productName: string;
  hsnCode?: string;
  unit: string;
  /** The product's kind of supply when sold (shared/gst.ts); left out, a 0 % line is nil-rated. */
  taxability?: 'taxable' | 'nil-rated' | 'exempt' | 'non-gst';
  quantity: number;
  gstRate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface StoredInvoiceSpec {
  purchaseId: number;
  number: string;
  day: string;
  customer: { customerId: number; customerName: string; gstin?: string };
  placeOfSupply: string;
  shop: { state: string; gstin: string };
  lines: StoredLineSpec[];
}

export interface StoredCreditNoteSpec {
  purchaseId: number;
  returnId: number;
  number: string;
  day: string;
  original: { number: string; date: string; placeOfSupply: string; customerName: string; gstin?: string };
  lines: (StoredLineSpec & { purchasedProductId: number })[];
}

const sum = (lines: StoredLineSpec[], f: 'taxable' | 'cgst' | 'sgst' | 'igst') => lines.reduce((s, l) => s + l[f], 0);

export function invoiceItems(tenantId: string, spec: StoredInvoiceSpec): Item[] {
  const pk = tenantPk(tenantId, 'PURCHASE', idSk(spec.purchaseId));
  const supply = spec.placeOfSupply === spec.shop.state ? 'intra' : 'inter';
  const common = {
    purchaseId: spec.purchaseId,
    invoiceNumber: spec.number,
    invoiceDate: spec.day,
    saleDate: spec.day,
    placeOfSupply: spec.placeOfSupply,
    supply,
    customerGstin: spec.customer.gstin,
    documentType: 'TAX_INVOICE',
    customerName: spec.customer.customerName,
  };
  const bill: Item = {
    pk,
    sk: 'BILL',
    entity: 'purchase',
    ...common,
    customerId: spec.customer.customerId,
    mobileNumber: '0',
    shopState: spec.shop.state,
    shopGstin: spec.shop.gstin,
    customerState: spec.customer.gstin?.slice(0, 2),
    taxable: sum(spec.lines, 'taxable'),
    cgst: sum(spec.lines, 'cgst'),
    sgst: sum(spec.lines, 'sgst'),
    igst: sum(spec.lines, 'igst'),
    tax: sum(spec.lines, 'cgst') + sum(spec.lines, 'sgst') + sum(spec.lines, 'igst'),
  };
  const lines = spec.lines.map(
    (line, i): Item => ({
      pk,
      sk: `LINE#${String(i + 1).padStart(3, '0')}`,
      entity: 'purchaseLine',
      gsi1pk: purchaseData.dayQuery(tenantId, spec.day).pk,
      gsi1sk: `${spec.day}T10:00:00.${String(spec.purchaseId).padStart(9, '0')}${i}`,
      ...common,
      purchasedProductId: i + 1,
      originalQuantity: line.quantity,
      returnQuantity: 0,
      cgstRate: line.gstRate / 2,
      sgstRate: line.gstRate / 2,
      igstRate: supply === 'inter' ? line.gstRate : 0,
      ...line,
      tax: line.cgst + line.sgst + line.igst,
    }),
  );
  return [bill, ...lines];
}

export function creditNoteItem(tenantId: string, spec: StoredCreditNoteSpec): Item {
  return {
    pk: tenantPk(tenantId, 'PURCHASE', idSk(spec.purchaseId)),
    sk: `RETURN#${String(spec.returnId).padStart(3, '0')}`,
    entity: 'purchaseReturn',
    gsi1pk: purchaseData.creditNoteMonthPk(tenantId, spec.day.slice(0, 7)),
    gsi1sk: `${spec.day}#${spec.number}`,
    purchaseId: spec.purchaseId,
    returnId: spec.returnId,
    returnDate: spec.day,
    creditNoteNumber: spec.number,
    creditNoteDate: spec.day,
    originalInvoiceNumber: spec.original.number,
    originalInvoiceDate: spec.original.date,
    placeOfSupply: spec.original.placeOfSupply,
    customerGstin: spec.original.gstin,
    customerName: spec.original.customerName,
    documentType: 'TAX_INVOICE',
    taxable: sum(spec.lines, 'taxable'),
    cgst: sum(spec.lines, 'cgst'),
    sgst: sum(spec.lines, 'sgst'),
    igst: sum(spec.lines, 'igst'),
    lines: spec.lines,
  };
}

/** Writes items 25 at a time (DynamoDB's batch size), a few batches at once, retrying what the table left over. */
export async function writeItems(items: Item[], width = 4): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (let i = 0; i < batches.length; i += width) {
    await Promise.all(
      batches.slice(i, i + width).map(async (batch) => {
        let requests = batch.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length) {
          const answer = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
          requests = (answer.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
        }
      }),
    );
  }
}
