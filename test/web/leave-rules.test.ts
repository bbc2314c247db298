import { describe, expect, it } from 'vitest';
import {
  checkFormDates,
  isLeaveManager,
  leaveFormMode,
  remainingFor,
  rowActions,
} from '../../frontend/src/features/leave/components/leave-rules.js';
import { LEAVE_MESSAGES, leaveStatuses } from '../../shared/schemas/leave.js';
import { CASHIER_ID, leave, MANAGER_ID } from './leave-fixtures.js';

describe('row actions by status (spec 3 section 4)', () => {
  const actionsOf = (status: (typeof leaveStatuses)[number], view: 'EMPLOYEE' | 'MANAGER', me: number) =>
    Object.entries(rowActions(leave({ leaveSystemId: 1, status }), view, me, true))
      .filter(([, shown]) => shown)
      .map(([name]) => name);

  it('lets the employee update and cancel an open leave, and only look at a decided one', () => {
    expect(actionsOf('Submitted', 'EMPLOYEE', CASHIER_ID)).toEqual(['update', 'cancel']);
    expect(actionsOf('Modified', 'EMPLOYEE', CASHIER_ID)).toEqual(['update', 'cancel']);
    expect(actionsOf('Approved', 'EMPLOYEE', CASHIER_ID)).toEqual(['view']);
    expect(actionsOf('Rejected', 'EMPLOYEE', CASHIER_ID)).toEqual(['view']);
    expect(actionsOf('Cancelled', 'EMPLOYEE', CASHIER_ID)).toEqual([]);
  });

  it('lets the manager approve an open leave of a reportee, never update or cancel it', () => {
    expect(actionsOf('Submitted', 'MANAGER', MANAGER_ID)).toEqual(['approve']);
    expect(actionsOf('Modified', 'MANAGER', MANAGER_ID)).toEqual(['approve']);
    expect(actionsOf('Approved', 'MANAGER', MANAGER_ID)).toEqual(['view']);
    expect(actionsOf('Rejected', 'MANAGER', MANAGER_ID)).toEqual(['view']);
    expect(actionsOf('Cancelled', 'MANAGER', MANAGER_ID)).toEqual([]);
  });

  it('offers no changes without LeaveEdit', () => {
    expect(rowActions(leave({ leaveSystemId: 1, status: 'Submitted' }), 'EMPLOYEE', CASHIER_ID, false)).toEqual({
      update: false,
      approve: false,
      cancel: false,
      view: true,
    });
  });
});

describe('leave form mode', () => {
  it('updates one’s own open leave, decides a reportee’s, and otherwise only shows', () => {
    expect(leaveFormMode(leave({ leaveSystemId: 1, status: 'Modified' }), CASHIER_ID, true)).toBe('update');
    expect(leaveFormMode(leave({ leaveSystemId: 1, status: 'Submitted' }), MANAGER_ID, true)).toBe('approve');
    expect(leaveFormMode(leave({ leaveSystemId: 1, status: 'Approved' }), CASHIER_ID, true)).toBe('view');
    expect(leaveFormMode(leave({ leaveSystemId: 1, status: 'Rejected' }), MANAGER_ID, true)).toBe('view');
    // HR may read a leave but is not the one to decide it.
    expect(leaveFormMode(leave({ leaveSystemId: 1, status: 'Submitted' }), 99, true)).toBe('view');
    expect(leaveFormMode(leave({ leaveSystemId: 1, status: 'Submitted' }), CASHIER_ID, false)).toBe('view');
  });

  it('gives managers (MANAGER, TENANT_MANAGER) the view switch', () => {
    expect(isLeaveManager(['MANAGER'])).toBe(true);
    expect(isLeaveManager(['TENANT_MANAGER'])).toBe(true);
    expect(isLeaveManager(['CASHIER', 'HR'])).toBe(false);
  });
});

describe('the form’s date check', () => {
  const today = '2026-11-23'; // a Monday
  it('waits for both dates, but flags a past start at once', () => {
    expect(checkFormDates('', '', today, [])).toEqual({});
    // A year typed digit by digit passes through 0002 and 0202: not a date yet, so not a past one.
    expect(checkFormDates('0202-12-07', '', today, [])).toEqual({});
    expect(checkFormDates('2026-12-07', '0020-12-08', today, [])).toEqual({});
    expect(checkFormDates('2026-11-24', '', today, [])).toEqual({});
    expect(checkFormDates('2026-11-20', '', today, [])).toEqual({ problem: LEAVE_MESSAGES.pastStart });
  });

  it('gives the spec’s messages in the form’s order', () => {
    expect(checkFormDates('2026-11-25', '2026-11-24', today, [])).toEqual({ problem: LEAVE_MESSAGES.endBeforeStart });
    expect(checkFormDates('2026-12-25', '2026-12-28', today, ['2026-12-25'])).toEqual({ problem: LEAVE_MESSAGES.holiday });
    expect(checkFormDates('2026-11-28', '2026-11-29', today, [])).toEqual({ problem: LEAVE_MESSAGES.nothingToApply });
  });

  it('counts working days, leaving out weekends and holidays', () => {
    expect(checkFormDates('2026-12-24', '2026-12-29', today, ['2026-12-25']).count).toEqual({
      days: 3,
      weekendDays: 2,
      excludedHolidays: ['2026-12-25'],
    });
  });

  it('gives an update its own days back when type and year stay', () => {
    const before = { leaveMasterId: 1, startDate: '2026-12-01', days: 2 };
    expect(remainingFor(3, before, 1, 2026)).toBe(5);
    expect(remainingFor(3, before, 2, 2026)).toBe(3);
    expect(remainingFor(3, before, 1, 2027)).toBe(3);
    expect(remainingFor(3, undefined, 1, 2026)).toBe(3);
  });
});
