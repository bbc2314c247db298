import * as z from 'zod';
import { addDays, indiaToday } from '../leave-days.js';
import { emailSchema, isoDate, mobileSchema, versionField } from './common.js';

/** An employee's e-mail and mobile number are their own in the shop: mail and messages reach only them. */
export { EMPLOYEE_EMAIL_TAKEN, EMPLOYEE_MOBILE_TAKEN, NAME_EXISTS } from './employee-messages.js';
export const MIN_EMPLOYEE_AGE = 18;

/** The latest date of birth an employee may have on `today`: the date 18 years earlier (spec 3 section 9). */
export function latestEmployeeDob(today = new Date()): string {
  const year = today.getUTCFullYear() - MIN_EMPLOYEE_AGE;
  const month = today.getUTCMonth();
  // On 29 February the date 18 years back is 28 February: someone born on 1 March is not 18 yet.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

/**
 * How far ahead a date of joining may be: an employee is often registered before the first day, but not years
 * before it (a year typed wrong).
 */
export const MAX_DAYS_BEFORE_JOINING = 90;

/** The latest date of joining accepted on `now`, counted from the shop's (India's) today. */
export const latestJoiningDate = (now = new Date()) => addDays(indiaToday(now), MAX_DAYS_BEFORE_JOINING);
export const JOINING_TOO_LATE = `Date of Joining can be at most ${MAX_DAYS_BEFORE_JOINING} days from today`;

const optionalId = lazySchema(() => z.coerce.number().int().positive().optional());

/**
 * The employee registration and update form (spec 3 section 5). `userName` is what was typed: the server strips
 * special characters and appends the creator's domain. Manager and HR are checked against the roles on the server
 * (`needsManager` / `needsHr` in shared/roles.ts), because the top of the organisation reports to nobody.
 */
export const employeeBody = lazySchema(() => z.object({
  userName: z.string({ error: 'Enter the Valid UserName...' }).trim().min(1, 'Enter the Valid UserName...').max(64),
  emailId: emailSchema,
  mobileNumber: mobileSchema,
  dob: isoDate.refine((dob) => dob <= latestEmployeeDob(), `An employee must be at least ${MIN_EMPLOYEE_AGE} years old`),
  doj: isoDate.refine((doj) => doj <= latestJoiningDate(), JOINING_TOO_LATE),
  gender: z.enum(['Male', 'Female', 'Other'], { error: 'Gender is required' }),
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(300),
  managerId: optionalId,
  hrId: optionalId,
  appUserRole: z
    .array(z.object({ roleId: z.coerce.number().int().positive(), name: z.string().optional(), description: z.string().optional() }), {
      error: 'Select at least one role',
    })
    .min(1, 'Select at least one role')
    .max(20),
  version: versionField,
}));
export type EmployeeBody = z.output<typeof employeeBody>;

/** The owner's second confirmation before a temporary password is shown on the screen. */
export const revealPasswordBody = lazySchema(() => z.object({
  confirm: z.literal(true, { error: 'Confirm that the employee cannot receive the e-mail.' }),
}));

/** The code mailed to a changed e-mail address, entered by the signed-in person to confirm the address is theirs. */
export const confirmEmailBody = lazySchema(() => z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code sent to your new e-mail'),
}));

/** What the server answers, as types: the schemas are in employee-answers.ts, which requests never load. */
export type {
  passwordDelivery,
  PasswordDelivery,
  employeeCreated,
  revealedPassword,
  userRef,
  UserRef,
  employeeDetail,
} from './employee-answers.js';
import { lazySchema } from '../lazy.js';
