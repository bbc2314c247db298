import * as z from 'zod';
import { MAX_BULK_ROWS, newProductRow, productUpdateRow, type NewProductRow, type ProductUpdateRow, type Product } from '../../../../../shared/schemas/catalogue.js';
import { chosenImageProblem } from '../../../lib/image-upload.js';
import { DEFAULT_UNIT } from '../../../../../shared/gst.js';

/** One row of the bulk forms as typed: the category as the select's value, the picture as a chosen file. */
export interface ProductRowValues {
  productId?: number;
  version?: number;
  productName: string;
  categoryId: string;
  description: string;
  size: string;
  colour: string;
  /** 4, 6 or 8 digits; may stay empty until known (the products-without-HSN screen lists those). */
  hsnCode: string;
  /** GST unit (UQC); NOS when not chosen. */
  unit: string;
  /** Nil-rated, exempt or non-GST for a 0 % good; '' = taxed at its rate (a 0 % good then is nil-rated). */
  taxability: string;
  /** The stored picture's key (bulk edit), kept when no file is chosen. */
  image?: string;
  imageUrl?: string;
  file: File | null;
}

export type RowField = 'productName' | 'categoryId' | 'description' | 'size' | 'colour' | 'hsnCode' | 'unit' | 'taxability' | 'file';

export const emptyRow = (): ProductRowValues => ({ productName: '', categoryId: '', description: '', size: '', colour: '', hsnCode: '', unit: DEFAULT_UNIT, taxability: '', file: null });

export const rowOf = (p: Product): ProductRowValues => ({
  productId: p.productId,
  version: p.version,
  productName: p.productName,
  categoryId: String(p.categoryId),
  description: p.description,
  size: p.size,
  colour: p.colour,
  hsnCode: p.hsnCode ?? '',
  unit: p.unit ?? DEFAULT_UNIT,
  taxability: p.taxability === 'taxable' ? '' : (p.taxability ?? ''),
  image: p.image,
  imageUrl: p.imageUrl,
  file: null,
});

export const isBlank = (row: Pick<ProductRowValues, 'productName'>) => !row.productName.trim();

/** The server's field of a problem -> the form's ('image' and 'imageContent' are the picture field here). */
export function rowFieldOf(path: string | undefined): RowField | undefined {
  const first = path?.split('.')[0];
  if (first === 'image' || first === 'imageContent') return 'file';
  const fields: RowField[] = ['productName', 'categoryId', 'description', 'size', 'colour', 'hsnCode', 'unit', 'taxability'];
  return fields.find((f) => f === first);
}

/** The row as the save sends it; the picture is the uploaded key (or a stand-in while checking). */
const payloadOf = (row: ProductRowValues, image: string | undefined) => ({
  productName: row.productName,
  categoryId: row.categoryId,
  description: row.description,
  size: row.size,
  colour: row.colour,
  hsnCode: row.hsnCode,
  unit: row.unit,
  taxability: row.taxability,
  image,
});

export function newRowPayload(row: ProductRowValues, image: string | undefined): NewProductRow {
  return newProductRow.parse(payloadOf(row, image));
}

export function updateRowPayload(row: ProductRowValues, image: string | undefined): ProductUpdateRow {
  return productUpdateRow.parse({ ...payloadOf(row, image), productId: row.productId, version: row.version });
}

/**
 * The bulk forms' rules: each row by the server's own row schema (every field required, the image too, with the
 * same messages), the chosen picture by the upload rules. Bulk add leaves out rows with an empty name (spec 2
 * section 5) but needs one product at least; bulk edit keeps every row.
 */
export function productRowsForm(mode: 'add' | 'edit') {
  const rowSchema = mode === 'add' ? newProductRow : productUpdateRow;
  const row = z.custom<ProductRowValues>().superRefine((value, ctx) => {
    if (mode === 'add' && isBlank(value)) return;
    // A chosen file stands in for the key it gets on upload.
    const candidate = { ...payloadOf(value, value.file ? 'chosen-file' : value.image), productId: value.productId, version: value.version };
    const parsed = rowSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = rowFieldOf(issue.path.map(String).join('.'));
        if (field) ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
      }
    }
    const fileProblem = value.file ? chosenImageProblem(value.file) : undefined;
    if (fileProblem) ctx.addIssue({ code: 'custom', message: fileProblem, path: ['file'] });
  });
  return z.object({
    rows: z
      .array(row)
      .max(MAX_BULK_ROWS, `You can save at most ${MAX_BULK_ROWS} products at a time.`)
      .refine((rows) => rows.some((r) => !isBlank(r)), 'Add at least one product.'),
  });
}
export type ProductRowsValues = { rows: ProductRowValues[] };
