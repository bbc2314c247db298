import * as z from 'zod';
import { imageChoiceFields, requireImage, requiredText } from './catalogue-fields.js';
import { lazySchema } from '../lazy.js';

export const POLICY_EXISTS = 'Policy Name already exists!!!';

export const policySave = lazySchema(() => z
  .object({
    policyName: requiredText('Policy Name is required.'),
    ...imageChoiceFields,
    /** The version read, so a save over someone else's newer edit is refused instead of overwriting it. */
    version: z.number().int().positive().optional(),
  })
  .superRefine(requireImage));
export type PolicySave = z.output<typeof policySave>;

/** What the server answers, as types: the schemas are in content-answers.ts, which requests never load. */
export type { policy, Policy } from './content-answers.js';
