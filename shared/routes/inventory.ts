import * as z from 'zod';
import { countResponse, idParam, isoDate, pageQuery, searchText, userNameSchema } from '../schemas/common.js';
import {
  inventory,
  inventorySave,
  inventorySaved,
  inventorySuggestion,
  shelfProduct,
  suggestionParams,
  uploadProgress,
  uploadQuery,
  uploadStaged,
} from '../schemas/inventory.js';
import { templateUpload as spreadsheetUpload } from '../schemas/template.js';
import { publicCategoryParams, publicPageQuery, publicProductParams, publicShopParams } from '../schemas/public-catalogue.js';
import type { publicCategory, publicProduct } from '../schemas/public-catalogue-answers.js';
import { answer, publicCatalogueCache, route, shelfCache } from './define.js';

const readers = ['InventoryList', 'InventoryEdit'] as const;
/** Screens that pick a received product: inventory add, place order, stock form, reports. */
const pickers = ['InventoryEdit', 'InventoryList', 'PurchaseEdit', 'StockList', 'ReportList'] as const;
const byDate = z.object({ date: isoDate });

export const inventoryRoutes = {
  all: route({
    method: 'GET',
    path: '/inventory/all',
    access: readers,
    summary: 'A page of the receipts, newest first',
    query: pageQuery,
    response: answer<z.ZodArray<typeof inventory>>(),
  }),
  count: route({
    method: 'GET',
    path: '/inventory/count',
    access: readers,
    summary: 'How many receipts the shop has (a maintained counter)',
    response: answer<typeof countResponse>(),
  }),
  dates: route({
    method: 'GET',
    path: '/inventory/dates',
    access: [...readers, 'StockList'],
    summary: 'The days goods were received, newest first (the date dropdowns of the inventory and stock lists)',
    response: answer<z.ZodArray<z.ZodString>>(),
  }),
  byDate: route({
    method: 'GET',
    path: '/inventory/byDate/{date}',
    access: readers,
    summary: 'A page of the receipts of one day, newest first',
    params: byDate,
    query: pageQuery,
    response: answer<z.ZodArray<typeof inventory>>(),
  }),
  byDateCount: route({
    method: 'GET',
    path: '/inventory/byDateCount/{date}',
    access: readers,
    summary: 'How many receipts one day has (kept on the day item)',
    params: byDate,
    response: answer<typeof countResponse>(),
  }),
  search: route({
    method: 'GET',
    path: '/inventory/search/{text}',
    access: readers,
    summary: 'A page of the receipts whose product name or artcode starts with the text, newest first',
    params: z.object({ text: searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof inventory>>(),
  }),
  searchCount: route({
    method: 'GET',
    path: '/inventory/searchCount/{text}',
    access: readers,
    summary: 'How many receipts have a product name or artcode starting with the text',
    params: z.object({ text: searchText }),
    response: answer<typeof countResponse>(),
  }),
  suggestions: route({
    method: 'GET',
    path: '/inventory/anyList/{all}/{text}',
    access: pickers,
    summary:
      "Suggestions for 4 to 10 characters: received lines whose product name, artcode or barcode starts with the text; 'true' adds catalogue products never received",
    params: suggestionParams,
    response: answer<z.ZodArray<typeof inventorySuggestion>>(),
  }),
  save: route({
    method: 'POST',
    path: '/inventory/save',
    access: 'InventoryEdit',
    summary: "Inventory add: records the receipt and raises the line's stock in one transaction",
    body: inventorySave,
    response: answer<typeof inventorySaved>(),
  }),
  saveByFile: route({
    method: 'POST',
    path: '/inventory/saveByFile/{userName}',
    access: 'InventoryEdit',
    summary:
      "Spreadsheet upload (multipart field 'file', .xls/.xlsx): validates every row, stages them and answers the batches to commit; a bad file answers 400 with every row's problems; the same file again answers 409 unless ?confirm=true",
    params: z.object({ userName: userNameSchema }),
    query: uploadQuery,
    body: spreadsheetUpload,
    bodyKind: 'multipart',
    response: answer<typeof uploadStaged>(),
  }),
  uploadBatch: route({
    method: 'POST',
    path: '/inventory/upload/{uploadId}/batch/{batch}',
    access: 'InventoryEdit',
    summary: 'Saves batch n (from 1) of a staged upload; a batch saved before is not saved again',
    params: z.object({ uploadId: z.uuid({ error: 'Unknown upload.' }), batch: idParam }),
    response: answer<typeof uploadProgress>(),
  }),
  artcode: route({
    method: 'GET',
    path: '/inventory/artcode/{artcode}',
    // Storefront product details as well as staff screens read these: no bought price or vendor in the answer.
    access: 'signedIn',
    cache: shelfCache,
    summary: 'The products on the shelf with this artcode (any letter case), with price, MRP, image and stock',
    params: z.object({ artcode: z.string().trim().min(1).max(50) }),
    response: answer<z.ZodArray<typeof shelfProduct>>(),
  }),
  productName: route({
    method: 'GET',
    path: '/inventory/productName/{name}',
    access: 'signedIn',
    cache: shelfCache,
    summary: 'The shelf lines of the product with this name (any letter case), with price, MRP, image and stock',
    params: z.object({ name: searchText }),
    response: answer<z.ZodArray<typeof shelfProduct>>(),
  }),
  categoryProducts: route({
    method: 'GET',
    path: '/inventory/products/category/{categoryId}',
    access: 'signedIn',
    cache: shelfCache,
    summary: "A page of a category's products in name order, each with price, MRP, image and stock",
    params: z.object({ categoryId: idParam }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof shelfProduct>>(),
  }),
  categorySearch: route({
    method: 'GET',
    path: '/inventory/products/{categoryId}/{searchText}',
    access: 'signedIn',
    cache: shelfCache,
    summary: "A page of a category's products with a word of the name starting with the text (whole words first), with price, MRP, image and stock",
    params: z.object({ categoryId: idParam, searchText }),
    query: pageQuery,
    response: answer<z.ZodArray<typeof shelfProduct>>(),
  }),
  category: route({
    method: 'GET',
    path: '/inventory/category/{id}',
    access: 'signedIn',
    cache: shelfCache,
    summary: "The first products of a category (the storefront's home strip), with price, MRP, image and stock",
    params: z.object({ id: idParam }),
    response: answer<z.ZodArray<typeof shelfProduct>>(),
  }),
  // The public catalogue: no sign-in, the shop named in the address, one answer for everyone (cached by CloudFront).
  publicCategories: route({
    method: 'GET',
    path: '/public/{shop}/category',
    access: 'public',
    cache: publicCatalogueCache,
    summary: "A page of the shop's categories with their images, for anyone (the public catalogue); with ?search= those with a word of the name starting with it",
    params: publicShopParams,
    query: publicPageQuery,
    response: answer<z.ZodArray<typeof publicCategory>>(),
  }),
  publicCategoryProducts: route({
    method: 'GET',
    path: '/public/{shop}/category/{categoryId}/products',
    access: 'public',
    cache: publicCatalogueCache,
    summary:
      "A page of a category's products in name order with image, price and whether in stock, for anyone; with ?search= those with a word of the name starting with it, whole words first",
    params: publicCategoryParams,
    query: publicPageQuery,
    response: answer<z.ZodArray<typeof publicProduct>>(),
  }),
  publicProduct: route({
    method: 'GET',
    path: '/public/{shop}/product/{artcode}',
    access: 'public',
    cache: publicCatalogueCache,
    summary: 'The product with this artcode: name, image, price and whether in stock, for anyone (a shared product link)',
    params: publicProductParams,
    response: answer<typeof publicProduct>(),
  }),
  publicProductPage: route({
    method: 'GET',
    path: '/public/{shop}/share/product/{artcode}',
    access: 'public',
    cache: publicCatalogueCache,
    summary:
      "A shared product link: HTML whose Open Graph tags carry the product's name, price and image for link previews, then opens the storefront's product page",
    params: publicProductParams,
    response: answer<z.ZodString>(),
  }),
} as const;
