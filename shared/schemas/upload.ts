import * as z from 'zod';
import { NOT_AN_IMAGE, imageProblem } from '../images.js';
import { lazySchema } from '../lazy.js';

/** `POST /upload/image`: the picture the browser is about to upload, and where to put it. */

export const imageUploadRequest = lazySchema(() => z
  .object({
    fileName: z.string().max(300).optional(),
    contentType: z.string({ error: NOT_AN_IMAGE }),
    size: z.number({ error: NOT_AN_IMAGE }).int(NOT_AN_IMAGE),
  })
  .superRefine((file, ctx) => {
    const problem = imageProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }));

/** What the server answers, as types: the schemas are in upload-answers.ts, which requests never load. */
export type { imageUpload, ImageUpload } from './upload-answers.js';
