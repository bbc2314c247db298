import { z } from 'zod';
import { auditFields } from './common.js';

export const customer = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  mobileNumber: z.string(),
  emailId: z.string().optional(),
  address: z.string().optional(),
  creditPoints: z.number().int(),
  appUserId: z.number().int().optional(),
  tenant: z.string().optional(),
  ...auditFields,
});
export type Customer = z.output<typeof customer>;
