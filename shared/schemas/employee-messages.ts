// Messages of the employee rules that the data layer needs too. Kept apart from the schemas (and zod), so that the
// sign-in trigger, which reads users through the data layer, loads no validation code at start.
export const EMPLOYEE_EMAIL_TAKEN = 'Another employee of the shop already has this Email Id.';
export const EMPLOYEE_MOBILE_TAKEN = 'Another employee of the shop already has this Mobile Number.';
export const NAME_EXISTS = 'Name Already Exists!!!';
