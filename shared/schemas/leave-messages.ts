/**
 * Leave and leave-type messages, apart from the schemas of leave.ts so that code that only says them (the shop-day
 * rules of shared/leave-days.ts, used by most functions) does not build the leave schemas; leave.ts exports them too.
 */

/** The messages of spec 3 section 5 (Leave), word for word, and the few the product adds. */
export const LEAVE_MESSAGES = {
  pastStart: 'Start Date should not be Previous Date',
  endBeforeStart: 'End date should be future date from Start date',
  startRequired: 'Select the Start Date',
  holiday: 'It is a Holiday...',
  excludedHolidays: (n: number) => `Excluded ${n} Public Holidays!!!`,
  exceedsBalance: (n: number) => `You can apply only ${n} days leave.`,
  typeRequired: 'Please select leave type.',
  datesRequired: 'Please select dates..',
  nothingToApply: 'Selected dates are week end/holiday, no need to apply leave',
  overlap: 'You have already applied leaves during the same/between days.',
  reasonRequired: 'Please,Comment on Reason Field!!!',
  tooLong: 'A leave can span at most one year.',
  daysMismatch: (n: number) => `The selected dates make ${n} leave days. Please select the dates again.`,
  invalidDate: 'Enter the date as yyyy-mm-dd.',
  /** Said before the form (and by the server): nobody could approve the leave of these accounts. */
  noApproverAccount: 'ADMIN and CUSTOMER accounts have no manager to approve leave.',
  noManager: 'No manager is assigned to you. Ask HR to set your manager before applying for leave.',
  ownerWithoutManager:
    'As the shop owner you report to nobody, so nobody can approve your leave yet. HR can name another owner or a manager as your manager on your employee record; your leave then goes to them.',
} as const;

export const LEAVE_TYPE_MESSAGES = {
  nameRequired: 'Please enter leave type.',
  allowance: 'Enter the days allowed per year (0 to 366).',
  exists: 'Leave type already exists!!!',
  notFound: 'Leave type not found.',
} as const;
