import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch, type Routes } from '../../../test/render.tsx';
import { accountInfo } from '../../../test/accounts.ts';
import { setCsrfToken } from '../../../api/csrf.ts';
import { accountInfoKey } from '../../account/api.ts';
import { createQueryClient } from '../../../app/queryClient.ts';
import { AccountPage } from './AccountPage.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

const NO_USERS = { body: { list: [], totalNumber: 0, roles: [] } };

function start(routes: Routes, me = accountInfo()) {
  const stub = stubFetch({ 'GET /api/v1/settings/account/users': () => NO_USERS, ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, me);
  setCsrfToken('csrf-abc');
  renderWithProviders(<AccountPage />, { queryClient });
  return stub;
}

describe('Settings > Account', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => setCsrfToken(null));

  it('labels password strength Weak, Medium, Good, Strong', () => {
    const { rerender } = renderWithProviders(<PasswordStrengthMeter password="abcdefgh" />);
    expect(screen.getByText('Weak')).toBeInTheDocument();
    rerender(<PasswordStrengthMeter password="abcdefG1" />);
    expect(screen.getByText('Medium')).toBeInTheDocument();
    rerender(<PasswordStrengthMeter password="abcdefG1!" />);
    expect(screen.getByText('Good')).toBeInTheDocument();
    rerender(<PasswordStrengthMeter password="abcdefG1!xyz-long" />);
    expect(screen.getByText('Strong')).toBeInTheDocument();
  });

  it('checks the new password with the SPEC rules before sending', async () => {
    const stub = start({});
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'other');
    await userEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('Password cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Password must be 8 to 64 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('changes the password after confirmation, with the CSRF token', async () => {
    const stub = start({
      'PATCH /api/v1/settings/account/password': () => ({
        body: { message: 'Password changed successfully.' },
      }),
    });
    await userEvent.type(screen.getByLabelText('Current Password'), 'Admin-pass-1234');
    await userEvent.type(screen.getByLabelText('New Password'), 'New-pass-5678!');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'New-pass-5678!');
    await userEvent.click(screen.getByTestId('password-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(screen.getAllByText('Password changed successfully.').length).toBeGreaterThan(0),
    );
    const patch = stub.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({
      currentPassword: 'Admin-pass-1234',
      newPassword: 'New-pass-5678!',
      newConfirmPassword: 'New-pass-5678!',
    });
    expect(patch.headers.get('x-csrf-token')).toBe('csrf-abc');
  });

  it('shows a wrong current password as an error toast in the words of its code', async () => {
    start({
      'PATCH /api/v1/settings/account/password': () => ({
        status: 400,
        body: { err_message: 'Current password is incorrect.', err_code: 'currentPasswordWrong' },
      }),
    });
    await userEvent.type(screen.getByLabelText('Current Password'), 'nope-nope');
    await userEvent.type(screen.getByLabelText('New Password'), 'New-pass-5678!');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'New-pass-5678!');
    await userEvent.click(screen.getByTestId('password-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
  });

  it('links to the Settings pages kept out of the address list, as far as the user may open them', () => {
    start({});
    expect(screen.getByTestId('settings-link-Company')).toHaveAttribute('href', '/desk/settings/company');
    expect(screen.getByTestId('settings-link-Permission')).toHaveAttribute(
      'href',
      '/desk/settings/permission',
    );
    cleanup();
    const on = { control: { enable: true }, isManagement: false };
    start({}, accountInfo({}, { Settings: on, Account: on }));
    expect(screen.queryByTestId('settings-link-Permission')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeInTheDocument();
  });

  it('edits the profile after confirmation', async () => {
    const stub = start({
      'PATCH /api/v1/settings/account/profile': () => ({ body: { message: 'Profile edited successfully.' } }),
    });
    expect(screen.getByTestId('profile-name')).toHaveTextContent('admin');
    const email = screen.getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Invalid e-mail address.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'ops@example.com');
    await userEvent.click(screen.getByTestId('profile-save'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      email: 'ops@example.com',
      companyName: 'Example Networks',
    });
    expect(await screen.findByText('Profile edited successfully.')).toBeInTheDocument();
  });
});
