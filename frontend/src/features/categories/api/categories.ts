import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryRoutes } from '../../../../../shared/routes/categories.js';
import { CATEGORY_EXISTS } from '../../../../../shared/schemas/catalogue.js';
import type { Category } from '../../../../../shared/schemas/category.js';
import { ApiError, callApi, callApiPage } from '../../../lib/api-client.js';
import { fetchCursorPage, itemsOf } from '../../../lib/cursor-pages.js';
import { uploadImage } from '../../../lib/image-upload.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';
import { pageQueryFor } from '../../../components/paged-table.js';

const categoryKeys = {
  all: ['categories'] as const,
  page: (search: string, page: number) => ['categories', 'page', search, page] as const,
  count: (search: string) => ['categories', 'count', search] as const,
  one: (id: number) => ['categories', 'one', id] as const,
};

/** A page (from 1) of the categories with their pictures, or of those whose name starts with `search`. */
export function useCategoryPage(search: string, page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: categoryKeys.page(search, page),
    queryFn: () =>
      fetchCursorPage(queryClient, categoryKeys.page(search, page - 1), page, (cursor) =>
        search
          ? callApiPage(categoryRoutes.imageSearch, { params: { text: search }, query: { ...pageQueryFor(page), cursor } })
          : callApiPage(categoryRoutes.imagePage, { query: { ...pageQueryFor(page), cursor } }),
      ),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
}

export function useCategoryCount(search: string) {
  return useQuery({
    queryKey: categoryKeys.count(search),
    queryFn: () => (search ? callApi(categoryRoutes.searchCount, { params: { text: search } }) : callApi(categoryRoutes.count)),
  });
}

export function useCategory(id: number | undefined) {
  return useQuery({
    queryKey: categoryKeys.one(id ?? 0),
    queryFn: () => callApi(categoryRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
    // The picture's URL is signed for an hour; an edit form opened later needs a fresh one.
    staleTime: 0,
  });
}

export interface CategoryValues {
  categoryName: string;
  /** The current picture's key (kept on an edit when no file is chosen). */
  image?: string;
  file?: File | null;
}

/**
 * Creates (no record) or updates a category. On create the name is checked first (spec 2 section 5), so a taken
 * name is refused before any picture is uploaded; the picture then goes up through the upload URL and the save
 * names its key. The form shows refusals itself.
 */
export function useSaveCategory(category: Category | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ categoryName, image, file }: CategoryValues) => {
      if (!category && (await callApi(categoryRoutes.isExist, { params: { categoryName } }))) {
        throw new ApiError(409, CATEGORY_EXISTS);
      }
      const body = { categoryName, image: file ? await uploadImage(file) : image, version: category?.version };
      return category
        ? callApi(categoryRoutes.update, { params: { categoryId: category.categoryId }, body })
        : callApi(categoryRoutes.save, { body });
    },
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  return useOptimisticDelete<Category, number>({
    listKey: categoryKeys.all,
    isDeleted: (row, id) => row.categoryId === id,
    remove: (id) => callApi(categoryRoutes.remove, { params: { id } }),
  });
}
