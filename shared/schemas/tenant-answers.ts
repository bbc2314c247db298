import * as z from 'zod';
import { appUser } from './auth.js';
import { tenant } from './tenant.js';

/**
 * What the server answers about shops.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. tenant.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

export const tenantCreated = z.object({
  tenant,
  manager: appUser,
  /** The first manager's temporary password goes only to them. */
  mailSent: z.boolean(),
  whatsappSent: z.boolean(),
});
