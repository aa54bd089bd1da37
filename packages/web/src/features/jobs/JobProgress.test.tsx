/** The job widget's pause and resume: Pause while the job runs, Resume while it is paused, none without. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { JobState } from '@edge/protocol';
import { jobView } from '../../test/jobs.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { JobProgress } from './JobProgress.tsx';

const job = (state: JobState) =>
  jobView(state, {
    id: 3,
    title: 'Fleet firewall',
    counts: { queued: 4, succeeded: 1 },
    pausedAt: state === 'paused' ? 5 : null,
  });

function show(state: JobState, withPause = true) {
  const pause = { onPause: vi.fn(), onResume: vi.fn(), busy: false };
  renderWithProviders(
    <JobProgress
      live={{ job: job(state), steps: [], lines: {} }}
      deviceName={(id) => id}
      pause={withPause ? pause : undefined}
    />,
  );
  return pause;
}

describe('job progress: pause and resume', () => {
  it('offers Pause while the job runs', () => {
    const pause = show('running');
    expect(screen.getByTestId('job-state')).toHaveTextContent('Running');
    expect(screen.queryByTestId('job-resume')).toBeNull();
    fireEvent.click(screen.getByTestId('job-pause'));
    expect(pause.onPause).toHaveBeenCalledOnce();
  });

  it('offers Resume while it is paused', () => {
    const pause = show('paused');
    expect(screen.getByTestId('job-state')).toHaveTextContent('Paused');
    expect(screen.queryByTestId('job-pause')).toBeNull();
    fireEvent.click(screen.getByTestId('job-resume'));
    expect(pause.onResume).toHaveBeenCalledOnce();
  });

  it('offers neither once it ended', () => {
    show('succeeded');
    expect(screen.queryByTestId('job-pause')).toBeNull();
    expect(screen.queryByTestId('job-resume')).toBeNull();
  });

  it('offers neither when the feature gives no pause', () => {
    show('running', false);
    expect(screen.queryByTestId('job-pause')).toBeNull();
  });
});
