import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../../../shared/format.js';
import { addDays } from '../../../../../shared/leave-days.js';
import {
  EMPLOYEE_EMAIL_TAKEN,
  EMPLOYEE_MOBILE_TAKEN,
  JOINING_TOO_LATE,
  latestEmployeeDob,
  latestJoiningDate,
  NAME_EXISTS,
} from '../../../../../shared/schemas/employee.js';
import {
  CASHIER_ID,
  HR_ID,
  MANAGER_ID,
  OWNER_ID,
  employee,
  featuresOf,
  renderScreen,
  roles,
  serve,
  signInWith,
  type Answer,
  type Call,
} from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import EmployeeFormScreen from './employee-form.js';

const offeredToOwner = [roles.ADMIN, roles.TENANT_MANAGER, roles.MANAGER, roles.HR, roles.CASHIER];
const managers = [
  { appUserId: MANAGER_ID, userName: 'manager@demo.shop' },
  { appUserId: OWNER_ID, userName: 'owner@demo.shop' },
];
const hrs = [{ appUserId: HR_ID, userName: 'hr@demo.shop' }];

function api(extra: [string | RegExp, Answer | ((call: Call) => Answer)][] = [], offered = offeredToOwner) {
  return serve([
    ...extra,
    ['GET /role/employeeRole', [200, offered]],
    [/^GET \/appUser\/managers\/\d+$/, [200, managers]],
    [/^GET \/appUser\/hr\/\d+$/, [200, hrs]],
    [/^GET \/appUser\/isUserExist\/(asha|ashaverma)$/i, [200, true]],
    [/^GET \/appUser\/isUserExist\//, [200, false]],
  ]);
}

const openForm = (id = 'new') =>
  renderScreen(<EmployeeFormScreen />, { path: '/user/:id', url: `/user/${id}`, elsewhere: ['/user', '/home', '/error'] });

async function chooseRole(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Roles/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/** Fills the registration form for a cashier in manager's team (HR contact hr) and presses Register. */
async function registerCashier(user: ReturnType<typeof userEvent.setup>, who: { name: string; email: string; mobile: string; gender: string }) {
    await user.type(await screen.findByRole('textbox', { name: /^User Name/ }), who.name);
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), who.email);
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), who.mobile);
    fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: '02/07/1998' } });
    fireEvent.change(screen.getByLabelText(/^Date of Joining/), { target: { value: '05/01/2026' } });
    await user.click(screen.getByRole('radio', { name: who.gender }));
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '5, Brigade Road');
    await chooseRole(user, 'CASHIER');
    await screen.findByRole('option', { name: 'manager@demo.shop' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Manager/ }), 'manager@demo.shop');
    await user.selectOptions(screen.getByRole('combobox', { name: /^HR/ }), 'hr@demo.shop');
    await user.click(screen.getByRole('button', { name: 'Register' }));
}

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('employee registration', () => {
  it('names every missing or wrong field with the spec’s messages and sends nothing', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    const calls = api();
    openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    for (const message of [
      'Enter the Valid UserName...',
      'Enter the Valid Email Id!!!',
      'Enter the Valid Mobile Number!!!',
      'Gender is required',
      'Address is required',
      'Select at least one role',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Enter a valid date')).toHaveLength(2);
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('shows the sign-in name with the creator’s domain and says at once when the name is taken', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    const calls = api();
    const user = userEvent.setup({ delay: null });
    openForm();
    const name = await screen.findByRole('textbox', { name: /^User Name/ });
    await user.type(name, 'R.K-Singh');
    expect(screen.getByText('Signs in as RKSingh@demo.shop')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /appUser/isUserExist/RKSingh')).toBe(true));
    expect(screen.queryByText(NAME_EXISTS)).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Asha!');
    expect(await screen.findByText(NAME_EXISTS)).toBeInTheDocument();
    // Typing on clears it until the new name is checked.
    await user.type(name, 'x');
    expect(screen.queryByText(NAME_EXISTS)).not.toBeInTheDocument();
  });

  it('takes dates as dd/mm/yyyy and says so for a date of birth later than 18 years ago or a joining years ahead', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    api();
    openForm();
    const dob = await screen.findByLabelText(/^Date of Birth/);
    fireEvent.change(dob, { target: { value: formatDate(addDays(latestEmployeeDob(), 1)) } });
    fireEvent.change(screen.getByLabelText(/^Date of Joining/), { target: { value: formatDate(addDays(latestJoiningDate(), 1)) } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('An employee must be at least 18 years old')).toBeInTheDocument();
    expect(screen.getByText(JOINING_TOO_LATE)).toBeInTheDocument();
    expect(dob).toHaveValue(formatDate(addDays(latestEmployeeDob(), 1)));
  });

  it('does not offer ADMIN to the owner even if the list holds it: the owner lacks shop administration', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    api();
    const user = userEvent.setup({ delay: null });
    openForm();
    await user.click(await screen.findByRole('combobox', { name: /^Roles/ }));
    expect(await screen.findByRole('option', { name: 'CASHIER' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'ADMIN' })).not.toBeInTheDocument();
  });

  it('registers the employee, says where the temporary password went without showing it, then goes to the list', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    const calls = api([
      [
        'POST /appUser/save',
        (call) => [
          200,
          {
            ...employee({ appUserId: 40, userName: 'meenakumari@demo.shop' }),
            ...(call.body as object),
            userName: 'meenakumari@demo.shop',
            mailSent: true,
            whatsappSent: true,
          },
        ],
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm();
    await registerCashier(user, { name: 'Meena Kumari', email: 'meena@example.in', mobile: '9845012345', gender: 'Female' });

    const dialog = await screen.findByRole('dialog', { name: 'Employee registered' });
    expect(dialog).toHaveTextContent('meenakumari@demo.shop signs in with a temporary password sent only to them');
    expect(within(dialog).getByText('The sign-in was e-mailed to meena@example.in.')).toBeInTheDocument();
    expect(within(dialog).getByText('It was also sent by WhatsApp.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Temporary password')).not.toBeInTheDocument();
    // Delivered: nothing to reveal.
    expect(within(dialog).queryByRole('button', { name: 'Reveal temporary password' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /appUser/save')!.body).toEqual({
      userName: 'Meena Kumari',
      emailId: 'meena@example.in',
      mobileNumber: '9845012345',
      dob: '1998-07-02',
      doj: '2026-01-05',
      gender: 'Female',
      address: '5, Brigade Road',
      appUserRole: [{ roleId: roles.CASHIER.roleId }],
      managerId: MANAGER_ID,
      hrId: HR_ID,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await screen.findByText('page /user');
    expect(router.state.location.state).toEqual({ notice: 'Registered meenakumari@demo.shop.' });
  });

  it('lets the owner reveal the temporary password once, after confirming, when nothing reached the employee', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    const calls = api([
      ['POST /appUser/save', (call) => [200, { ...employee({ appUserId: 41, userName: 'ravi@demo.shop' }), ...(call.body as object), userName: 'ravi@demo.shop', mailSent: false, whatsappSent: false }]],
      ['POST /appUser/temporaryPassword/41', [200, { userName: 'ravi@demo.shop', temporaryPassword: 'Xk7pQ2mN9aRt' }]],
    ]);
    const user = userEvent.setup({ delay: null });
    openForm();
    await registerCashier(user, { name: 'Ravi', email: 'ravi@example.in', mobile: '9845012399', gender: 'Male' });

    const dialog = await screen.findByRole('dialog', { name: 'Employee registered' });
    expect(within(dialog).getByText(/The sign-in could not be sent\. You can reveal a temporary password once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reveal temporary password' }));
    // The second confirmation: nothing is asked of the server before it.
    expect(calls.some((c) => c.key.startsWith('POST /appUser/temporaryPassword'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reveal it' }));
    expect(await within(dialog).findByLabelText('Temporary password')).toHaveTextContent('Xk7pQ2mN9aRt');
    expect(calls.find((c) => c.key === 'POST /appUser/temporaryPassword/41')!.body).toEqual({ confirm: true });
    expect(within(dialog).queryByRole('button', { name: 'Reveal temporary password' })).not.toBeInTheDocument();
  });

  it('makes a manager’s new employee report to them, and puts a refusal under its field', async () => {
    signInWith('manager@demo.shop', MANAGER_ID, ['MANAGER'], [...featuresOf('MANAGER'), 'EmployeeEdit']);
    api([['POST /appUser/save', [409, { message: NAME_EXISTS }]]], [roles.CASHIER, roles.HR]);
    const user = userEvent.setup({ delay: null });
    openForm();
    const manager = await screen.findByRole('combobox', { name: /^Manager/ });
    await waitFor(() => expect(manager).toHaveValue(String(MANAGER_ID)));
    expect(manager).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^User Name/ }), 'Teja');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'teja@example.in');
    await user.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), '9845012346');
    fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: '01/01/1999' } });
    fireEvent.change(screen.getByLabelText(/^Date of Joining/), { target: { value: '05/01/2026' } });
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), 'Jayanagar');
    await chooseRole(user, 'CASHIER');
    await user.selectOptions(screen.getByRole('combobox', { name: /^HR/ }), 'hr@demo.shop');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(NAME_EXISTS)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^User Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('cancels to /home', async () => {
    signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
    api();
    const user = userEvent.setup({ delay: null });
    openForm();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('page /home')).toBeInTheDocument();
  });
});

describe('employee update', () => {
  const cashier = employee({ appUserId: CASHIER_ID, userName: 'cashier@demo.shop', version: 3 });

  it('keeps the user name, sends the record’s version, and cancels to /user', async () => {
    signInWith('hr@demo.shop', HR_ID, ['HR']);
    const calls = api([
      [`GET /appUser/${CASHIER_ID}`, [200, cashier]],
      [`PUT /appUser/${CASHIER_ID}`, (call) => [200, { ...cashier, ...(call.body as object), userName: 'cashier@demo.shop' }]],
    ], [roles.MANAGER, roles.HR, roles.CASHIER]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm(String(CASHIER_ID));
    const name = await screen.findByRole('textbox', { name: /^User Name/ });
    expect(name).toHaveValue('cashier');
    expect(name).toBeDisabled();
    const address = screen.getByRole('textbox', { name: /^Address/ });
    await user.clear(address);
    await user.type(address, 'New address');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('page /user');
    expect(calls.find((c) => c.key.startsWith('PUT'))!.body).toMatchObject({ userName: 'cashier', address: 'New address', version: 3, managerId: MANAGER_ID, hrId: HR_ID });
    expect(router.state.location.state).toEqual({ notice: 'Saved cashier@demo.shop.' });
  });

  it("shows the server's refusal of another employee's mobile or e-mail under that field, and stays on the form", async () => {
    signInWith('hr@demo.shop', HR_ID, ['HR']);
    let answer = EMPLOYEE_MOBILE_TAKEN;
    api([
      [`GET /appUser/${CASHIER_ID}`, [200, cashier]],
      [`PUT /appUser/${CASHIER_ID}`, () => [409, { message: answer }]],
    ], [roles.MANAGER, roles.HR, roles.CASHIER]);
    const user = userEvent.setup({ delay: null });
    openForm(String(CASHIER_ID));
    const mobile = await screen.findByRole('textbox', { name: /^Mobile Number/ });
    await user.clear(mobile);
    await user.type(mobile, '9845000003');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(EMPLOYEE_MOBILE_TAKEN)).toBeInTheDocument();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');

    answer = EMPLOYEE_EMAIL_TAKEN;
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await user.clear(email);
    await user.type(email, 'manager@demo.shop');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(EMPLOYEE_EMAIL_TAKEN)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('page /user')).not.toBeInTheDocument();
  });

  it('locks one’s own roles, manager and HR', async () => {
    signInWith('hr@demo.shop', HR_ID, ['HR']);
    const self = employee({ appUserId: HR_ID, userName: 'hr@demo.shop', appUserRole: [{ roleId: 4, name: 'HR' }], managerId: OWNER_ID, hrId: undefined });
    api([[`GET /appUser/${HR_ID}`, [200, self]]], [roles.MANAGER, roles.HR, roles.CASHIER]);
    const user = userEvent.setup({ delay: null });
    openForm(String(HR_ID));
    expect(await screen.findByRole('combobox', { name: /^Roles/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Manager/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^HR/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('page /user')).toBeInTheDocument();
  });
});
