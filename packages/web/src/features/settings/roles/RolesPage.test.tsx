import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullPermissionSet, permissionTree, type RoleView } from '@edge/protocol';
import { renderWithProviders, stubFetch, type Routes } from '../../../test/render.tsx';
import { accountInfo } from '../../../test/accounts.ts';
import { accountInfoKey } from '../../account/api.ts';
import { createQueryClient } from '../../../app/queryClient.ts';
import { setCsrfToken } from '../../../api/csrf.ts';
import { RolesPage } from './RolesPage.tsx';

const PATH = '/api/v1/settings/permission/roles';
const on = { control: { enable: true }, isManagement: false };
const ROLES: RoleView[] = [
  {
    id: 1,
    name: 'Administrator',
    builtin: true,
    userCount: 1,
    permissions: permissionTree(fullPermissionSet()),
  },
  { id: 2, name: 'Operators', builtin: false, userCount: 0, permissions: permissionTree({ Log: on }) },
];

function start(routes: Routes) {
  const stub = stubFetch({ [`GET ${PATH}`]: () => ({ body: { list: ROLES } }), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo());
  renderWithProviders(<RolesPage />, { queryClient });
  return stub;
}

const mode = () => document.querySelector('[data-mode]')?.getAttribute('data-mode');
const selection = () => screen.getByTestId('role-select').closest('.ant-select')!;

describe('Settings > Permission', () => {
  beforeEach(() => setCsrfToken('csrf-abc'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('edit loads the selected role; search resets the selection to Not select', async () => {
    start({});
    await userEvent.click(await screen.findByTestId('role-edit-Operators'));
    expect(mode()).toBe('edit');
    expect(screen.getByLabelText('Permission name')).toHaveValue('Operators');
    expect(selection()).toHaveTextContent('Operators');
    expect(screen.getByLabelText('Log: Enable')).toBeChecked();
    expect(screen.getByLabelText('Security: Enable')).not.toBeChecked();

    await userEvent.click(screen.getByTestId('role-search'));
    expect(mode()).toBe('search');
    expect(selection()).toHaveTextContent('Not select');
  });

  it('shows the built-in Administrator read-only', async () => {
    start({});
    await userEvent.click(await screen.findByTestId('role-edit-Administrator'));
    expect(
      screen.getByText('The Administrator permission cannot be changed or deleted.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Permission name')).toBeDisabled();
    expect(screen.queryByTestId('role-save')).toBeNull();
  });

  it('creates a role with the ticked pages (mode others), then edits it', async () => {
    const created: RoleView = {
      id: 3,
      name: 'Viewers',
      builtin: false,
      userCount: 0,
      permissions: permissionTree({}),
    };
    const stub = start({ [`POST ${PATH}`]: () => ({ body: created }) });
    await userEvent.click(await screen.findByTestId('role-create'));
    expect(mode()).toBe('others');
    await userEvent.click(screen.getByTestId('role-save'));
    expect(await screen.findByText('Permission name cannot be empty.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Permission name'), 'Viewers');
    await userEvent.click(screen.getByTestId('perm-expand-all'));
    await userEvent.click(screen.getByLabelText('Account: Enable'));
    await userEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(mode()).toBe('edit'));
    const body = stub.calls.find((c) => c.method === 'POST')!.body as {
      name: string;
      permissions: typeof created.permissions;
    };
    expect(body.name).toBe('Viewers');
    const settings = body.permissions.find((a) => a.key === 'Settings')!;
    expect(settings.control.enable).toBe(true);
    expect(settings.children.filter((c) => c.control.enable).map((c) => c.key)).toEqual(['Account']);
    expect(body.permissions.filter((a) => a.control.enable).map((a) => a.key)).toEqual(['Settings']);
  });
});
