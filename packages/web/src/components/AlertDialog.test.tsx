import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { AlertDialog } from './AlertDialog.tsx';

describe('AlertDialog', () => {
  it('shows a coded message with its title, warning icon and a Cancel button', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <AlertDialog open message="irreversible" kind="warning" title="confirmation" onCancel={onCancel} />,
    );
    expect(await screen.findByText('This operation will not be able to revert')).toBeInTheDocument();
    expect(screen.getByText('Confirmation')).toBeInTheDocument();
    expect(document.querySelector('.alert-icon-warning')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows a plain string as it is, with an info icon', async () => {
    const onOk = vi.fn();
    renderWithProviders(
      <AlertDialog
        open
        message="Restore finished."
        kind="info"
        title="success"
        onOk={onOk}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByText('Restore finished.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(document.querySelector('.alert-icon-info')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalled();
  });
});
