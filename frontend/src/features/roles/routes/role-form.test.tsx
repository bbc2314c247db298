import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureCatalogue } from '../../../../../shared/features.js';
import { ROLE_NAME_EXISTS } from '../../../../../shared/schemas/auth.js';
import { OWNER_ID, renderScreen, roles, serve, signInWith } from '../../../../../test/web/people-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import RoleFormScreen from './role-form.js';
import RoleListScreen from './role-list.js';

const openForm = (id = 'new') => renderScreen(<RoleFormScreen />, { path: '/role/:id', url: `/role/${id}`, elsewhere: ['/role', '/error'] });

beforeEach(() => {
  clearSession();
  signInWith('owner@demo.shop', OWNER_ID, ['TENANT_MANAGER']);
});
afterEach(() => vi.unstubAllGlobals());

describe('role editor', () => {
  it('chooses features from the catalogue by module and saves them in catalogue order', async () => {
    const calls = serve([['POST /role/save', (call) => [200, { ...roles.CASHIER, ...(call.body as object), roleId: 9 }]]]);
    const user = userEvent.setup({ delay: null });
    const { router } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select at least one feature.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Role Name/ }), 'shelf staff');
    expect(screen.getByRole('textbox', { name: /^Role Name/ })).toHaveValue('SHELF STAFF');
    const erp = screen.getByRole('group', { name: 'ERP features' });
    const leaveList = within(erp).getByRole('checkbox', { name: 'Leave List' });
    await user.click(leaveList);
    expect(screen.queryByText('Select at least one feature.')).not.toBeInTheDocument();
    const erpAll = within(erp).getByRole('checkbox', { name: 'ERP · Employee' });
    expect((erpAll as HTMLInputElement).indeterminate).toBe(true);
    expect(within(erp).getByText(`1 of ${featureCatalogue.ERP.length}`)).toBeInTheDocument();

    const ims = screen.getByRole('group', { name: 'IMS features' });
    await user.click(within(ims).getByRole('checkbox', { name: 'Stock List' }));
    await user.click(within(ims).getByRole('checkbox', { name: 'Category List' }));
    // The module box chooses all, and clears all.
    const admin = screen.getByRole('group', { name: 'ADMIN features' });
    await user.click(within(admin).getByRole('checkbox', { name: 'ADMIN · Admin' }));
    expect(within(admin).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await user.click(within(admin).getByRole('checkbox', { name: 'ADMIN · Admin' }));
    expect(within(admin).getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('page /role');
    expect(router.state.location.search).toBe('?role=9');
    expect(calls.find((c) => c.key === 'POST /role/save')!.body).toEqual({
      name: 'SHELF STAFF',
      roleModule: [
        { moduleName: 'ERP', roleFeature: [{ featureName: 'LeaveList' }] },
        { moduleName: 'IMS', roleFeature: [{ featureName: 'StockList' }, { featureName: 'CategoryList' }] },
        { moduleName: 'CRM', roleFeature: [] },
        { moduleName: 'ADMIN', roleFeature: [] },
      ],
    });
    expect(router.state.location.state).toEqual({ notice: 'Created the role SHELF STAFF.' });
  });

  it('puts a taken name under the name field', async () => {
    serve([['POST /role/save', [409, { message: ROLE_NAME_EXISTS }]]]);
    const user = userEvent.setup({ delay: null });
    openForm();
    await user.type(await screen.findByRole('textbox', { name: /^Role Name/ }), 'cashier');
    await user.click(within(screen.getByRole('group', { name: 'IMS features' })).getByRole('checkbox', { name: 'Stock List' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ROLE_NAME_EXISTS)).toBeInTheDocument();
  });

  it('shows a built-in role with its features and its name locked', async () => {
    serve([['GET /role/3', [200, roles.MANAGER]]]);
    openForm('3');
    expect(await screen.findByRole('textbox', { name: /^Role Name/ })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'IMS features' })).getByRole('checkbox', { name: 'Stock List' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('keeps the ADMIN role as it is', async () => {
    serve([['GET /role/1', [200, roles.ADMIN]]]);
    openForm('1');
    expect(await screen.findByText('The ADMIN role always has every feature and cannot be changed.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'ERP features' })).getByRole('checkbox', { name: 'Employee Edit' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('role list', () => {
  it('opens on the page holding the role just saved, not on the first page', async () => {
    const made = Array.from({ length: 6 }, (_, i) => ({ ...roles.CASHIER, roleId: 10 + i, name: `SHIFT ${i + 1}` }));
    serve([['GET /role/all', [200, [roles.ADMIN, roles.MANAGER, ...made]]]]);
    renderScreen(<RoleListScreen />, { path: '/role', url: '/role?role=15', elsewhere: ['/role/:id', '/home'] });
    expect(await screen.findByText('SHIFT 6')).toBeInTheDocument();
    expect(screen.queryByText('MANAGER')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks before deleting a role, keeps one someone holds with the server’s reason, and offers no Delete for built-in roles', async () => {
    const night = { ...roles.CASHIER, roleId: 9, name: 'NIGHT SHIFT', holders: 1 };
    const calls = serve([
      ['GET /role/all', [200, [roles.ADMIN, roles.MANAGER, night]]],
      ['DELETE /role/9', [409, { message: 'The role NIGHT SHIFT is held by 1 user(s). Take it away from them before deleting it.' }]],
    ]);
    const user = userEvent.setup({ delay: null });
    renderScreen(<RoleListScreen />, { path: '/role', elsewhere: ['/role/:id', '/home'] });
    // Built-in roles cannot be deleted.
    expect(await screen.findByRole('link', { name: 'Edit MANAGER' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete MANAGER' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete NIGHT SHIFT' }));
    const question = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(question).toHaveTextContent('Delete the role NIGHT SHIFT?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete NIGHT SHIFT' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete role' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Not deleted' })).toHaveTextContent(
      'NIGHT SHIFT could not be deleted: The role NIGHT SHIFT is held by 1 user(s). Take it away from them before deleting it.',
    );
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual(['DELETE /role/9']);
    await waitFor(() => expect(screen.getByText('NIGHT SHIFT')).toBeInTheDocument());
  });
});
