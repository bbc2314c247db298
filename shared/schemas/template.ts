import * as z from 'zod';
import { spreadsheetProblem } from '../spreadsheets.js';
import { auditFields, multipartForm, type UploadedFile } from './common.js';
import { version } from './catalogue-fields.js';
import { lazySchema } from '../lazy.js';

export const template = lazySchema(() => z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  contentType: z.string().optional(),
  size: z.number().int().optional(),
  /** Presigned, valid an hour, downloads under the template's name. */
  downloadUrl: z.string().optional(),
  version,
  ...auditFields,
}));
export type Template = z.output<typeof template>;

/** The upload form: one required Excel file in the field 'file'. */
export const templateUpload = lazySchema(() => multipartForm
  .superRefine((form, ctx) => {
    const file = form.files.find((f) => f.field === 'file' && f.fileName.trim());
    const problem = spreadsheetProblem(file && { fileName: file.fileName, size: file.data.length });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['file'] });
  })
  .transform((form) => ({ file: form.files.find((f) => f.field === 'file' && f.fileName.trim()) as UploadedFile })));
