import { describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE } from '../../shared/images.js';
import type { Product } from '../../shared/schemas/catalogue.js';
import type { Category } from '../../shared/schemas/category.js';
import type { ImageUpload } from '../../shared/schemas/upload.js';
import { call, tokenOf } from './client.js';
import { fetchUrl, png, unique } from './catalogue-fixtures.js';

const admin = () => tokenOf('admin@demo.shop');

/** The browser's two steps: ask for an upload URL, then PUT the file's bytes to S3 with the signed headers. */
async function upload(token: string, bytes: Buffer, contentType = 'image/png'): Promise<ImageUpload> {
  const asked = await call<ImageUpload>('POST', '/upload/image', { token, body: { fileName: 'photo.png', contentType, size: bytes.length } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const put = await fetch(asked.body.uploadUrl, { method: asked.body.method, headers: asked.body.headers, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return asked.body;
}

describe('image uploads with presigned URLs', () => {
  it('stores an uploaded picture under the shop, removes the upload and shows the saved image', async () => {
    const token = await admin();
    const bytes = png([250, 100, 0]);
    const uploaded = await upload(token, bytes);
    expect(uploaded.key).toMatch(/^tmp\/demo\/uploads\/[0-9a-f-]{36}$/);
    expect(uploaded.uploadUrl).toContain('X-Amz-Signature');

    const saved = await call<Category>('POST', '/category/save', { token, body: { categoryName: unique('Toys'), image: uploaded.key } });
    expect(saved.status).toBe(200);
    expect(saved.body.image).toMatch(/^t\/demo\/images\/[0-9a-f-]+\.png$/);
    const shown = await fetchUrl(saved.body.imageUrl!);
    expect(shown.type).toBe('image/png');
    expect(shown.bytes.equals(bytes)).toBe(true);
    // The upload was moved: the same key cannot be used for a second record.
    const again = await call('POST', '/category/save', { token, body: { categoryName: unique('Toys'), image: uploaded.key } });
    expect(again).toEqual({ status: 400, body: { message: 'The image was not found. Please choose the image again.' } });
  });

  it('works for a product row too, with the type the bytes prove', async () => {
    const token = await admin();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])]);
    const uploaded = await upload(token, gif, 'image/gif');
    const [category] = (await call<Category[]>('GET', '/category/search/apparel', { token })).body;
    const saved = await call<Product[]>('POST', '/product/saveAll', {
      token,
      body: [{ productName: unique('Silk Dupatta'), categoryId: category!.categoryId, description: 'Banarasi silk', size: 'Free Size', colour: 'Gold', image: uploaded.key }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body[0]!.image).toMatch(/\.gif$/);
    expect((await fetchUrl(saved.body[0]!.imageUrl!)).type).toBe('image/gif');
  });

  it.each([
    ['a 20 MB picture', { contentType: 'image/jpeg', size: 20 * 1024 * 1024 }, 'The image is too large (20.0 MB). Please choose an image under 2 MB.'],
    ['a PDF', { contentType: 'application/pdf', size: 1000 }, NOT_AN_IMAGE],
    ['an empty file', { contentType: 'image/png', size: 0 }, NOT_AN_IMAGE],
  ])('refuses to hand out an upload URL for %s', async (_, file, message) => {
    const answer = await call('POST', '/upload/image', { token: await admin(), body: { fileName: 'x', ...file } });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message }) });
  });

  it('refuses to save an upload whose bytes are not an image, whatever type was declared', async () => {
    const token = await admin();
    const uploaded = await upload(token, Buffer.from('MZ this is a program, not a picture'));
    const answer = await call('POST', '/policy/save', { token, body: { policyName: unique('Bad Policy'), image: uploaded.key } });
    expect(answer).toEqual({ status: 400, body: { message: NOT_AN_IMAGE } });
  });

  it("never accepts another shop's upload or image, nor a key outside the uploads", async () => {
    const mine = await upload(await admin(), png());
    const demoCategory = (await call<Category[]>('GET', '/category/search/apparel', { token: await admin() })).body[0]!;
    const other = await tokenOf('admin@beta.shop');
    for (const image of [mine.key, demoCategory.image!, 't/beta/images/../../demo/uploads/x', 'tmp/beta/../demo/uploads/x', 'anything']) {
      const answer = await call('POST', '/category/save', { token: other, body: { categoryName: unique('Stolen'), image } });
      expect(answer, image).toEqual({ status: 400, body: { message: 'The image was not found. Please choose the image again.' } });
    }
    expect((await call('POST', '/upload/image', { token: await tokenOf('customer@demo.shop'), body: { contentType: 'image/png', size: 10 } })).status).toBe(403);
  });
});
