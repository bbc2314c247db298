import { describe, expect, it } from 'vitest';
import { ENTER_NUMBER, TAX_EXISTS } from '../../shared/schemas/catalogue.js';
import type { Tax } from '../../shared/schemas/tax.js';
import { POLICY_EXISTS, type Policy } from '../../shared/schemas/content.js';
import { call, tokenOf } from './client.js';
import { fetchUrl, imageContent, png, unique } from './catalogue-fixtures.js';

const admin = () => tokenOf('admin@demo.shop');

describe('taxes', () => {
  it('lists the GST slabs by rate for the billing and inventory screens', async () => {
    const answer = await call<Tax[]>('GET', '/tax', { token: await tokenOf('cashier@demo.shop') });
    expect(answer.status).toBe(200);
    const slabs = answer.body.filter((t) => /^GST \d+%$/.test(t.categoryType));
    expect(slabs.map((t) => t.categoryType)).toEqual(['GST 0%', 'GST 5%', 'GST 12%', 'GST 18%', 'GST 28%']);
    expect(slabs[1]).toMatchObject({ cgst: 2.5, sgst: 2.5 });
    expect((await call('GET', '/tax', { token: await tokenOf('customer@demo.shop') })).status).toBe(403);
  });

  it('creates a tax category from typed numbers, and refuses its type again in any letter case', async () => {
    const token = await admin();
    const categoryType = unique('Gold Jewellery 3%');
    const created = await call<Tax>('POST', '/tax/save', { token, body: { categoryType, cgst: '1.5', sgst: 1.5 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ categoryType, cgst: 1.5, sgst: 1.5, createdBy: 'admin@demo.shop', version: 1 });
    expect((await call<Tax>('GET', `/tax/${created.body.taxId}`, { token })).body).toMatchObject({ categoryType, cgst: 1.5 });
    expect(await call('POST', '/tax/save', { token, body: { categoryType: categoryType.toUpperCase(), cgst: 1, sgst: 1 } })).toEqual({
      status: 409,
      body: { message: TAX_EXISTS },
    });
    expect((await call('GET', `/tax/isExist/${encodeURIComponent(categoryType.toLowerCase())}`, { token })).body).toBe(true);
    expect((await call('GET', `/tax/isExist/${encodeURIComponent(unique('None'))}`, { token })).body).toBe(false);
  });

  it.each([
    ['a word as cgst', { cgst: 'nine', sgst: 9 }, ENTER_NUMBER],
    ['an empty sgst', { cgst: 9, sgst: '' }, ENTER_NUMBER],
    ['a missing sgst', { cgst: 9 }, ENTER_NUMBER],
    ['a rate over 100', { cgst: 120, sgst: 9 }, 'Enter a rate between 0 and 100.'],
    ['three decimals', { cgst: 2.125, sgst: 9 }, 'Enter at most two decimals.'],
    ['no type', { categoryType: ' ', cgst: 9, sgst: 9 }, 'Category Type is required.'],
  ])('refuses %s', async (_, body, message) => {
    const answer = await call('POST', '/tax/save', { token: await admin(), body: { categoryType: unique('Bad'), ...body } });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message }) });
  });

  it("edits and deletes a tax category; another shop's id answers 404", async () => {
    const token = await admin();
    const tax = (await call<Tax>('POST', '/tax/save', { token, body: { categoryType: unique('Cess'), cgst: 1, sgst: 1 } })).body;
    const other = await tokenOf('admin@beta.shop');
    expect((await call('GET', `/tax/${tax.taxId}`, { token: other })).status).toBe(404);
    expect((await call('PUT', `/tax/${tax.taxId}`, { token: other, body: { categoryType: 'Hijack', cgst: 0, sgst: 0 } })).status).toBe(404);

    const edited = await call<Tax>('PUT', `/tax/${tax.taxId}`, { token, body: { categoryType: `${tax.categoryType} New`, cgst: 2, sgst: '2', version: 1 } });
    expect(edited.body).toMatchObject({ cgst: 2, sgst: 2, version: 2, updatedBy: 'admin@demo.shop' });
    expect((await call('PUT', `/tax/${tax.taxId}`, { token, body: { categoryType: 'GST 5%', cgst: 2, sgst: 2 } })).body).toEqual({ message: TAX_EXISTS });
    expect((await call('GET', `/tax/isExist/${encodeURIComponent(tax.categoryType)}`, { token })).body).toBe(false);

    expect((await call('DELETE', `/tax/${tax.taxId}`, { token: other })).status).toBe(404);
    expect(await call('DELETE', `/tax/${tax.taxId}`, { token })).toEqual({ status: 200, body: { taxId: tax.taxId } });
    expect((await call('GET', `/tax/${tax.taxId}`, { token })).status).toBe(404);
    // The type is free again.
    expect((await call('POST', '/tax/save', { token, body: { categoryType: `${tax.categoryType} New`, cgst: 1, sgst: 1 } })).status).toBe(200);
  });
});

