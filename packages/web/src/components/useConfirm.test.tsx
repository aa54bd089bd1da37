import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { renderWithProviders } from '../test/render.tsx';
import { useConfirm } from './useConfirm.tsx';

function DeleteButton({ action, onDecided }: { action: () => unknown; onDecided: (ok: boolean) => void }) {
  const { confirmThen } = useConfirm();
  return (
    <Button
      onClick={() => void confirmThen({ message: 'confirmDelete', danger: true }, action).then(onDecided)}
    >
      delete
    </Button>
  );
}

describe('useConfirm', () => {
  it('runs the action only after OK', async () => {
    const action = vi.fn();
    const decided = vi.fn();
    renderWithProviders(<DeleteButton action={action} onDecided={decided} />);
    await userEvent.click(screen.getByText('delete'));
    expect(
      await screen.findByText('Are you sure you want to delete this item? It cannot be recovered.'),
    ).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(decided).toHaveBeenCalledWith(true));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('does nothing on Cancel', async () => {
    const action = vi.fn();
    const decided = vi.fn();
    renderWithProviders(<DeleteButton action={action} onDecided={decided} />);
    await userEvent.click(screen.getByText('delete'));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(decided).toHaveBeenCalledWith(false));
    expect(action).not.toHaveBeenCalled();
  });
});
