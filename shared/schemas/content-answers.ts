import * as z from 'zod';
import { imageFields } from './catalogue-fields.js';
import { auditFields } from './common.js';

/**
 * What the server answers about policies.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. content.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const policy = z.object({
  policyId: z.number().int(),
  policyName: z.string(),
  ...imageFields,
  version: z.number().int().positive().optional(),
  ...auditFields,
});

export type Policy = z.output<typeof policy>;
