import * as z from 'zod';
import { role } from './auth.js';
import { appUserView } from './auth-answers.js';

/**
 * What the server answers about employees.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. employee.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/**
 * How the temporary password went to the new employee. It goes only to them (e-mail, and WhatsApp where the shop
 * has it), never to the creator; the owner may reveal a fresh one once (`revealedPassword`).
 */
export const passwordDelivery = z.object({
  mailSent: z.boolean().describe('Whether the e-mail with the temporary password went out'),
  whatsappSent: z.boolean().describe('Whether the WhatsApp message with the temporary password went out'),
});

export type PasswordDelivery = z.output<typeof passwordDelivery>;

/** A new employee and how their temporary password reached them. */
export const employeeCreated = appUserView.extend(passwordDelivery.shape);

/** A fresh temporary password, shown once to the owner; the one sent before no longer works. */
export const revealedPassword = z.object({ userName: z.string(), temporaryPassword: z.string() });

/** A person to pick in a select (manager, HR). */
export const userRef = z.object({ appUserId: z.number().int(), userName: z.string() });

export type UserRef = z.output<typeof userRef>;

/** The read-only employee view: the record and the roles with their features. */
export const employeeDetail = appUserView.extend({
  roles: z.array(role),
  /** Told only to the shop owner about someone else: whether a temporary password may still be revealed once. */
  passwordRevealable: z.boolean().optional(),
});
