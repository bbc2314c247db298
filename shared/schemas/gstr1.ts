import * as z from 'zod';

/**
 * GSTR-1 of a month as the Reports screen shows it (rupees, like every figure on the wire): the sections with their
 * counts and totals, the B2C small rows by place of supply and rate, the HSN quantities by unit, the document
 * ranges, and the problems to fix before the file can be downloaded.
 */
export const GSTR1_SECTION_KEYS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1SectionKey = (typeof GSTR1_SECTION_KEYS)[number];

/** Titles and GSTR-1 table numbers, shared by the screen and the spreadsheet's sheet names. */
export const GSTR1_SECTIONS: Record<Gstr1SectionKey, { title: string; table: string; sheet: string }> = {
  b2b: { title: 'B2B invoices', table: '4A', sheet: 'b2b' },
  b2cl: { title: 'B2C large invoices', table: '5', sheet: 'b2cl' },
  b2cs: { title: 'B2C small (by place of supply and rate)', table: '7', sheet: 'b2cs' },
  cdnr: { title: 'Credit notes to registered buyers', table: '9B', sheet: 'cdnr' },
  cdnur: { title: 'Credit notes to unregistered buyers', table: '9B', sheet: 'cdnur' },
  hsn: { title: 'HSN summary', table: '12', sheet: 'hsn' },
  docs: { title: 'Documents issued', table: '13', sheet: 'docs' },
};

const amounts = {
  taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
};

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

export const gstr1FileQuery = z.object({
  format: z.enum(['json', 'xlsx'], { error: 'Choose json or xlsx.' }).default('json'),
});

export const einvoiceParams = z.object({
  purchaseId: z.coerce.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
});
