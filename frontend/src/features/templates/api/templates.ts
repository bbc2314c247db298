import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { templateRoutes } from '../../../../../shared/routes/templates.js';
import type { Template } from '../../../../../shared/schemas/template.js';
import { callApi, callApiForFile } from '../../../lib/api-client.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';
import { saveFile } from '../../../lib/save-file.js';

const templateKeys = {
  all: ['templates'] as const,
  list: ['templates', 'list'] as const,
  one: (id: number) => ['templates', 'one', id] as const,
};

export function useTemplates() {
  return useQuery({ queryKey: templateKeys.list, queryFn: () => callApi(templateRoutes.all) });
}

export function useTemplate(id: number | undefined) {
  return useQuery({
    queryKey: templateKeys.one(id ?? 0),
    queryFn: () => callApi(templateRoutes.byId, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

/** Uploads a new template (no record) or replaces a template's file, as a multipart form with the field 'file'. */
export function useSaveTemplate(template: Template | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return template
        ? callApi(templateRoutes.replace, { params: { id: template.templateId }, form })
        : callApi(templateRoutes.create, { params: { id: 'new' }, form });
    },
    meta: { handlesOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  return useOptimisticDelete<Template, number>({
    listKey: templateKeys.all,
    isDeleted: (row, id) => row.templateId === id,
    remove: (id) => callApi(templateRoutes.remove, { params: { id } }),
  });
}

/** The current template (the last uploaded or updated), fetched with the bearer token and saved as Template.xlsx. */
export function useDownloadCurrentTemplate() {
  return useMutation({
    mutationFn: () => callApiForFile(templateRoutes.current),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'Template.xlsx'),
  });
}
