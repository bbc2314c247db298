import * as z from 'zod';
import { auditFields } from './common.js';

/**
 * What the server answers about business partners.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. partner.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

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
