import { z } from 'zod';
import { policy } from '../schemas/content.js';
import { route } from './define.js';

export const policyRoutes = {
  all: route({
    method: 'GET',
    path: '/policy/all',
    access: 'signedIn',
    summary: 'Policies of the shop, linked from the footer',
    response: z.array(policy),
  }),
} as const;
