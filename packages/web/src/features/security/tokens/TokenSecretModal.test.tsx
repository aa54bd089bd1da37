import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewTokenResponse } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { TokenSecretModal } from './TokenSecretModal.tsx';

const token: NewTokenResponse = {
  id: 7,
  tokenName: 'ci-robot',
  scopes: ['read_api'],
  endDate: '2099-12-31',
  created: Date.UTC(2026, 0, 2),
  expires: Date.UTC(2099, 11, 31, 23, 59, 59, 999),
  lastUsed: null,
  status: 'active',
  token: 'edge_pat_0123456789abcdef',
};

describe('TokenSecretModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the secret once, with a warning, and nothing when there is no new token', () => {
    const { rerender } = renderWithProviders(<TokenSecretModal token={null} onClose={() => undefined} />);
    expect(screen.queryByTestId('token-secret')).toBeNull();
    rerender(<TokenSecretModal token={token} onClose={() => undefined} />);
    expect(screen.getByText('Token ci-robot created')).toBeInTheDocument();
    expect(screen.getByTestId('token-secret')).toHaveValue('edge_pat_0123456789abcdef');
    expect(screen.getByTestId('token-secret')).toHaveAttribute('readonly');
    expect(screen.getByText(/It is shown only this once/)).toBeInTheDocument();
  });

  it('copies the secret to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    // userEvent installs its own clipboard on navigator; this spy replaces it for the test.
    renderWithProviders(<TokenSecretModal token={token} onClose={() => undefined} />);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByTestId('token-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('edge_pat_0123456789abcdef'));
    expect(await screen.findByText('Token copied to the clipboard.')).toBeInTheDocument();
    expect(screen.getByTestId('token-copy')).toHaveTextContent('Copied');
  });

  it('forgets the secret when closed', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TokenSecretModal token={token} onClose={onClose} />);
    await userEvent.click(screen.getByTestId('token-secret-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
