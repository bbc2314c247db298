import { randomUUID } from 'node:crypto';
import {
  IMAGE_REQUIRED,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
  describeDataUrl,
  imageProblem,
  imageTooLarge,
  sniffImageType,
  type ImageType,
} from '../../shared/images.js';
import { isPublicImageKey, mediaPath } from '../../shared/assets.js';
import type { ImageChoice } from '../../shared/schemas/catalogue-fields.js';
import type { ImageUpload } from '../../shared/schemas/upload.js';
import { Validation } from './errors.js';
import { tenantObjectKey, tenantScratchKey } from './keys.js';
import type { Logger } from './logger.js';
import { copyObject, discardObjects, downloadUrl, objectSize, putObject, readObject, uploadUrl } from './storage.js';

/**
 * Images of categories, products and policies. A save names its image one of three ways: `imageContent`, a data
 * URL in the JSON body (the spec's payload, fine for small images); `image` = the key of an upload the browser made
 * with a presigned URL (`POST /upload/image`); or `image` = the record's current key (unchanged on an edit). Either
 * way the bytes are checked (size, magic numbers) before the record is written, and the record keeps only the key.
 */

export const IMAGE_NOT_FOUND = 'The image was not found. Please choose the image again.';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadKey = (tenantId: string, id: string) => tenantScratchKey(tenantId, 'uploads', id);
const imageKey = (tenantId: string, type: ImageType) => tenantObjectKey(tenantId, 'images', `${randomUUID()}.${IMAGE_TYPES[type]}`);
/** Enough leading bytes to recognise every accepted format. */
const SNIFF_BYTES = 16;

/** A presigned PUT for one image the browser uploads straight to S3; the answer's key then goes in `image`. */
export async function requestImageUpload(tenantId: string, file: { contentType: string; size: number }): Promise<ImageUpload> {
  const problem = imageProblem(file);
  if (problem) throw new Validation(problem);
  const contentType = file.contentType.toLowerCase();
  const key = uploadKey(tenantId, randomUUID());
  return { key, uploadUrl: await uploadUrl(key, contentType, file.size), method: 'PUT', headers: { 'content-type': contentType } };
}

/** An image that passed the checks and is ready to be stored; nothing has been written yet. */
export type CheckedImage =
  | { kind: 'kept'; key: string }
  | { kind: 'content'; data: Buffer; type: ImageType }
  | { kind: 'uploaded'; upload: string; type: ImageType };

/** Checks the image a save names; `currentKey` is the record's image on an edit. Throws Validation with the reason. */
export async function checkImage(tenantId: string, choice: ImageChoice, currentKey?: string): Promise<CheckedImage> {
  if (choice.imageContent) {
    const described = describeDataUrl(choice.imageContent);
    if (!described) throw new Validation(NOT_AN_IMAGE);
    const problem = imageProblem(described);
    if (problem) throw new Validation(problem);
    const data = Buffer.from(described.base64, 'base64');
    if (data.length > MAX_IMAGE_BYTES) throw new Validation(imageTooLarge(data.length));
    const type = sniffImageType(data.subarray(0, SNIFF_BYTES));
    if (!type) throw new Validation(NOT_AN_IMAGE);
    return { kind: 'content', data, type };
  }
  const key = choice.image?.trim();
  if (!key) throw new Validation(IMAGE_REQUIRED);
  if (key === currentKey) return { kind: 'kept', key };
  // Only this tenant's own fresh uploads are accepted: never another record's image, never another tenant's key.
  const id = key.slice(uploadKey(tenantId, '').length);
  if (!key.startsWith(uploadKey(tenantId, '')) || !UPLOAD_ID.test(id)) throw new Validation(IMAGE_NOT_FOUND);
  const size = await objectSize(key);
  if (size === undefined) throw new Validation(IMAGE_NOT_FOUND);
  if (size > MAX_IMAGE_BYTES) throw new Validation(imageTooLarge(size));
  const head = await readObject(key, SNIFF_BYTES);
  const type = head && size > 0 ? sniffImageType(head) : undefined;
  if (!type) throw new Validation(NOT_AN_IMAGE);
  return { kind: 'uploaded', upload: key, type };
}

/** A stored image: the key the record keeps, and whether this save created the object (to undo a failed save). */
export interface StoredImage {
  key: string;
  created: boolean;
  /** The browser's upload, copied to `key`; removed once the save is committed. */
  upload?: string;
}

/** Writes a checked image under the tenant's images prefix, with the type its bytes proved. */
export async function storeImage(tenantId: string, image: CheckedImage): Promise<StoredImage> {
  if (image.kind === 'kept') return { key: image.key, created: false };
  const key = imageKey(tenantId, image.type);
  if (image.kind === 'content') await putObject(key, image.data, image.type);
  else await copyObject(image.upload, key, image.type);
  return { key, created: true, upload: image.kind === 'uploaded' ? image.upload : undefined };
}

export async function checkAndStoreImage(tenantId: string, choice: ImageChoice, currentKey?: string): Promise<StoredImage> {
  return storeImage(tenantId, await checkImage(tenantId, choice, currentKey));
}

/**
 * Saves a record that carries an image: stores the chosen image, runs `write` with the image's key, then tidies the
 * bucket whichever way it went (a new image the write did not keep, or the upload and the image it replaced).
 */
export async function saveWithImage<T>(
  scope: { tenantId: string; log: Logger },
  choice: ImageChoice,
  currentKey: string | undefined,
  write: (imageKey: string) => Promise<T>,
): Promise<T> {
  const image = await checkAndStoreImage(scope.tenantId, choice, currentKey);
  let result: T;
  try {
    result = await write(image.key);
  } catch (error) {
    if (image.created) await discardObjects([image.key], scope.log);
    throw error;
  }
  await discardObjects([image.upload, image.created ? currentKey : undefined], scope.log);
  return result;
}

/**
 * The URL the browser shows the image from, or undefined for a record without one: the stable `/media/<key>` path
 * on the web app's origin (cached by browsers and CloudFront), or a presigned URL valid an hour for a key of any
 * other shape.
 */
export const imageUrl = (key: string | undefined) =>
  !key ? Promise.resolve(undefined) : isPublicImageKey(key) ? Promise.resolve(`${mediaPath}/${key}`) : downloadUrl(key);
