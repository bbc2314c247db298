import { lazy } from '../../shared/lazy.js';
import { config } from './config.js';
import type { Logger } from './logger.js';

/**
 * The private assets bucket: images and spreadsheet templates under `t/<tenantId>/...` keys. The browser never
 * gets bucket access, only short-lived presigned URLs for one object.
 */

/** How long a presigned download URL (an image on a list, a template) stays valid. */
export const DOWNLOAD_URL_SECONDS = 3600;
/** How long the browser has to start an upload it asked for. */
export const UPLOAD_URL_SECONDS = 600;

const bucket = () => config.assetsBucket();

/**
 * The S3 client, its commands and the URL signer, imported with the first file a container stores, reads or signs:
 * most requests of the functions that handle files (a product list without images, a category save) touch none,
 * so a cold start does not load them.
 */
const s3Sdk = /* @__PURE__ */ lazy(async () => {
  const [{ s3 }, sdk, { getSignedUrl }] = await Promise.all([import('./s3.js'), import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } = sdk;
  return { s3, getSignedUrl, CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand };
});

/**
 * True for "no such object". Without s3:ListBucket (the functions are not granted it) S3 answers 403 rather than
 * 404 for a missing key, so both mean the object is not there for us.
 */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return ['NotFound', 'NoSuchKey', 'Forbidden', 'AccessDenied'].includes(e.name ?? '') || [403, 404].includes(e.$metadata?.httpStatusCode ?? 0);
}

export async function putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { s3, PutObjectCommand } = await s3Sdk();
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

export async function objectSize(key: string): Promise<number | undefined> {
  const { s3, HeadObjectCommand } = await s3Sdk();
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The whole object, or its first `bytes` bytes; undefined when it does not exist. */
export async function readObject(key: string, bytes?: number): Promise<Buffer | undefined> {
  const { s3, GetObjectCommand } = await s3Sdk();
  try {
    const out = await s3().send(
      new GetObjectCommand({ Bucket: bucket(), Key: key, Range: bytes === undefined ? undefined : `bytes=0-${bytes - 1}` }),
    );
    return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  const { s3, CopyObjectCommand } = await s3Sdk();
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket(),
      CopySource: `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

/**
 * Removes objects no record points at any more (a replaced image, a failed save's upload). Best effort: a failure
 * leaves an orphan object, never a broken record, so it is logged rather than failing the request.
 */
export async function discardObjects(keys: (string | undefined)[], log: Logger): Promise<void> {
  const present = keys.filter((key): key is string => Boolean(key));
  if (!present.length) return;
  const { s3, DeleteObjectCommand } = await s3Sdk();
  await Promise.all(
    present
      .map((key) =>
        s3()
          .send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }))
          .catch((error: Error) => log.warn('could not remove an object', { key, error: error.message })),
      ),
  );
}

/** A URL the browser can read the object from for an hour; `fileName` makes it download under that name. */
export async function downloadUrl(key: string, fileName?: string): Promise<string> {
  const disposition = fileName ? `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"` : undefined;
  const { s3, getSignedUrl, GetObjectCommand } = await s3Sdk();
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentDisposition: disposition }), {
    expiresIn: DOWNLOAD_URL_SECONDS,
  });
}

/**
 * A URL the browser can PUT one file of exactly `size` bytes to. The length is signed, so S3 refuses a different
 * body; the type is signed too, and the saving route checks the bytes anyway.
 */
export async function uploadUrl(key: string, contentType: string, size: number): Promise<string> {
  const { s3, getSignedUrl, PutObjectCommand } = await s3Sdk();
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: size }), {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}
