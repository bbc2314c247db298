import * as z from 'zod';
import { emailSchema, mobileSchema, versionField } from './common.js';
import { lazySchema } from '../lazy.js';

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max);

/** The partner registration form: every field is required (spec 3 section 5). */
export const businessPartnerBody = lazySchema(() => z.object({
  name: required('Name', 100),
  emailId: emailSchema,
  companyName: required('Company name', 100),
  mobileNumber: mobileSchema,
  productDetail: required('Product detail', 300),
  address: required('Address', 300),
  version: versionField,
}));
export type BusinessPartnerBody = z.output<typeof businessPartnerBody>;

/** What the server answers, as types: the schemas are in partner-answers.ts, which requests never load. */
export type { businessPartner, BusinessPartner } from './partner-answers.js';
