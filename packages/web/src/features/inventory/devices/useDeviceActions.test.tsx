import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { ACTION, useDeviceActions } from './useDeviceActions.ts';

function ClearIdle() {
  const { run } = useDeviceActions();
  return (
    <button type="button" onClick={() => void run(ACTION.CLEAR_IDLE, { id: 'd9', name: 'DEMO-000009' })}>
      go
    </button>
  );
}

describe('device actions', () => {
  it('labels the confirmation of taking a device out of idle with what OK does', async () => {
    renderWithProviders(<ClearIdle />);
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText(/End idle for DEMO-000009\?/)).toBeInTheDocument();
    const ok = screen.getByTestId('confirm-ok');
    expect(ok).toHaveTextContent('End idle');
    expect(ok).not.toHaveTextContent(/Leave/);
  });
});
