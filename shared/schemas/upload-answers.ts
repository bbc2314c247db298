import * as z from 'zod';

/**
 * What the server answers about image uploads.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. upload.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const imageUpload = z.object({
  /** Goes in the `image` field of the save that uses the picture. */
  key: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry exactly (they are signed). */
  headers: z.record(z.string(), z.string()),
});

export type ImageUpload = z.output<typeof imageUpload>;
