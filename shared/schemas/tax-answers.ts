import * as z from 'zod';
import { version } from './catalogue-fields.js';
import { auditFields } from './common.js';

/**
 * What the server answers about tax types.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. tax.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const tax = z.object({
  taxId: z.number().int(),
  categoryType: z.string(),
  cgst: z.number(),
  sgst: z.number(),
  version,
  ...auditFields,
});

export type Tax = z.output<typeof tax>;
