import * as z from 'zod';
import { ENTER_NUMBER, requiredText, version } from './catalogue-fields.js';
import { lazySchema } from '../lazy.js';

/** A GST rate in percent as typed (2.5 or "2.5"), at most two decimals. */
const rate = lazySchema(() => z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: ENTER_NUMBER })
  .pipe(
    z
      .number({ error: ENTER_NUMBER })
      .min(0, 'Enter a rate between 0 and 100.')
      .max(100, 'Enter a rate between 0 and 100.')
      .refine((value) => Number(value.toFixed(2)) === value, 'Enter at most two decimals.'),
  ));

export const taxSave = lazySchema(() => z.object({
  categoryType: requiredText('Category Type is required.'),
  cgst: rate,
  sgst: rate,
  version,
}));
export type TaxSave = z.output<typeof taxSave>;

/** What the server answers, as types: the schemas are in tax-answers.ts, which requests never load. */
export type { tax, Tax } from './tax-answers.js';
