/**
 * The restore dialog (SPEC 4: not interruptible once started) over a live socket played by the test: while
 * the job runs it shows the notice and its phase and offers no way out (no close button, no footer, Escape
 * does nothing); once it ended it shows SPEC 8's message or the reason, and closes with its button only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { LIVE_CHANNELS, type JobState, type StepView } from '@edge/protocol';
import { jobView } from '../../test/jobs.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { RestoreProgress } from './RestoreProgress.tsx';

const JOB = 41;
const job = (state: JobState) =>
  jobView(state, {
    id: JOB,
    kind: 'backup.restore',
    title: 'Restore',
    counts: {
      running: state === 'running' ? 1 : 0,
      succeeded: state === 'succeeded' ? 1 : 0,
      failed: state === 'failed' ? 1 : 0,
    },
    finishedAt: state === 'running' ? null : 5,
  });
const step = (state: StepView['state'], note: string | null, reason: string | null = null): StepView => ({
  id: 1,
  deviceId: '0123456789abcdef',
  state,
  wave: 0,
  progress: state === 'running' ? 40 : 100,
  note,
  reason,
  result: null,
  attempts: 1,
  startedAt: 2,
  finishedAt: null,
  updatedAt: 3,
});

function show() {
  const onClose = vi.fn();
  renderWithProviders(<RestoreProgress jobId={JOB} deviceName="Router 9" onClose={onClose} />);
  const socket = FakeSocket.made[0]!;
  socket.open();
  const push = (state: JobState, s: StepView) =>
    socket.push({ channel: LIVE_CHANNELS.jobs, key: String(JOB), data: { job: job(state), steps: [s] } });
  return { onClose, push };
}

const escape = () =>
  fireEvent.keyDown(screen.getByTestId('restore-progress'), { key: 'Escape', code: 'Escape' });
const exits = () => document.querySelectorAll('.ant-modal-close, [data-testid=restore-close]').length;

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the restore dialog', () => {
  it('cannot be left while the restore runs, then closes with its button after SPEC 8 message', () => {
    const { onClose, push } = show();
    // Before the job is heard of it counts as running: locked from the first moment.
    expect(screen.getByTestId('restore-locked')).toHaveTextContent('cannot be interrupted');
    expect(exits()).toBe(0);
    push('running', step('running', 'sections'));
    expect(screen.getByTestId('restore-phase')).toHaveTextContent('Applying the configuration');
    expect(screen.getByTestId('restore-progress')).toHaveAttribute('data-state', 'running');
    escape();
    expect(onClose).not.toHaveBeenCalled();
    expect(exits()).toBe(0);

    push('succeeded', step('succeeded', null));
    expect(screen.getByTestId('restore-done')).toHaveTextContent(
      'Restore successfully. Please click Reboot button to restart the device.',
    );
    expect(screen.queryByTestId('restore-locked')).toBeNull();
    escape();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('restore-close'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says why a restore failed', () => {
    const { push } = show();
    push('failed', step('failed', null, 'The device is offline.'));
    expect(screen.getByTestId('restore-failed')).toHaveTextContent('The device is offline.');
    expect(screen.queryByTestId('restore-locked')).toBeNull();
    expect(screen.getByTestId('restore-close')).toBeInTheDocument();
  });
});
