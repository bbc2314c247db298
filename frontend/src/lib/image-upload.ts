import * as z from 'zod';
import { IMAGE_REQUIRED, NOT_AN_IMAGE, imageProblem } from '../../../shared/images.js';
import { uploadRoutes } from '../../../shared/routes/uploads.js';
import { ApiError, NO_ANSWER, callApi } from './api-client.js';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** What is wrong with a chosen image file (the server's own rules and messages), or undefined when it may go. */
export const chosenImageProblem = (file: File) => imageProblem({ contentType: file.type, size: file.size });

/** Uploads already made in this page, so a save retried after a refusal does not upload the same picture again. */
const uploaded = new WeakMap<File, string>();

/**
 * Uploads an image the user chose and answers the key a save puts in `image`: the server checks the type and size
 * and answers a presigned URL, then the browser sends the file straight to storage (never through a JSON body).
 */
export async function uploadImage(file: File): Promise<string> {
  const known = uploaded.get(file);
  if (known) return known;
  const problem = chosenImageProblem(file);
  if (problem) throw new ApiError(400, problem);
  const target = await callApi(uploadRoutes.image, { body: { fileName: file.name, contentType: file.type, size: file.size } });
  let response: Response;
  try {
    response = await fetch(target.uploadUrl, { method: target.method, headers: target.headers, body: file });
  } catch {
    throw new ApiError(NO_ANSWER, `${file.name} could not be uploaded: the storage could not be reached. Please try again.`);
  }
  if (!response.ok) throw new ApiError(response.status, `${file.name} could not be uploaded (status ${response.status}). Please try again.`);
  uploaded.set(file, target.key);
  return target.key;
}

/**
 * The picture fields of a form with one image (category, policy): the record's current key on an edit, or a file
 * chosen now. One of them is required, with the server's message.
 */
export const imageChoice = {
  image: z.string().optional(),
  file: z.instanceof(File).nullable().optional(),
};
export const requireImageChoice = (value: { image?: string; file?: File | null }, ctx: z.RefinementCtx) => {
  if (!value.image && !value.file) ctx.addIssue({ code: 'custom', message: IMAGE_REQUIRED, path: ['file'] });
};

/** The messages of image problems, which the forms show under the picture rather than above the form. */
export const isImageMessage = (message: string) =>
  message === IMAGE_REQUIRED || message === NOT_AN_IMAGE || message.startsWith('The image');
