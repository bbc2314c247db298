import * as z from 'zod';
import { tax, taxSave } from '../schemas/tax.js';
import { idParam } from '../schemas/common.js';
import { answer, route } from './define.js';

/**
 * Taxes are the "tax categories" of spec 3 (/tax/{id} is the 'Add/Edit Category' form), so the category features
 * gate them; the inventory and billing screens read the rates.
 */
const readers = ['CategoryList', 'CategoryEdit', 'InventoryEdit', 'InventoryList', 'PurchaseEdit'] as const;

export const taxRoutes = {
  all: route({
    method: 'GET',
    path: '/tax',
    access: readers,
    summary: 'Every tax category of the shop in category type order (the list screen filters by prefix locally)',
    response: answer<z.ZodArray<typeof tax>>(),
  }),
  byId: route({
    method: 'GET',
    path: '/tax/{id}',
    access: readers,
    summary: 'One tax category',
    params: z.object({ id: idParam }),
    response: answer<typeof tax>(),
  }),
  isExist: route({
    method: 'GET',
    path: '/tax/isExist/{categoryType}',
    access: 'CategoryEdit',
    summary: 'Whether a tax category of that type (any letter case) exists; true means it is taken',
    params: z.object({ categoryType: z.string().trim().min(1, 'Category Type is required.') }),
    response: answer<z.ZodBoolean>(),
  }),
  save: route({
    method: 'POST',
    path: '/tax/save',
    access: 'CategoryEdit',
    summary: "Create a tax category (spec: POST /tax//save); 'Category type already exists!!!' for a taken type",
    body: taxSave,
    response: answer<typeof tax>(),
  }),
  update: route({
    method: 'PUT',
    path: '/tax/{id}',
    access: 'CategoryEdit',
    summary: 'Change a tax category',
    params: z.object({ id: idParam }),
    body: taxSave,
    response: answer<typeof tax>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/tax/{id}',
    access: 'CategoryEdit',
    summary: 'Delete a tax category',
    params: z.object({ id: idParam }),
    response: answer<z.ZodObject<{ taxId: z.ZodNumber }>>(),
  }),
} as const;
