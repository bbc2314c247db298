import * as z from 'zod';
import { GSTR1_SECTION_KEYS, amounts } from './gstr1.js';

/**
 * What the server answers about the GSTR-1 return.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. gstr1.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const gstr1Problem = z.object({
  kind: z.enum(['shop', 'hsn', 'unit', 'customer-gstin', 'number', 'place-of-supply', 'earlier-year-credit-note']),
  message: z.string(),
  fix: z.union([
    z.object({ to: z.literal('shop') }),
    z.object({ to: z.literal('product'), productId: z.number().int() }),
    z.object({ to: z.literal('customer'), customerId: z.number().int().optional(), purchaseId: z.number().int() }),
    z.object({ to: z.literal('bill'), purchaseId: z.number().int() }),
  ]),
});

export type Gstr1ProblemView = z.output<typeof gstr1Problem>;

export const gstr1Summary = z.object({
  /** `yyyy-mm` */
  month: z.string(),
  /** Return period `MMYYYY` */
  fp: z.string(),
  financialYear: z.string(),
  sections: z.array(
    z.object({
      key: z.enum(GSTR1_SECTION_KEYS),
      title: z.string(),
      table: z.string(),
      count: z.number().int(),
      value: z.number(),
      ...amounts,
    }),
  ),
  /** The month's invoices less its credit notes: what the sections add up to. */
  net: z.object({ value: z.number(), ...amounts }),
  smallRows: z.array(z.object({ placeOfSupply: z.string(), supplyType: z.enum(['INTRA', 'INTER']), rate: z.number(), ...amounts })),
  /** The month's B2B invoices, each with its e-invoice download. */
  b2bInvoices: z.array(z.object({ purchaseId: z.number().int(), number: z.string(), date: z.string(), customerName: z.string(), gstin: z.string(), value: z.number() })),
  quantities: z.array(z.object({ unit: z.string(), quantity: z.number() })),
  documents: z.array(z.object({ nature: z.string(), from: z.string(), to: z.string(), total: z.number().int(), cancelled: z.number().int(), issued: z.number().int() })),
  problems: z.array(gstr1Problem),
});

export type Gstr1Summary = z.output<typeof gstr1Summary>;
