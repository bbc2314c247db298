/**
 * Layout of the private assets bucket, shared by the functions (`functions/lib/keys.ts`) and the CDK (IAM and the
 * lifecycle rule), so both always agree.
 */
export const assetsLayout = {
  /** A tenant's kept files: `t/<tenantId>/…` (images, templates, receipts). */
  tenantPrefix: 't',
  /**
   * Files kept only until a save uses them: `tmp/<tenantId>/…` (pictures the browser uploaded before saving the
   * record, staged spreadsheet rows). A save copies what it keeps under the tenant prefix; whatever is left behind
   * (a form abandoned after the upload, an upload never saved) expires after `scratchDays`.
   */
  scratchPrefix: 'tmp',
  scratchDays: 3,
} as const;

/**
 * Pictures customers see (product, category and policy images) are served from stable URLs on the web app's own
 * origin: `/media/<key>`, through CloudFront in AWS and the local gateway on a laptop. Only keys of this shape
 * are served there; every other file of the bucket (templates, uploads, staged spreadsheets) stays reachable
 * through presigned URLs only. Image keys are written once (a new picture gets a new random key), so a URL always
 * names the same bytes and may be cached for a year.
 */
export const mediaPath = '/media';
/** Keys under `t/<tenant>/` that `/media/` may serve, for the bucket policy that lets CloudFront read them. */
export const publicImageObjects = 't/*/images/*';
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Kept as source text too, for the CloudFront function that checks `/media/` paths with the same rule. */
export const PUBLIC_IMAGE_KEY_PATTERN = '^t\\/[a-z0-9][a-z0-9_-]*\\/images\\/[A-Za-z0-9-]+\\.(png|jpg|webp|gif)$';
const PUBLIC_IMAGE_KEY = new RegExp(PUBLIC_IMAGE_KEY_PATTERN);

export const isPublicImageKey = (key: string) => PUBLIC_IMAGE_KEY.test(key);

/** The object key a `/media/...` path names, or undefined for a path that is not a customer-facing image. */
export function mediaKeyOf(urlPath: string): string | undefined {
  if (!urlPath.startsWith(`${mediaPath}/`)) return undefined;
  const key = urlPath.slice(mediaPath.length + 1);
  return isPublicImageKey(key) ? key : undefined;
}
