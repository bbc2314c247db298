import * as z from 'zod';
import { IMAGE_REQUIRED, NOT_AN_IMAGE, dataUrlProblem, imageProblem } from '../images.js';
import { spreadsheetProblem } from '../spreadsheets.js';
import { auditFields, multipartForm, type UploadedFile } from './common.js';
import { DEFAULT_UNIT } from '../gst.js';
import { blankAsAbsent, hsnSchema, unitSchema } from './gst.js';

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

const version = z.number().int().positive().optional();

/** A saved record's image: its object key, and a URL the browser can show for an hour. */
export const imageFields = {
  image: z.string().optional(),
  imageUrl: z.string().optional(),
};

/**
 * How a save names its image: `imageContent`, a data URL (the spec's payload), or `image`, the key answered by
 * `POST /upload/image` after the browser's upload, or the record's current `image` to keep it.
 */
export const imageChoiceFields = {
  image: z.string().trim().max(300).optional(),
  imageContent: z
    .string()
    .superRefine((value, ctx) => {
      const problem = value ? dataUrlProblem(value) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
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

const entityId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

// ---------------------------------------------------------------- uploads

export const imageUploadRequest = z
  .object({
    fileName: z.string().max(300).optional(),
    contentType: z.string({ error: NOT_AN_IMAGE }),
    size: z.number({ error: NOT_AN_IMAGE }).int(NOT_AN_IMAGE),
  })
  .superRefine((file, ctx) => {
    const problem = imageProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const imageUpload = z.object({
  /** Goes in the `image` field of the save that uses the picture. */
  key: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry exactly (they are signed). */
  headers: z.record(z.string(), z.string()),
});
export type ImageUpload = z.output<typeof imageUpload>;

// ---------------------------------------------------------------- categories

export const category = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  ...imageFields,
  version,
  ...auditFields,
});
export type Category = z.output<typeof category>;

export const categorySave = z
  .object({
    categoryName: requiredText('Category Name is required.'),
    ...imageChoiceFields,
    /** The version read, so a save over someone else's newer edit is refused instead of overwriting it. */
    version,
  })
  .superRefine(requireImage);
export type CategorySave = z.output<typeof categorySave>;

// ---------------------------------------------------------------- products

export const product = z.object({
  productId: z.number().int(),
  productName: z.string(),
  categoryId: z.number().int(),
  description: z.string(),
  size: z.string(),
  colour: z.string(),
  /** The HSN code GST invoices print; absent until the owner gives one (products without one are listed). */
  hsnCode: z.string().optional(),
  /** The GST unit (UQC) quantities are counted in; `NOS` on products saved before units existed. */
  unit: z.string().optional(),
  ...imageFields,
  version,
  ...auditFields,
});
export type Product = z.output<typeof product>;

/** An HSN code as typed: blank means "not known yet". */
export const optionalHsn = blankAsAbsent(hsnSchema);
/** A GST unit as chosen: blank means the default, `NOS`. */
export const unitOrDefault = blankAsAbsent(unitSchema).transform((unit) => unit ?? DEFAULT_UNIT);

/** What the Place Order and bulk add screens need to suggest a product. */
export const productSuggestion = z.object({
  productId: z.number().int(),
  productName: z.string(),
  categoryId: z.number().int(),
});

const productFields = {
  productName: requiredText('Product Name is required.'),
  categoryId: entityId('Category is required.'),
  description: requiredText('Description is required.', 500),
  size: requiredText('Size is required.', 50),
  colour: requiredText('Colour is required.', 50),
  hsnCode: optionalHsn,
  unit: unitOrDefault,
  ...imageChoiceFields,
};

export const newProductRow = z.object(productFields).superRefine(requireImage);
export type NewProductRow = z.output<typeof newProductRow>;

export const productUpdateRow = z
  .object({ productId: entityId('Select product(s) to Modify/Delete.'), ...productFields, version })
  .superRefine(requireImage);
export type ProductUpdateRow = z.output<typeof productUpdateRow>;

const isBlankRow = (row: unknown) =>
  typeof row === 'object' && row !== null && !String((row as { productName?: unknown }).productName ?? '').trim();

/**
 * Bulk add: rows with an empty name are dropped (spec 2 section 5); they stay `null` so every other row keeps the
 * number the screen shows it under in messages.
 */
export const newProductRows = z
  .array(z.preprocess((row) => (isBlankRow(row) ? null : row), newProductRow.nullable()))
  .min(1, 'Add at least one product.')
  .max(MAX_BULK_ROWS, `You can save at most ${MAX_BULK_ROWS} products at a time.`) as unknown as z.ZodType<
  (NewProductRow | null)[],
  z.input<typeof newProductRow>[]
>;

export const productUpdateRows = z
  .array(productUpdateRow)
  .min(1, SELECT_PRODUCTS)
  .max(MAX_BULK_ROWS, `You can modify at most ${MAX_BULK_ROWS} products at a time.`);

export const productIds = z
  .array(entityId('Enter a valid id'))
  .min(1, SELECT_PRODUCTS)
  .max(MAX_BULK_ROWS, `You can select at most ${MAX_BULK_ROWS} products at a time.`);

/** `1,2,3` in a path. */
export const productIdList = z.preprocess(
  (text) => (typeof text === 'string' ? text.split(',').map((part) => part.trim()).filter(Boolean) : text),
  productIds,
);

// ---------------------------------------------------------------- taxes

/** A GST rate in percent as typed (2.5 or "2.5"), at most two decimals. */
const rate = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: ENTER_NUMBER })
  .pipe(
    z
      .number({ error: ENTER_NUMBER })
      .min(0, 'Enter a rate between 0 and 100.')
      .max(100, 'Enter a rate between 0 and 100.')
      .refine((value) => Number(value.toFixed(2)) === value, 'Enter at most two decimals.'),
  );

export const tax = z.object({
  taxId: z.number().int(),
  categoryType: z.string(),
  cgst: z.number(),
  sgst: z.number(),
  version,
  ...auditFields,
});
export type Tax = z.output<typeof tax>;

export const taxSave = z.object({
  categoryType: requiredText('Category Type is required.'),
  cgst: rate,
  sgst: rate,
  version,
});
export type TaxSave = z.output<typeof taxSave>;

// ---------------------------------------------------------------- templates

export const template = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  contentType: z.string().optional(),
  size: z.number().int().optional(),
  /** Presigned, valid an hour, downloads under the template's name. */
  downloadUrl: z.string().optional(),
  version,
  ...auditFields,
});
export type Template = z.output<typeof template>;

/** The upload form: one required Excel file in the field 'file'. */
export const templateUpload = multipartForm
  .superRefine((form, ctx) => {
    const file = form.files.find((f) => f.field === 'file' && f.fileName.trim());
    const problem = spreadsheetProblem(file && { fileName: file.fileName, size: file.data.length });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['file'] });
  })
  .transform((form) => ({ file: form.files.find((f) => f.field === 'file' && f.fileName.trim()) as UploadedFile }));
