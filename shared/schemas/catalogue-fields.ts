import * as z from 'zod';
import { IMAGE_REQUIRED, dataUrlProblem } from '../images.js';
import { lazySchema } from '../lazy.js';

/*
 * The catalogue's messages, limits and the fields its records share, apart from the schemas of each record
 * (catalogue.ts: products; category.ts, tax.ts, template.ts, upload.ts) so that a function builds only the schemas of
 * its own records. catalogue.ts exports all of them.
 */

/** Messages of the catalogue screens (spec 2 sections 2 and 5, spec 3 section 5). */
export const CATEGORY_EXISTS = 'Category Name already exists!!!';
export const PRODUCT_EXISTS = 'Product Already Exists';
export const TAX_EXISTS = 'Category type already exists!!!';
export const SELECT_PRODUCTS = 'Select product(s) to Modify/Delete.';
export const ENTER_NUMBER = 'Enter the number!!!';

/**
 * Rows one bulk save may carry. A save is one DynamoDB transaction (at most 100 writes) so that it is all or
 * nothing; a product row takes up to three writes plus its category's product count.
 */
export const MAX_BULK_ROWS = 25;

/** Product suggestions one call answers: the first names in name order; the screen asks again as the user types on. */
export const PRODUCT_SUGGESTIONS = 20;
export { SEARCH_COUNT_CAP } from './page-size.js';

/** The version a save read, so a save over someone else's newer edit is refused. */
export const version = lazySchema(() => z.number().int().positive().optional());

/** A saved record's image: its object key, and a URL the browser can show for an hour. */
export const imageFields = {
  image: lazySchema(() => z.string().optional()),
  imageUrl: lazySchema(() => z.string().optional()),
};

/**
 * How a save names its image: `imageContent`, a data URL (the spec's payload), or `image`, the key answered by
 * `POST /upload/image` after the browser's upload, or the record's current `image` to keep it.
 */
export const imageChoiceFields = {
  image: lazySchema(() => z.string().trim().max(300).optional()),
  imageContent: lazySchema(() => z
    .string()
    .superRefine((value, ctx) => {
      const problem = value ? dataUrlProblem(value) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()),
};
export interface ImageChoice {
  image?: string;
  imageContent?: string;
}
export const requireImage = (value: ImageChoice, ctx: z.RefinementCtx) => {
  if (!value.image && !value.imageContent) ctx.addIssue({ code: 'custom', message: IMAGE_REQUIRED, path: ['image'] });
};

export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters, please.`);

export const entityId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
