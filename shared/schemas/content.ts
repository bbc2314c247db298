import * as z from 'zod';
import { imageChoiceFields, imageFields, requireImage, requiredText } from './catalogue-fields.js';
import { auditFields } from './common.js';

export const POLICY_EXISTS = 'Policy Name already exists!!!';

export const policy = z.object({
  policyId: z.number().int(),
  policyName: z.string(),
  ...imageFields,
  version: z.number().int().positive().optional(),
  ...auditFields,
});
export type Policy = z.output<typeof policy>;

export const policySave = z
  .object({
    policyName: requiredText('Policy Name is required.'),
    ...imageChoiceFields,
    /** The version read, so a save over someone else's newer edit is refused instead of overwriting it. */
    version: z.number().int().positive().optional(),
  })
  .superRefine(requireImage);
export type PolicySave = z.output<typeof policySave>;
