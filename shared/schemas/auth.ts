import * as z from 'zod';
import { PASSWORD_MISMATCH, passwordSchema } from './password.js';
import { featureCatalogue, moduleNames, type ModuleName } from '../features.js';
import { auditFields, userNameSchema, versionField } from './common.js';

export * from './password.js';

export const signInBody = lazySchema(() => z.object({
  username: userNameSchema,
  password: z.string().min(1, 'Password is required').max(256),
}));
export const isNewPasswordChallenge = (answer: SignInResponse): answer is z.output<typeof newPasswordChallenge> =>
  'challenge' in answer && answer.challenge === 'NEW_PASSWORD_REQUIRED';

/** The 6-digit code an authenticator app shows (RFC 6238 TOTP, 30-second steps). */
const authenticatorCode = () => z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
/** Sign-in's second step for a user with two-step sign-in: the session sign-in answered and the app's code. */
export const mfaSignInBody = lazySchema(() => z.object({ username: userNameSchema, session: z.string().min(1).max(4096), code: authenticatorCode() }));
/**
 * Setting up two-step sign-in acts on the caller's own identity with Cognito, which takes the device's refresh
 * token (it must be the caller's own: the API checks whose it is).
 */
export const mfaSetupBody = lazySchema(() => z.object({ refreshToken: z.string().min(10).max(4096) }));
/** The first code of the app just set up, which turns two-step sign-in on. */
export const mfaConfirmBody = lazySchema(() => z.object({ refreshToken: z.string().min(10).max(4096), code: authenticatorCode() }));

export const refreshBody = lazySchema(() => z.object({ refreshToken: z.string().min(10) }));
/** Sign Out: the refresh token this device holds, when it has one. */
export const signOutBody = lazySchema(() => z.object({ refreshToken: z.string().min(10).max(4096).optional() }));

export const USER_NOT_FOUND = 'User Name not found';

export const resetCodeBody = lazySchema(() => z.object({ username: userNameSchema }));
export const resetPasswordBody = lazySchema(() => z
  .object({
    username: userNameSchema,
    password: passwordSchema,
    passwordVerify: z.string(),
    code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code sent to your e-mail'),
  })
  .refine((v) => v.password === v.passwordVerify, { message: PASSWORD_MISMATCH, path: ['passwordVerify'] }));

export const newPasswordBody = lazySchema(() => z
  .object({
    username: userNameSchema,
    session: z.string().min(1).max(4096),
    password: passwordSchema,
    passwordVerify: z.string(),
  })
  .refine((v) => v.password === v.passwordVerify, { message: PASSWORD_MISMATCH, path: ['passwordVerify'] }));

export const roleFeature = lazySchema(() => z.object({ featureId: z.number().int().optional(), featureName: z.string() }));
export const roleModule = lazySchema(() => z.object({ moduleName: z.enum(moduleNames as [string, ...string[]]), roleFeature: z.array(roleFeature) }));
export const role = lazySchema(() => z.object({
  roleId: z.number().int(),
  name: z.string(),
  description: z.string(),
  roleModule: z.array(roleModule),
  /** How many enabled users hold the role; a role with holders cannot be deleted. */
  holders: z.number().int().optional(),
  version: z.number().int().optional(),
  ...auditFields,
}));
export type Role = z.output<typeof role>;

export const ROLE_NAME_EXISTS = 'Role Name already exists!!!';

/** The role editor's form: an upper-case name and the features chosen per module of the catalogue. */
export const roleBody = lazySchema(() => z
  .object({
    name: z
      .string({ error: 'Role name is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z][A-Z0-9_ ]{1,39}$/, 'Enter a role name of 2 to 40 letters, digits, spaces or _'),
    roleModule: z.array(
      z.object({
        moduleName: z.enum(moduleNames as [ModuleName, ...ModuleName[]]),
        roleFeature: z.array(z.object({ featureName: z.string() })).max(100),
      }),
    ),
    version: versionField,
  })
  .superRefine((value, ctx) => {
    for (const module of value.roleModule) {
      const known = featureCatalogue[module.moduleName] as readonly string[];
      const unknown = module.roleFeature.find((f) => !known.includes(f.featureName));
      if (unknown) ctx.addIssue({ code: 'custom', message: `${unknown.featureName} is not a feature of ${module.moduleName}`, path: ['roleModule'] });
    }
    if (!value.roleModule.some((m) => m.roleFeature.length)) {
      ctx.addIssue({ code: 'custom', message: 'Select at least one feature.', path: ['roleModule'] });
    }
  }));
export type RoleBody = z.output<typeof roleBody>;

export const rolesByIdsBody = lazySchema(() => z.object({ roleIdList: z.array(z.coerce.number().int().positive()).max(50) }));

export const appUserRole = lazySchema(() => z.object({ roleId: z.number().int(), name: z.string(), description: z.string().optional() }));

export const appUser = lazySchema(() => z.object({
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
  version: z.number().int().optional(),
  /**
   * Raised whenever the user's sessions end (sign-out, password reset, roles changed, disabled); tokens carry the
   * value they were issued with and are refused once it moved on.
   */
  sessionVersion: z.number().int().optional(),
  /** ID tokens signed out on their device (token id -> expiry, seconds), refused until they would expire anyway. */
  revokedTokens: z.record(z.string(), z.number()).optional(),
  /**
   * The address reset codes go to while a changed `emailId` awaits its confirmation from the new address (the one
   * before the change); equal to `emailId` once confirmed. Absent on records whose e-mail never changed.
   */
  confirmedEmail: z.string().optional(),
  /**
   * A platform admin's two-step sign-in is on (Cognito holds the truth): set when they confirm it and at each sign-in
   * with its code, cleared at a sign-in without it. Platform admins without it are refused all but its set-up.
   */
  twoStepOn: z.boolean().optional(),
  ...auditFields,
}));
export type AppUser = z.output<typeof appUser>;

/** What the server answers, as types: the schemas are in auth-answers.ts, which requests never load. */
import type {
  signInResponse,
  SignInResponse,
  tokenResponse,
  newPasswordChallenge,
  mfaChallenge,
  mfaSetup,
  MfaSetup,
  mfaStatus,
  MfaStatus,
  resetResult,
  appUserView,
  AppUserView,
} from './auth-answers.js';
export type {
  signInResponse, SignInResponse, tokenResponse, newPasswordChallenge, mfaChallenge, mfaSetup, MfaSetup, mfaStatus,
  MfaStatus, resetResult, appUserView, AppUserView,
};
import { lazySchema } from '../lazy.js';
