import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserView } from '@edge/protocol';
import { renderWithProviders, stubFetch, type Routes } from '../../../test/render.tsx';
import { setCsrfToken } from '../../../api/csrf.ts';
import { UserFormModal } from './UserFormModal.tsx';

const ROLES = [
  { id: 1, name: 'Administrator' },
  { id: 4, name: 'Operators' },
];
const USERS = '/api/v1/settings/account/users';

const alice: UserView = {
  number: 2,
  id: 9,
  name: 'alice',
  email: 'alice@example.com',
  companyName: 'Example',
  type: 'Admin',
  roleId: 4,
  roleName: 'Operators',
  status: 1,
  hasIcon: false,
  createdAt: 1,
  lastUsedAt: null,
};

function open(routes: Routes, user?: UserView) {
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetch);
  const onClose = vi.fn();
  renderWithProviders(<UserFormModal open user={user} roles={ROLES} onClose={onClose} />);
  return { stub, onClose };
}

const form = () => within(screen.getByTestId('user-form'));

async function chooseRole(name: string) {
  await userEvent.click(form().getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('user form', () => {
  beforeEach(() => setCsrfToken('csrf-abc'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('refuses an empty form with the SPEC messages and sends nothing', async () => {
    const { stub } = open({});
    await userEvent.click(screen.getByTestId('user-form-save'));
    expect(await screen.findByText('User name cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('E-mail cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Please select a permission type.')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one account type.')).toBeInTheDocument();
    expect(stub.calls).toEqual([]);
  });

  it('checks formats and says the passwords do not match before the other choices are made', async () => {
    open({});
    await userEvent.type(form().getByLabelText('User name'), 'Bad Name');
    await userEvent.type(form().getByLabelText('E-mail'), 'not-an-email');
    await userEvent.type(form().getByLabelText('Password'), 'long-enough-1');
    await userEvent.type(form().getByLabelText('Confirm password'), 'different-2');
    await userEvent.click(screen.getByTestId('user-form-save'));
    expect(await screen.findByText(/User name must be 2 to 32 characters/)).toBeInTheDocument();
    expect(screen.getByText('Invalid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
  });

  it('creates an active user with the chosen permission by id and account type', async () => {
    const { stub, onClose } = open({
      [`POST ${USERS}`]: () => ({ body: { ...alice, name: 'bob', id: 10 } }),
    });
    await userEvent.type(form().getByLabelText('User name'), 'bob');
    await userEvent.type(form().getByLabelText('E-mail'), 'bob@example.com');
    await userEvent.type(form().getByLabelText('Password'), 'Bob-pass-1234');
    await userEvent.type(form().getByLabelText('Confirm password'), 'Bob-pass-1234');
    await chooseRole('Operators');
    await userEvent.click(form().getByLabelText('Container'));
    await userEvent.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'bob',
      email: 'bob@example.com',
      companyName: '',
      password: 'Bob-pass-1234',
      confirmPassword: 'Bob-pass-1234',
      roleId: 4,
      type: 'Container',
      status: 1,
    });
    expect(post.headers.get('x-csrf-token')).toBe('csrf-abc');
  });

  it("shows the server's refusal as a toast in the words of its code", async () => {
    const { onClose } = open({
      [`POST ${USERS}`]: () => ({
        status: 409,
        body: { err_message: 'This user name is already in use.', err_code: 'userNameTaken' },
      }),
    });
    await userEvent.type(form().getByLabelText('User name'), 'admin');
    await userEvent.type(form().getByLabelText('E-mail'), 'a@example.com');
    await userEvent.type(form().getByLabelText('Password'), 'Admin-pass-1234');
    await userEvent.type(form().getByLabelText('Confirm password'), 'Admin-pass-1234');
    await chooseRole('Administrator');
    await userEvent.click(form().getByLabelText('Admin'));
    await userEvent.click(screen.getByTestId('user-form-save'));
    const toast = await screen.findByText('This user name is already in use.');
    expect(toast.closest('.ant-notification-notice')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits without a password (the current one is kept), after confirmation', async () => {
    const { stub, onClose } = open({ [`PATCH ${USERS}`]: () => ({ body: alice }) }, alice);
    expect(form().getByLabelText('User name')).toBeDisabled();
    expect(form().getByLabelText('User name')).toHaveValue('alice');
    const email = form().getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'alice@corp.example.com');
    await userEvent.click(screen.getByTestId('user-form-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stub.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      id: 9,
      email: 'alice@corp.example.com',
      companyName: 'Example',
      roleId: 4,
      type: 'Admin',
    });
  });
});
