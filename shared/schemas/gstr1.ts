import * as z from 'zod';
import { lazySchema } from '../lazy.js';

/**
 * GSTR-1 of a month as the Reports screen shows it (rupees, like every figure on the wire): the sections with their
 * counts and totals, the B2C small rows by place of supply and rate, the HSN quantities by unit, the document
 * ranges, and the problems to fix before the file can be downloaded.
 */
export const GSTR1_SECTION_KEYS = ['b2b', 'b2cl', 'b2cs', 'nil', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1SectionKey = (typeof GSTR1_SECTION_KEYS)[number];

/** Titles and GSTR-1 table numbers as the screen shows them. */
export const GSTR1_SECTIONS: Record<Gstr1SectionKey, { title: string; table: string }> = {
  b2b: { title: 'B2B invoices', table: '4A' },
  b2cl: { title: 'B2C large invoices', table: '5' },
  b2cs: { title: 'B2C small (by place of supply and rate)', table: '7' },
  nil: { title: 'Nil-rated, exempt and non-GST supplies', table: '8' },
  cdnr: { title: 'Credit notes to registered buyers', table: '9B' },
  cdnur: { title: 'Credit notes to unregistered buyers', table: '9B' },
  hsn: { title: 'HSN summary', table: '12' },
  docs: { title: 'Documents issued', table: '13' },
};

export const amounts = {
  taxable: lazySchema(() => z.number()),
  igst: lazySchema(() => z.number()),
  cgst: lazySchema(() => z.number()),
  sgst: lazySchema(() => z.number()),
};

export const gstr1FileQuery = lazySchema(() => z.object({
  format: z.enum(['json', 'xlsx'], { error: 'Choose json or xlsx.' }).default('json'),
}));

export const einvoiceParams = lazySchema(() => z.object({
  purchaseId: z.coerce.number({ error: 'Enter a valid bill number' }).int('Enter a valid bill number').positive('Enter a valid bill number'),
}));

/** What the server answers, as types: the schemas are in gstr1-answers.ts, which requests never load. */
import type { gstr1Problem, Gstr1ProblemView, gstr1Summary, Gstr1Summary } from './gstr1-answers.js';
export type { gstr1Problem, Gstr1ProblemView, gstr1Summary, Gstr1Summary };
