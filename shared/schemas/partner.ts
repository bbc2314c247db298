import * as z from 'zod';
import { auditFields, emailSchema, mobileSchema, versionField } from './common.js';

export const businessPartner = z.object({
  businessPartnersId: z.number().int(),
  name: z.string(),
  emailId: z.string(),
  companyName: z.string(),
  mobileNumber: z.string(),
  productDetail: z.string(),
  address: z.string(),
  version: z.number().int().optional(),
  ...auditFields,
});
export type BusinessPartner = z.output<typeof businessPartner>;

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max);

/** The partner registration form: every field is required (spec 3 section 5). */
export const businessPartnerBody = z.object({
  name: required('Name', 100),
  emailId: emailSchema,
  companyName: required('Company name', 100),
  mobileNumber: mobileSchema,
  productDetail: required('Product detail', 300),
  address: required('Address', 300),
  version: versionField,
});
export type BusinessPartnerBody = z.output<typeof businessPartnerBody>;
