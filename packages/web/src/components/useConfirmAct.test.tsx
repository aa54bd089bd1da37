import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { ApiError } from '../api/ApiError.ts';
import { renderWithProviders } from '../test/render.tsx';
import { notificationStore } from './notifications/store.ts';
import { useConfirmAct, type Act } from './useConfirmAct.ts';

function ActButton({ act: request, onDecided }: { act: Act<string>; onDecided: (ok: boolean) => void }) {
  const { act, busy } = useConfirmAct();
  return (
    <Button data-busy={busy} onClick={() => void act(request).then(onDecided)}>
      go
    </Button>
  );
}

const texts = () => notificationStore.getSnapshot().entries.map((n) => [n.level, n.value]);

describe('useConfirmAct', () => {
  beforeEach(() => notificationStore.clear());

  it('asks first, then runs, toasts what the answer says and hands it on', async () => {
    const run = vi.fn(async () => 'answer');
    const then = vi.fn();
    const decided = vi.fn();
    renderWithProviders(
      <ActButton
        act={{ confirm: { message: 'confirmDelete' }, run, done: (a) => `done: ${a}`, then }}
        onDecided={decided}
      />,
    );
    await userEvent.click(screen.getByText('go'));
    expect(await screen.findByTestId('confirm-ok')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(decided).toHaveBeenCalledWith(true));
    expect(run).toHaveBeenCalledTimes(1);
    expect(then).toHaveBeenCalledWith('answer');
    expect(texts()).toEqual([['check', 'done: answer']]);
  });

  it('runs nothing when the user cancels', async () => {
    const run = vi.fn(async () => 'answer');
    const decided = vi.fn();
    renderWithProviders(
      <ActButton act={{ confirm: { message: 'confirmDelete' }, run }} onDecided={decided} />,
    );
    await userEvent.click(screen.getByText('go'));
    await userEvent.click(await screen.findByTestId('confirm-cancel'));
    await waitFor(() => expect(decided).toHaveBeenCalledWith(false));
    expect(run).not.toHaveBeenCalled();
    expect(texts()).toEqual([]);
  });

  it('acts at once without a question and is busy until the call settles', async () => {
    let finish: (value: string) => void = () => undefined;
    const run = () => new Promise<string>((resolve) => (finish = resolve));
    const decided = vi.fn();
    renderWithProviders(<ActButton act={{ run, done: 'Saved' }} onDecided={decided} />);
    await userEvent.click(screen.getByText('go'));
    // The button by its words: the toast that follows brings a Close button of its own.
    const go = () => screen.getByRole('button', { name: 'go' });
    await waitFor(() => expect(go()).toHaveAttribute('data-busy', 'true'));
    finish('ok');
    await waitFor(() => expect(decided).toHaveBeenCalledWith(true));
    expect(go()).toHaveAttribute('data-busy', 'false');
    expect(texts()).toEqual([['check', 'Saved']]);
  });

  it("toasts a plain call's failure in the server's words, and nothing follows", async () => {
    const then = vi.fn();
    const decided = vi.fn();
    const run = () => Promise.reject(new ApiError(409, 'This user is currently used.', undefined));
    renderWithProviders(
      <ActButton act={{ run, done: 'Saved', then, toastErrors: 'applyError' }} onDecided={decided} />,
    );
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(decided).toHaveBeenCalledWith(false));
    expect(then).not.toHaveBeenCalled();
    expect(texts()).toEqual([['error', 'This user is currently used.']]);
  });

  it('leaves the toast of a failed mutation to the query layer', async () => {
    const decided = vi.fn();
    renderWithProviders(
      <ActButton act={{ run: () => Promise.reject(new Error('down')), done: 'Saved' }} onDecided={decided} />,
    );
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(decided).toHaveBeenCalledWith(false));
    expect(texts()).toEqual([]);
  });
});
