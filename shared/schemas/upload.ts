import * as z from 'zod';
import { NOT_AN_IMAGE, imageProblem } from '../images.js';

/** `POST /upload/image`: the picture the browser is about to upload, and where to put it. */

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
