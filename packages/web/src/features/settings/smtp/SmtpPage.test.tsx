import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmtpSettings } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { accountInfo } from '../../../test/accounts.ts';
import { setCsrfToken } from '../../../api/csrf.ts';
import { accountInfoKey } from '../../account/api.ts';
import { createQueryClient } from '../../../app/queryClient.ts';
import { SmtpPage } from './SmtpPage.tsx';

const saved: SmtpSettings = {
  configured: true,
  smtpHostAddress: 'mail.example.com',
  port: 587,
  secure: false,
  account: '',
  hasPassword: false,
  sender: 'console@example.com',
  userName: '',
  receiverAddress: 'ops@example.com',
};

describe('Settings > SMTP', () => {
  beforeEach(() => setCsrfToken('csrf-abc'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('asks to save the mail server in words about the mail server, not a device restart', async () => {
    const stub = stubFetch({ 'GET /api/v1/settings/smtp': () => ({ body: saved }) });
    vi.stubGlobal('fetch', stub.fetch);
    const queryClient = createQueryClient();
    queryClient.setQueryData(accountInfoKey, accountInfo());
    renderWithProviders(<SmtpPage />, { queryClient });
    await userEvent.click(await screen.findByTestId('smtp-save'));
    expect(await screen.findByText(/sends its e-mail through this server/)).toBeInTheDocument();
    expect(screen.queryByText(/device may restart/)).toBeNull();
    expect(screen.getByTestId('confirm-ok')).toHaveTextContent('Save');
  });
});
