import * as z from 'zod';
import { PASSWORD_MISMATCH, passwordSchema } from './password.js';
import { auditFields, emailSchema, mobileSchema, versionField } from './common.js';
import { optionalGstin, optionalState, stateMatchesGstin } from './gst.js';
import { shippingAddress } from './address.js';
import { lazySchema } from '../lazy.js';

export const customer = lazySchema(() => z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  /**
   * The name as it was typed at registration (spaces and capitals kept: "Kaveri Traders"), printed on invoices, credit
   * notes, GSTR-1 and e-invoices; `customerName` is the sign-in name made from it ("KaveriTraders@demo.shop").
   * Absent on customers registered before it was kept.
   */
  legalName: z.string().optional(),
  mobileNumber: z.string(),
  emailId: z.string().optional(),
  address: z.string().optional(),
  /** A business customer's GSTIN: their bills are B2B tax invoices. */
  gstin: z.string().optional(),
  /** GST state code of the customer's address. */
  state: z.string().optional(),
  creditPoints: z.number().int(),
  /** Where the customer's last storefront order was shipped: the next checkout starts from it. */
  shippingAddress: shippingAddress.optional(),
  appUserId: z.number().int().optional(),
  tenant: z.string().optional(),
  version: z.number().int().optional(),
  ...auditFields,
}));
export type Customer = z.output<typeof customer>;

export * from './customer-messages.js';

const customerNameInput = lazySchema(() => z.string({ error: 'Customer name is required' }).trim().min(1, 'Customer name is required').max(60));
const addressInput = lazySchema(() => z.string().trim().max(300).optional());

/**
 * A customer registered by staff (the customer screen, or the till's inline form). The name as typed: the server
 * removes special characters and appends the shop's domain (spec 2 section 5).
 */
const customerFields = lazySchema(() => z.object({
  customerName: customerNameInput,
  mobileNumber: mobileSchema,
  emailId: emailSchema,
  address: addressInput,
  gstin: optionalGstin,
  state: optionalState,
}));

export const customerBody = lazySchema(() => customerFields.superRefine((c, ctx) => stateMatchesGstin(c, ctx)));

/** Name and mobile are locked on edit (spec 3 section 5): sent back unchanged, or left out. */
export const customerUpdateBody = lazySchema(() => customerFields
  .extend({ customerName: customerNameInput.optional(), mobileNumber: mobileSchema.optional(), version: versionField })
  .superRefine((c, ctx) => stateMatchesGstin(c, ctx)));

/**
 * Self sign-up without login: the shop is chosen from `GET /tenant`; the customer's name (with the shop's domain)
 * becomes their login, with the password they choose here.
 */
export const customerSignUpBody = lazySchema(() => customerFields
  .extend({
    tenantId: z.string({ error: 'Select the shop' }).trim().toLowerCase().min(1, 'Select the shop').max(40),
    password: passwordSchema,
    passwordVerify: z.string(),
  })
  .refine((v) => v.password === v.passwordVerify, { message: PASSWORD_MISMATCH, path: ['passwordVerify'] }));

/** `GET /customer/mobile`: mobile numbers for the till's suggestions, optionally those starting with `prefix`. */
export const mobileListQuery = lazySchema(() => z.object({
  prefix: z.string().trim().regex(/^\d{1,10}$/, 'Enter digits only').optional(),
  size: z.coerce.number().int().min(1).max(1000).default(50),
}));

/** What the server answers, as types: the schemas are in customer-answers.ts, which requests never load. */
import type { customerOrFalse } from './customer-answers.js';
export type { customerOrFalse };
