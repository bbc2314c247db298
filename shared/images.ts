/**
 * The rules an image (category, product, policy) must meet, shared by the web app (checked before upload, so the
 * user learns at once) and the server (checked again on the bytes themselves, since a browser can be bypassed).
 */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export const NOT_AN_IMAGE = 'Please choose an image file (PNG, JPEG, WebP or GIF).';
export const IMAGE_REQUIRED = 'Image is required.';

export const isImageType = (value: string): value is ImageType => Object.hasOwn(IMAGE_TYPES, value);

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export const imageTooLarge = (bytes: number) =>
  `The image is too large (${megabytes(bytes)} MB). Please choose an image under ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;

/** What is wrong with an image file as declared (type and size), or undefined when it may be uploaded. */
export function imageProblem(file: { contentType: string; size: number }): string | undefined {
  if (!isImageType(file.contentType.toLowerCase())) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return imageTooLarge(file.size);
  if (file.size <= 0) return NOT_AN_IMAGE;
  return undefined;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i;

/**
 * The declared type and decoded size of a `data:<type>;base64,...` URL (the spec's `imageContent`), without
 * decoding it; undefined when the text is not a base64 data URL.
 */
export function describeDataUrl(url: string): { contentType: string; size: number; base64: string } | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  const base64 = url.slice(match[0].length).replace(/\s/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { contentType: (match[1] ?? '').toLowerCase(), size: Math.floor((base64.length * 3) / 4) - padding, base64 };
}

/** The problem of a data URL image, or undefined when its declared type and size are acceptable. */
export function dataUrlProblem(url: string): string | undefined {
  const described = describeDataUrl(url);
  return described ? imageProblem(described) : NOT_AN_IMAGE;
}

/** The image type the first bytes of a file prove (magic numbers), whatever its name or declared type says. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return undefined;
}
