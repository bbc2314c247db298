import { crc32, deflateSync } from 'node:zlib';
import { createCategory } from '../../functions/categories/service.js';
import type { WriteScope } from '../../functions/lib/context.js';
import { createPolicy } from '../../functions/policies/service.js';
import { saveProducts } from '../../functions/products/service.js';
import { createTax } from '../../functions/taxes/service.js';
import { DEFAULT_UNIT, type GstUnit } from '../../shared/gst.js';

type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A small PNG drawn in code (a coloured tile with a lighter square in the middle), so the demo and the tests have
 * real images without binary files in the repository.
 */
export function samplePng(colour: Rgb, size = 64): Buffer {
  const light = colour.map((c) => Math.round(c + (255 - c) * 0.55));
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // leading 0: no filter
    for (let x = 0; x < size; x++) {
      const inner = x >= size / 4 && x < (size * 3) / 4 && y >= size / 4 && y < (size * 3) / 4;
      row.set(inner ? light : colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (colour: Rgb) => `data:image/png;base64,${samplePng(colour).toString('base64')}`;

export interface CatalogueSeed {
  taxes: { categoryType: string; cgst: number; sgst: number }[];
  categories: { categoryName: string; colour: Rgb }[];
  products: { productName: string; hsnCode?: string; unit?: GstUnit; category: string; description: string; size: string; colour: string; tint: Rgb }[];
}

const GROCERIES = 'Rice, Atta & Dal';
const OILS = 'Edible Oils';
const CARE = 'Personal Care';
const SNACKS = 'Biscuits & Snacks';
const DRINKS = 'Tea, Coffee & Drinks';
const APPAREL = 'Apparel';

/** The demo shop's catalogue: GST slabs, six categories, twenty everyday products of an Indian general store. */
export const demoCatalogue: CatalogueSeed = {
  taxes: [
    { categoryType: 'GST 0%', cgst: 0, sgst: 0 },
    { categoryType: 'GST 5%', cgst: 2.5, sgst: 2.5 },
    { categoryType: 'GST 12%', cgst: 6, sgst: 6 },
    { categoryType: 'GST 18%', cgst: 9, sgst: 9 },
    { categoryType: 'GST 28%', cgst: 14, sgst: 14 },
  ],
  categories: [
    { categoryName: GROCERIES, colour: [196, 140, 58] },
    { categoryName: OILS, colour: [222, 184, 34] },
    { categoryName: CARE, colour: [64, 150, 190] },
    { categoryName: SNACKS, colour: [200, 90, 60] },
    { categoryName: DRINKS, colour: [110, 70, 40] },
    { categoryName: APPAREL, colour: [120, 60, 150] },
  ],
  products: [
    { productName: 'India Gate Basmati Rice', hsnCode: '10063020', unit: 'BAG', category: GROCERIES, description: 'Aged long-grain basmati rice', size: '5 kg', colour: 'White', tint: [236, 228, 205] },
    { productName: 'Sona Masoori Rice', hsnCode: '10063090', unit: 'BAG', category: GROCERIES, description: 'Lightweight everyday rice from Andhra', size: '25 kg', colour: 'White', tint: [240, 236, 220] },
    { productName: 'Aashirvaad Whole Wheat Atta', hsnCode: '11010000', unit: 'BAG', category: GROCERIES, description: '100% whole wheat chakki atta', size: '10 kg', colour: 'Brown', tint: [205, 170, 120] },
    { productName: 'Tata Sampann Toor Dal', hsnCode: '07136000', unit: 'PAC', category: GROCERIES, description: 'Unpolished arhar dal', size: '1 kg', colour: 'Yellow', tint: [230, 190, 60] },
    { productName: 'Moong Dal', hsnCode: '07133100', unit: 'PAC', category: GROCERIES, description: 'Split yellow moong, loose packed', size: '1 kg', colour: 'Yellow', tint: [220, 200, 90] },
    { productName: 'Fortune Sunflower Oil', hsnCode: '15121910', unit: 'PAC', category: OILS, description: 'Refined sunflower oil, pouch', size: '1 L', colour: 'Golden', tint: [240, 200, 40] },
    { productName: 'Saffola Gold Oil', hsnCode: '15159099', unit: 'CAN', category: OILS, description: 'Blended rice bran and sunflower oil', size: '5 L', colour: 'Golden', tint: [230, 170, 30] },
    { productName: 'Dhara Kachi Ghani Mustard Oil', hsnCode: '15149120', unit: 'BTL', category: OILS, description: 'Cold-pressed mustard oil', size: '1 L', colour: 'Amber', tint: [200, 140, 20] },
    { productName: 'Mysore Sandal Soap', hsnCode: '34011190', unit: 'NOS', category: CARE, description: 'Pure sandalwood oil bathing bar', size: '150 g', colour: 'Sandal', tint: [210, 160, 110] },
    { productName: 'Lifebuoy Total Soap', hsnCode: '34011190', unit: 'PAC', category: CARE, description: 'Germ protection soap, pack of 4', size: '4 x 100 g', colour: 'Red', tint: [200, 40, 40] },
    { productName: 'Colgate Strong Teeth', hsnCode: '33061020', unit: 'NOS', category: CARE, description: 'Calcium toothpaste', size: '200 g', colour: 'Red', tint: [220, 30, 50] },
    { productName: 'Clinic Plus Shampoo', hsnCode: '33051090', unit: 'BTL', category: CARE, description: 'Strong and long health shampoo', size: '340 ml', colour: 'Pink', tint: [230, 120, 170] },
    { productName: 'Parle-G Biscuits', hsnCode: '19053100', unit: 'PAC', category: SNACKS, description: 'Glucose biscuits, family pack', size: '800 g', colour: 'Yellow', tint: [250, 210, 60] },
    { productName: 'Britannia Good Day Cashew', hsnCode: '19053100', unit: 'PAC', category: SNACKS, description: 'Cashew cookies', size: '600 g', colour: 'Orange', tint: [240, 140, 40] },
    { productName: "Haldiram's Aloo Bhujia", hsnCode: '21069099', unit: 'PAC', category: SNACKS, description: 'Spicy potato noodles namkeen', size: '400 g', colour: 'Yellow', tint: [230, 180, 50] },
    { productName: 'Tata Tea Gold', hsnCode: '09024020', unit: 'PAC', category: DRINKS, description: 'Assam CTC tea with long leaves', size: '500 g', colour: 'Gold', tint: [180, 120, 30] },
    { productName: 'Bru Instant Coffee', hsnCode: '21011120', unit: 'NOS', category: DRINKS, description: 'Coffee and chicory instant blend', size: '200 g', colour: 'Brown', tint: [120, 70, 40] },
    { productName: 'Cotton Kurta', hsnCode: '62052000', unit: 'PCS', category: APPAREL, description: "Men's straight-cut cotton kurta", size: 'L', colour: 'Navy Blue', tint: [30, 50, 120] },
    { productName: 'Handloom Cotton Saree', hsnCode: '52085900', unit: 'PCS', category: APPAREL, description: 'Handwoven saree with zari border', size: 'Free Size', colour: 'Maroon', tint: [120, 20, 40] },
    { productName: 'Boys Round Neck T-Shirt', hsnCode: '61091000', unit: 'PCS', category: APPAREL, description: 'Pure cotton half-sleeve t-shirt', size: 'M', colour: 'Red', tint: [210, 40, 40] },
  ],
};

const policyColours: Rgb[] = [
  [60, 110, 170],
  [70, 150, 110],
  [190, 120, 50],
  [150, 80, 140],
];

/** Policies with an image each (the policy view shows the image). */
export async function seedPolicies(scope: WriteScope, names: string[]): Promise<void> {
  for (const [i, policyName] of names.entries()) {
    await createPolicy(scope, { policyName, imageContent: pngDataUrl(policyColours[i % policyColours.length]!) });
  }
}

/** Taxes, categories with images and products with images, through the same services the API uses. */
export async function seedCatalogue(scope: WriteScope, catalogue: CatalogueSeed): Promise<void> {
  for (const tax of catalogue.taxes) await createTax(scope, tax);
  const categoryIds = new Map<string, number>();
  for (const category of catalogue.categories) {
    const saved = await createCategory(scope, { categoryName: category.categoryName, imageContent: pngDataUrl(category.colour) });
    categoryIds.set(category.categoryName, saved.categoryId);
  }
  if (!catalogue.products.length) return;
  await saveProducts(
    scope,
    catalogue.products.map((p) => ({
      productName: p.productName,
      categoryId: categoryIds.get(p.category)!,
      description: p.description,
      size: p.size,
      colour: p.colour,
      hsnCode: p.hsnCode,
      unit: p.unit ?? DEFAULT_UNIT,
      imageContent: pngDataUrl(p.tint),
    })),
  );
}
