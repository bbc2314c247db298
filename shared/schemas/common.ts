import * as z from 'zod';
import { BAD_CURSOR } from './cursor.js';
import { lazySchema } from '../lazy.js';

export { BAD_CURSOR };

/** Numeric entity ids as they appear in paths (`/customer/12`). */
export const idParam = lazySchema(() => z.coerce
  .number({ error: 'Enter a valid id' })
  .int('Enter a valid id')
  .positive('Enter a valid id'));


/**
 * `page` (from 0) and `size` as documented; lists that answer an `X-Next-Page` header also take that value back as
 * `cursor` for the next page, which then costs the same however deep it is (`page` is ignored with a cursor).
 */
export const pageQuery = lazySchema(() => z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(5),
  cursor: z
    .string()
    .max(2000, BAD_CURSOR)
    .regex(/^[\w-]+\.[\w-]+$/, BAD_CURSOR)
    .optional(),
}));
export type PageQuery = z.output<typeof pageQuery>;

export { PAGE_SIZE } from './page-size.js';

/** Search text of `.../search/{text}` calls (spec: 'Search text should not be empty!'). */
export const searchText = lazySchema(() => z.string().trim().min(1, 'Search text should not be empty!').max(100));

export const userNameSchema = lazySchema(() => z
  .string({ error: 'Enter the Valid UserName...' })
  .trim()
  .toLowerCase()
  .regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'Enter the Valid UserName...'));

export const emailSchema = lazySchema(() => z.string().trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Enter the Valid Email Id!!!'));
export const mobileSchema = lazySchema(() => z.string().trim().regex(/^\d{10}$/, 'Enter the Valid Mobile Number!!!'));

/** Audit stamps every saved record carries (spec 1 section 3). */
export const auditFields = {
  createdBy: lazySchema(() => z.string().optional()),
  createdOn: lazySchema(() => z.string().optional()),
  updatedBy: lazySchema(() => z.string().optional()),
  updatedOn: lazySchema(() => z.string().optional()),
};

export const countResponse = lazySchema(() => z.number().int());

/** A file of a multipart/form-data request body, as the handler kit parses it. */
export const uploadedFile = lazySchema(() => z.object({
  field: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  data: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'The uploaded file could not be read.'),
}));
export type UploadedFile = z.output<typeof uploadedFile>;

/** The parsed body of a route with `bodyKind: 'multipart'`: text fields by name and the files, in form order. */
export const multipartForm = lazySchema(() => z.object({
  fields: z.record(z.string(), z.string()),
  files: z.array(uploadedFile),
}));
export type MultipartForm = z.output<typeof multipartForm>;

/** A calendar date as the date inputs send it: `YYYY-MM-DD`. */
export const isoDate = lazySchema(() => z.iso.date({ error: 'Enter a valid date' }));

/** The version a record was read at, sent back with an edit so a save over someone else's change is refused. */
export const versionField = lazySchema(() => z.number().int().min(0).optional());
