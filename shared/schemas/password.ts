import * as z from 'zod';
import { lazySchema } from '../lazy.js';

/** The password rules, apart from auth.ts so that the customer sign-up schema does not build the staff schemas. */
export const passwordSchema = lazySchema(() => z
  .string()
  .min(8, 'Password must have at least 8 characters')
  .max(256)
  .regex(/[a-z]/, 'Password must contain a lower-case letter')
  .regex(/[A-Z]/, 'Password must contain an upper-case letter')
  .regex(/\d/, 'Password must contain a digit'));

export const PASSWORD_MISMATCH = 'Password Mismatch. Please enter same password in both Password field';
