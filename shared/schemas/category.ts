import * as z from 'zod';
import { auditFields } from './common.js';
import { imageChoiceFields, imageFields, requireImage, requiredText, version } from './catalogue-fields.js';
import { lazySchema } from '../lazy.js';

export const category = lazySchema(() => z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  ...imageFields,
  version,
  ...auditFields,
}));
export type Category = z.output<typeof category>;

export const categorySave = lazySchema(() => z
  .object({
    categoryName: requiredText('Category Name is required.'),
    ...imageChoiceFields,
    /** The version read, so a save over someone else's newer edit is refused instead of overwriting it. */
    version,
  })
  .superRefine(requireImage));
export type CategorySave = z.output<typeof categorySave>;
