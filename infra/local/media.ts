import type http from 'node:http';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { MEDIA_CACHE_CONTROL, mediaKeyOf } from '../../shared/assets.js';
import { s3 } from '../../functions/lib/s3.js';
import { config } from '../../functions/lib/config.js';

/**
 * `GET /media/<key>` as CloudFront serves it in AWS: only customer-facing images (`t/<tenant>/images/<file>`),
 * straight from the assets bucket, cacheable for a year; any other key or path is 404 whatever the bucket holds.
 */
export async function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
  let key: string | undefined;
  try {
    key = mediaKeyOf(decodeURIComponent(pathname));
  } catch {
    key = undefined;
  }
  const notFound = () => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not found');
  };
  if (!key || (req.method !== 'GET' && req.method !== 'HEAD')) return notFound();
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config.assetsBucket(), Key: key, IfNoneMatch: req.headers['if-none-match'] }));
    res.writeHead(200, {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'content-length': object.ContentLength,
      'cache-control': MEDIA_CACHE_CONTROL,
      ...(object.ETag ? { etag: object.ETag } : {}),
    });
    if (req.method === 'HEAD') return void res.end();
    (object.Body as Readable).pipe(res);
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 304) {
      res.writeHead(304, { 'cache-control': MEDIA_CACHE_CONTROL });
      return void res.end();
    }
    if (status === 404 || status === 403) return notFound();
    throw error;
  }
}
