import * as z from 'zod';
import { template, templateUpload } from '../schemas/template.js';
import { idParam } from '../schemas/common.js';
import { answer, route, type FileAnswer } from './define.js';

const readers = ['TemplateList', 'TemplateEdit'] as const;

export const templateRoutes = {
  all: route({
    method: 'GET',
    path: '/template',
    access: readers,
    summary: 'The spreadsheet templates of the shop with download URLs, in id order',
    response: answer<z.ZodArray<typeof template>>(),
  }),
  current: route({
    method: 'GET',
    path: '/template/get',
    // The inventory upload screen offers the template for download too.
    access: ['TemplateList', 'TemplateEdit', 'InventoryEdit', 'InventoryList'],
    summary: 'Download the current template (the last uploaded or updated) as Template.xlsx',
    response: answer<FileAnswer>(),
  }),
  byId: route({
    method: 'GET',
    path: '/template/{id}',
    access: readers,
    summary: 'One template with its download URL',
    params: z.object({ id: idParam }),
    response: answer<typeof template>(),
  }),
  create: route({
    method: 'POST',
    path: '/template/{id}',
    access: 'TemplateEdit',
    summary: "Upload a new template (path id 'new', as the upload screen's route): multipart field 'file', .xls or .xlsx",
    params: z.object({ id: z.literal('new', { error: 'Use PUT /template/{id} to replace an existing template.' }) }),
    body: templateUpload,
    bodyKind: 'multipart',
    response: answer<typeof template>(),
  }),
  replace: route({
    method: 'PUT',
    path: '/template/{id}',
    access: 'TemplateEdit',
    summary: "Replace a template's file: multipart field 'file', .xls or .xlsx",
    params: z.object({ id: idParam }),
    body: templateUpload,
    bodyKind: 'multipart',
    response: answer<typeof template>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/template/{id}',
    access: 'TemplateEdit',
    summary: 'Delete a template',
    params: z.object({ id: idParam }),
    response: answer<z.ZodObject<{ templateId: z.ZodNumber }>>(),
  }),
} as const;
