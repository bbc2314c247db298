import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryRoutes } from '../../../../../shared/routes/categories.js';
import { inventoryRoutes } from '../../../../../shared/routes/inventory.js';
import { productRoutes } from '../../../../../shared/routes/products.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';

/**
 * What customers browse (spec 1 section 7 "Products for customers"): category cards with images, a category's
 * products with the shelf's price, MRP and stock, and one product by artcode. Pages are counted from 1 here and
 * from 0 by the API.
 */
export const catalogKeys = {
  categories: (search: string, page: number) => ['catalog', 'categories', search.toLowerCase(), page] as const,
  categoryCount: (search: string) => ['catalog', 'categoryCount', search.toLowerCase()] as const,
  products: (categoryId: number, search: string, page: number) => ['catalog', 'products', categoryId, search.toLowerCase(), page] as const,
  productCount: (categoryId: number, search: string) => ['catalog', 'productCount', categoryId, search.toLowerCase()] as const,
  strip: (categoryId: number) => ['catalog', 'strip', categoryId] as const,
  category: (categoryId: number) => ['catalog', 'category', categoryId] as const,
  artcode: (artcode: string) => ['catalog', 'artcode', artcode.toLowerCase()] as const,
};

const pageOf = (page: number, cursor?: string) => ({ page: page - 1, size: PAGE_SIZE, cursor });

/**
 * How long what customers browse is taken as fresh: pictures and names change rarely, and the server answers a
 * repeat within its own cache time (ETag) anyway; stock figures are fetched again after this.
 */
const CATALOGUE_STALE_MS = 60_000;

/** A page of category cards (with image URLs), or of those whose name starts with `search`. */
export function useCategoryCards(search: string, page: number) {
  const text = search.trim();
  return useQuery({
    queryKey: catalogKeys.categories(text, page),
    queryFn: () =>
      text
        ? callApi(categoryRoutes.imageSearch, { params: { text }, query: pageOf(page) })
        : callApi(categoryRoutes.imagePage, { query: pageOf(page) }),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** One category card, for a product listing opened by its address; an unknown id is the screen's to tell. */
export function useCategoryCard(categoryId: number, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.category(categoryId),
    queryFn: () => callApi(categoryRoutes.imageById, { params: { id: categoryId } }),
    enabled: enabled && categoryId > 0,
    staleTime: CATALOGUE_STALE_MS,
    meta: { handlesOwnErrors: true },
  });
}

export function useCategoryCount(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: catalogKeys.categoryCount(text),
    queryFn: () => (text ? callApi(categoryRoutes.searchCount, { params: { text } }) : callApi(categoryRoutes.count)),
  });
}

/** A page of a category's products in name order, or of those with a word of the name starting with `search` (whole words first). */
export function useCategoryProducts(categoryId: number, search: string, page: number) {
  const text = search.trim();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: catalogKeys.products(categoryId, text, page),
    // Next and Previous follow the server's cursors: a deep page of a large category costs one read.
    queryFn: () =>
      fetchCursorPage(queryClient, catalogKeys.products(categoryId, text, page - 1), page, (cursor) =>
        text
          ? callApiPage(inventoryRoutes.categorySearch, { params: { categoryId, searchText: text }, query: pageOf(page, cursor) })
          : callApiPage(inventoryRoutes.categoryProducts, { params: { categoryId }, query: pageOf(page, cursor) }),
      ),
    select: itemsOf,
    enabled: categoryId > 0,
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useCategoryProductCount(categoryId: number, search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: catalogKeys.productCount(categoryId, text),
    queryFn: () =>
      text
        ? callApi(productRoutes.searchCountByCategory, { params: { categoryId, text } })
        : callApi(productRoutes.countByCategory, { params: { categoryId } }),
    enabled: categoryId > 0,
  });
}

/** The first products of a category (the landing's carousel). */
export function useCategoryStrip(categoryId: number | undefined) {
  return useQuery({
    queryKey: catalogKeys.strip(categoryId ?? 0),
    queryFn: () => callApi(inventoryRoutes.category, { params: { id: categoryId! } }),
    enabled: categoryId !== undefined && categoryId > 0,
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** The shelf lines of an artcode (product details); the fullest line comes first. */
export function useProductByArtcode(artcode: string) {
  return useQuery({
    queryKey: catalogKeys.artcode(artcode),
    queryFn: async () => {
      const lines = await callApi(inventoryRoutes.artcode, { params: { artcode } });
      return [...lines].sort((a, b) => b.quantity - a.quantity);
    },
    enabled: artcode.trim().length > 0,
  });
}