describe('policies', () => {
  it('shows every signed-in user the policies with images, by name in any letter case', async () => {
    const customer = await tokenOf('customer@demo.shop');
    const all = await call<Policy[]>('GET', '/policy/all', { token: customer });
    expect(all.body.slice(0, 4).map((p) => p.policyName)).toEqual(['Terms and Conditions', 'Privacy Policy', 'Return Policy', 'Shipping and Delivery']);
    const one = await call<Policy>('GET', '/policy/byName/return%20POLICY', { token: customer });
    expect(one.body).toMatchObject({ policyName: 'Return Policy' });
    expect((await fetchUrl(one.body.imageUrl!)).type).toBe('image/png');
    expect((await call('GET', '/policy/byName/nothing%20here', { token: customer })).status).toBe(404);
    expect((await call('POST', '/policy/save', { token: customer, body: { policyName: 'X', imageContent: imageContent() } })).status).toBe(403);
  });

  it("creates a policy with its image and refuses the name again with 'Policy Name already exists!!!'", async () => {
    const token = await admin();
    const policyName = unique('Warranty Policy');
    const created = await call<Policy>('POST', '/policy/save', { token, body: { policyName, imageContent: imageContent([90, 90, 200]) } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ policyName, createdBy: 'admin@demo.shop' });
    expect((await fetchUrl(created.body.imageUrl!)).bytes.equals(png([90, 90, 200]))).toBe(true);
    expect(await call('POST', '/policy/save', { token, body: { policyName: policyName.toUpperCase(), imageContent: imageContent() } })).toEqual({
      status: 409,
      body: { message: POLICY_EXISTS },
    });
    expect((await call('GET', `/policy/isExist/${encodeURIComponent(policyName)}`, { token })).body).toBe(true);
    expect((await call('POST', '/policy/save', { token, body: { policyName: unique('No Image') } })).body).toMatchObject({ message: 'Image is required.' });
  });

  it("edits and deletes a policy; another shop's id answers 404", async () => {
    const token = await admin();
    const policy = (await call<Policy>('POST', '/policy/save', { token, body: { policyName: unique('Exchange Policy'), imageContent: imageContent() } })).body;
    const other = await tokenOf('admin@beta.shop');
    expect((await call('GET', `/policy/${policy.policyId}`, { token: other })).status).toBe(404);

    const renamed = await call<Policy>('PUT', `/policy/${policy.policyId}`, { token, body: { policyName: `${policy.policyName} v2`, image: policy.image } });
    expect(renamed.body).toMatchObject({ policyName: `${policy.policyName} v2`, image: policy.image, version: 2 });
    expect((await call('PUT', `/policy/${policy.policyId}`, { token, body: { policyName: 'privacy policy', image: policy.image } })).body).toEqual({ message: POLICY_EXISTS });
    expect((await call('GET', `/policy/byName/${encodeURIComponent(`${policy.policyName} v2`)}`, { token })).body).toMatchObject({ policyId: policy.policyId });

    expect((await call('DELETE', `/policy/${policy.policyId}`, { token: other })).status).toBe(404);
    expect(await call('DELETE', `/policy/${policy.policyId}`, { token })).toEqual({ status: 200, body: { policyId: policy.policyId } });
    expect((await call('GET', `/policy/${policy.policyId}`, { token })).status).toBe(404);
    expect((await fetchUrl(renamed.body.imageUrl!)).status).toBe(404);
  });
});
