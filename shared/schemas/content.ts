import { z } from 'zod';
import { auditFields } from './common.js';

export const policy = z.object({
  policyId: z.number().int(),
  policyName: z.string(),
  image: z.string().optional(),
  imageUrl: z.string().optional(),
  ...auditFields,
});
export type Policy = z.output<typeof policy>;
