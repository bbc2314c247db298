import type { MultipartForm, UploadedFile } from '../../shared/schemas/common.js';
import { Validation } from './errors.js';

export const NOT_MULTIPART = 'Please send the file as a form upload (multipart/form-data).';
const MALFORMED = 'The uploaded form could not be read. Please choose the file again.';
/** More parts than any form of the product has: a guard against a body crafted to make the parser work hard. */
const MAX_PARTS = 50;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function boundaryOf(contentType: string): string | undefined {
  if (!/^multipart\/form-data\b/i.test(contentType.trim())) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Parameters of a `Content-Disposition` header; `filename*` (RFC 5987, UTF-8) wins over `filename`. Browsers
 * percent-encode quotes in names and send backslashes as they are (old ones send a Windows path), so a backslash
 * is not an escape here.
 */
function dispositionParams(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of header.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3]!.trim();
    if (name === 'filename*') {
      const encoded = /^utf-8''(.*)$/i.exec(value)?.[1];
      if (encoded !== undefined) {
        try {
          params.filename = decodeURIComponent(encoded);
        } catch {
          throw new Validation(MALFORMED);
        }
      }
    } else if (!(name === 'filename' && params.filename !== undefined)) {
      params[name] = value;
    }
  }
  return params;
}

/** The last path segment: some browsers send the full local path as the file name. */
const baseName = (fileName: string) => fileName.split(/[\\/]/).pop() ?? fileName;

/**
 * Parses a multipart/form-data body (RFC 7578) into its text fields and files. API Gateway hands binary bodies to
 * the function base64-encoded and whole, so the body is parsed from one buffer.
 */
export function parseMultipart(body: Buffer, contentType: string): MultipartForm {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new Validation(NOT_MULTIPART);
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];

  let at = body.indexOf(delimiter);
  if (at < 0) throw new Validation(MALFORMED);
  for (let parts = 0; ; parts++) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // "--" closes the form
    if (parts >= MAX_PARTS || !body.subarray(at, at + 2).equals(CRLF)) throw new Validation(MALFORMED);
    const headerEnd = body.indexOf(HEADER_END, at + 2);
    if (headerEnd < 0) throw new Validation(MALFORMED);
    const headers = new Map<string, string>();
    for (const line of body.subarray(at + 2, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) throw new Validation(MALFORMED);
    const content = body.subarray(headerEnd + 4, next);
    const disposition = dispositionParams(headers.get('content-disposition') ?? '');
    const field = disposition.name;
    if (field !== undefined) {
      if (disposition.filename !== undefined) {
        files.push({
          field,
          fileName: baseName(disposition.filename),
          contentType: headers.get('content-type') ?? 'application/octet-stream',
          data: Buffer.from(content),
        });
      } else {
        fields[field] = content.toString('utf8');
      }
    }
    at = next + CRLF.length;
  }
  return { fields, files };
}
