import { z } from 'zod';
import { auditFields } from './common.js';

export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'Enter a valid 15-character GSTIN');

export const tenant = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  displayName: z.string(),
  address: z.string(),
  gstNumber: z.string(),
  emailId: z.string().optional(),
  phone: z.string().optional(),
  reportEmails: z.boolean().optional(),
  ...auditFields,
});
export type Tenant = z.output<typeof tenant>;

/** What anyone may see of a tenant: enough to pick a shop when signing up. */
export const publicTenant = tenant.pick({ tenantId: true, tenantName: true, displayName: true });
