import * as z from 'zod';
import { auditFields, emailSchema, mobileSchema, versionField } from './common.js';

import { gstinSchema, shopGstinSchema, stateCodeSchema, stateMatchesGstin } from './gst.js';
import { lazySchema } from '../lazy.js';
import { STOREFRONT_PLAN_MAX, STOREFRONT_PLAN_MIN } from './tenant-messages.js';
import { UPI_ID_INVALID, UPI_ID_PATTERN, UPI_PAYEE_INVALID, UPI_PAYEE_PATTERN } from '../upi.js';

export { gstinSchema };

export { DEFAULT_STOREFRONT_REQUESTS_PER_SECOND, STOREFRONT_PLAN_MAX, STOREFRONT_PLAN_MIN, STOREFRONT_PLAN_PLATFORM_ONLY } from './tenant-messages.js';

export const tenant = lazySchema(() => z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  displayName: z.string(),
  address: z.string(),
  /** The shop's GSTIN; empty for a shop not registered for GST that has none. */
  gstNumber: z.string(),
  /** GST state code of the shop (its place of business); the GSTIN's state when not set. */
  state: z.string().optional(),
  /** false: the shop is not registered for GST and issues Bills of Supply without tax. Registered when absent. */
  gstRegistered: z.boolean().optional(),
  emailId: z.string().optional(),
  phone: z.string().optional(),
  reportEmails: z.boolean().optional(),
  /** The domain of the shop's user names (`demo.shop` for `admin@demo.shop`); self-registered customers get it. */
  domain: z.string().optional(),
  /** false once the shop is deleted: nobody of it can sign in any more. */
  enabled: z.boolean().optional(),
  /**
   * The shop's plan: signed-in storefront requests a second its shoppers may make together (tills and back office
   * have their own share). Set by the platform admin; `DEFAULT_STOREFRONT_REQUESTS_PER_SECOND` when absent.
   */
  storefrontRequestsPerSecond: z.number().int().optional(),
  /** The shop's UPI ID and the payee name its customers' UPI apps show: Place Order's QR codes pay them. */
  upiId: z.string().optional(),
  upiPayeeName: z.string().optional(),
  /** UPI at the till by Razorpay's single-use QR codes, confirmed by Razorpay's webhook instead of the cashier. */
  upiRazorpayQr: z.boolean().optional(),
  version: z.number().int().optional(),
  ...auditFields,
}));
export type Tenant = z.output<typeof tenant>;

/** What the shop's owner (or a platform admin) may change: the details printed on receipts. */
export const shopFields = lazySchema(() => z.object({
  displayName: z.string({ error: 'Shop name is required' }).trim().min(1, 'Shop name is required').max(100),
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(300),
  /** Left out or empty: the shop has no GSTIN, which only a shop not registered for GST may. */
  gstNumber: shopGstinSchema.optional().transform((gstin) => gstin ?? ''),
  /** Left out: the GSTIN's state. */
  state: stateCodeSchema.optional(),
  gstRegistered: z.boolean().optional(),
  emailId: emailSchema.optional(),
  phone: mobileSchema.optional(),
  reportEmails: z.boolean().optional(),
  /** The shop's plan (platform admin only): its storefront ceiling in signed-in requests a second. */
  storefrontRequestsPerSecond: z
    .number({ error: 'Enter the storefront requests a second as a number' })
    .int('Enter a whole number of storefront requests a second')
    .min(STOREFRONT_PLAN_MIN, `A shop's storefront takes at least ${STOREFRONT_PLAN_MIN} requests a second`)
    .max(STOREFRONT_PLAN_MAX, `A shop's storefront takes at most ${STOREFRONT_PLAN_MAX.toLocaleString('en-IN')} requests a second`)
    .optional(),
  /** Empty removes it: UPI is then confirmed by the cashier without a QR code. */
  upiId: z.union([z.literal(''), z.string().trim().regex(UPI_ID_PATTERN, UPI_ID_INVALID)], { error: UPI_ID_INVALID }).optional(),
  upiPayeeName: z.union([z.literal(''), z.string().trim().regex(UPI_PAYEE_PATTERN, UPI_PAYEE_INVALID)], { error: UPI_PAYEE_INVALID }).optional(),
  upiRazorpayQr: z.boolean().optional(),
  version: versionField,
}));

export const SHOP_GSTIN_REQUIRED = 'Enter the shop\'s GSTIN: a shop registered for GST prints it on every tax invoice.';
export const SHOP_STATE_REQUIRED = 'Choose the state the shop is in (without a GSTIN it cannot be taken from there).';

/**
 * A registered shop gives its GSTIN, and its state is the GSTIN's (a GSTIN is issued per state). A shop not
 * registered for GST (Bills of Supply) may have none, and then names its state.
 */
export const stateOfGstin = (shop: { gstNumber: string; state?: string; gstRegistered?: boolean }, ctx: z.RefinementCtx) => {
  const registered = shop.gstRegistered !== false;
  if (registered && !shop.gstNumber) ctx.addIssue({ code: 'custom', path: ['gstNumber'], message: SHOP_GSTIN_REQUIRED });
  if (!registered && !shop.gstNumber && !shop.state) ctx.addIssue({ code: 'custom', path: ['state'], message: SHOP_STATE_REQUIRED });
  if (registered) stateMatchesGstin({ gstin: shop.gstNumber, state: shop.state }, ctx);
};

export const tenantUpdateBody = lazySchema(() => shopFields.superRefine(stateOfGstin));

/** Ids the API's own paths use after `/tenant/`, which a shop id must never shadow. */
export const reservedTenantIds = ['all', 'count', 'save', 'currentTenant', 'platform'];

/**
 * A new shop (platform admin only): its user-name domain, whose first label becomes the tenant id
 * (`acme.shop` -> `acme`), its receipt details, and its first TENANT_MANAGER.
 */
export const tenantCreateFields = lazySchema(() => shopFields
  .omit({ version: true })
  .extend({
  domain: z
    .string({ error: 'Domain is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}(\.[a-z0-9-]{2,63})+$/, 'Enter a domain like myshop.in')
    .refine((d) => !reservedTenantIds.map((r) => r.toLowerCase()).includes(d.split('.')[0]!), 'This shop id is reserved'),
  managerName: z.string({ error: 'Manager user name is required' }).trim().min(1, 'Manager user name is required').max(64),
  managerEmailId: emailSchema,
  managerMobileNumber: mobileSchema,
  }));
export const tenantCreateBody = lazySchema(() => tenantCreateFields.superRefine(stateOfGstin));

/** What anyone may see of a tenant: enough to pick a shop when signing up. */
export const publicTenant = lazySchema(() => tenant.pick({ tenantId: true, tenantName: true, displayName: true }));

/** The shop's daily report e-mail switch (on unless switched off). */
export const reportEmailsBody = lazySchema(() => z.object({
  reportEmails: z.boolean({ error: 'Choose whether the daily report is e-mailed.' }),
}));

/** What the server answers, as types: the schemas are in tenant-answers.ts, which requests never load. */
import type { tenantCreated } from './tenant-answers.js';
export type { tenantCreated };
