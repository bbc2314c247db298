import { z } from 'zod';
import { moduleNames } from '../features.js';
import { auditFields, userNameSchema } from './common.js';

export const signInBody = z.object({
  username: userNameSchema,
  password: z.string().min(1, 'Password is required').max(256),
});

export const tokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().int().describe('Token expiry, seconds since the epoch'),
});

export const refreshBody = z.object({ refreshToken: z.string().min(10) });

export const passwordSchema = z
  .string()
  .min(8, 'Password must have at least 8 characters')
  .max(256)
  .regex(/[a-z]/, 'Password must contain a lower-case letter')
  .regex(/[A-Z]/, 'Password must contain an upper-case letter')
  .regex(/\d/, 'Password must contain a digit');

export const PASSWORD_MISMATCH = 'Password Mismatch. Please enter same password in both Password field';
export const USER_NOT_FOUND = 'User Name not found';

export const resetCodeBody = z.object({ username: userNameSchema });
export const resetPasswordBody = z
  .object({
    username: userNameSchema,
    password: passwordSchema,
    passwordVerify: z.string(),
    code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code sent to your e-mail'),
  })
  .refine((v) => v.password === v.passwordVerify, { message: PASSWORD_MISMATCH, path: ['passwordVerify'] });

/** 1 when done, 0 when the user name is unknown (spec 1 section 5). */
export const resetResult = z.union([z.literal(0), z.literal(1)]);

export const roleFeature = z.object({ featureId: z.number().int().optional(), featureName: z.string() });
export const roleModule = z.object({ moduleName: z.enum(moduleNames as [string, ...string[]]), roleFeature: z.array(roleFeature) });
export const role = z.object({
  roleId: z.number().int(),
  name: z.string(),
  description: z.string(),
  roleModule: z.array(roleModule),
  ...auditFields,
});
export type Role = z.output<typeof role>;

export const rolesByIdsBody = z.object({ roleIdList: z.array(z.coerce.number().int().positive()).max(50) });

export const appUserRole = z.object({ roleId: z.number().int(), name: z.string(), description: z.string().optional() });

export const appUser = z.object({
  appUserId: z.number().int(),
  userName: z.string(),
  emailId: z.string().optional(),
  mobileNumber: z.string().optional(),
  dob: z.string().optional(),
  doj: z.string().optional(),
  gender: z.enum(['Male', 'Female', 'Other']).optional(),
  address: z.string().optional(),
  managerId: z.number().int().optional(),
  managerName: z.string().optional(),
  hrId: z.number().int().optional(),
  hrName: z.string().optional(),
  appUserRole: z.array(appUserRole),
  enabled: z.boolean().optional(),
  ...auditFields,
});
export type AppUser = z.output<typeof appUser>;
