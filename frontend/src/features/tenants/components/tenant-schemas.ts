import { z } from 'zod';
import { emailSchema, mobileSchema } from '../../../../../shared/schemas/common.js';
import { tenantCreateBody, tenantUpdateBody } from '../../../../../shared/schemas/tenant.js';

/** Optional fields of the shop forms: an empty box means "none", a filled one must pass the shared rule. */
const optionalEmail = z.union([z.literal(''), emailSchema]).optional().transform((v) => v || undefined);
const optionalMobile = z.union([z.literal(''), mobileSchema]).optional().transform((v) => v || undefined);

export const tenantEditForm = tenantUpdateBody.extend({ emailId: optionalEmail, phone: optionalMobile });
export const tenantCreateForm = tenantCreateBody.extend({ emailId: optionalEmail, phone: optionalMobile });
