import * as z from 'zod';
import { policy, policySave } from '../schemas/content.js';
import { idParam } from '../schemas/common.js';
import { answer, catalogueCache, route } from './define.js';

const readers = ['PolicyList', 'PolicyEdit', 'PolicyTemplate'] as const;
const policyName = z.string().trim().min(1, 'Policy Name is required.').max(100);

export const policyRoutes = {
  all: route({
    method: 'GET',
    path: '/policy/all',
    access: 'signedIn',
    beforeTwoStep: true,
    cache: catalogueCache,
    summary: 'Policies of the shop, linked from the footer, with image URLs',
    response: answer<z.ZodArray<typeof policy>>(),
  }),
  byName: route({
    method: 'GET',
    path: '/policy/byName/{name}',
    access: 'signedIn',
    cache: catalogueCache,
    summary: 'One policy by its name (any letter case), for the policy view the footer links reach',
    params: z.object({ name: policyName }),
    response: answer<typeof policy>(),
  }),
  byId: route({
    method: 'GET',
    path: '/policy/{id}',
    access: readers,
    summary: 'One policy with its image URL (the edit form)',
    params: z.object({ id: idParam }),
    response: answer<typeof policy>(),
  }),
  isExist: route({
    method: 'GET',
    path: '/policy/isExist/{name}',
    access: 'PolicyEdit',
    summary: 'Whether a policy of that name (any letter case) exists; true means the name is taken',
    params: z.object({ name: policyName }),
    response: answer<z.ZodBoolean>(),
  }),
  save: route({
    method: 'POST',
    path: '/policy/save',
    access: 'PolicyEdit',
    summary: "Create a policy with its image; 'Policy Name already exists!!!' for a taken name",
    body: policySave,
    response: answer<typeof policy>(),
  }),
  update: route({
    method: 'PUT',
    path: '/policy/{policyId}',
    access: 'PolicyEdit',
    summary: 'Rename a policy or change its image',
    params: z.object({ policyId: idParam }),
    body: policySave,
    response: answer<typeof policy>(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/policy/{id}',
    access: 'PolicyEdit',
    summary: 'Delete a policy',
    params: z.object({ id: idParam }),
    response: answer<z.ZodObject<{ policyId: z.ZodNumber }>>(),
  }),
} as const;
