import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import { customer } from '../schemas/customer.js';
import { route } from './define.js';

export const customerRoutes = {
  byAppUser: route({
    method: 'GET',
    path: '/customer/appUser/{appUserId}',
    access: 'signedIn',
    summary: 'The customer record of a user: a customer reads only their own, staff need CustomerView',
    params: z.object({ appUserId: idParam }),
    response: customer,
  }),
} as const;
