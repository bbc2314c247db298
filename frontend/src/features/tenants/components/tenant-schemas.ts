import * as z from 'zod';
import { emailSchema, mobileSchema } from '../../../../../shared/schemas/common.js';
import { shopFields, stateOfGstin, tenantCreateFields } from '../../../../../shared/schemas/tenant.js';

/** Optional fields of the shop forms: an empty box means "none", a filled one must pass the shared rule. */
const optionalEmail = z.union([z.literal(''), emailSchema]).optional().transform((v) => v || undefined);
const optionalMobile = z.union([z.literal(''), mobileSchema]).optional().transform((v) => v || undefined);

/** The shop's state as the select leaves it: empty means the GSTIN's state. */
const optionalState = z.string().optional().transform((v) => v || undefined);

export const tenantEditForm = shopFields.extend({ emailId: optionalEmail, phone: optionalMobile, state: optionalState }).superRefine(stateOfGstin);
export const tenantCreateForm = tenantCreateFields.extend({ emailId: optionalEmail, phone: optionalMobile, state: optionalState }).superRefine(stateOfGstin);
