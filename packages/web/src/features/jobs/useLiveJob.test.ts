import { describe, expect, it } from 'vitest';
import type { JobView, StepView } from '@edge/protocol';
import { foldLiveJob, type LiveJobState } from './useLiveJob.ts';

const job = { id: 7, state: 'running' } as JobView;
const step = (patch: Partial<StepView>): StepView =>
  ({ id: 1, deviceId: 'd1', state: 'running', note: null, attempts: 1, progress: 0, ...patch }) as StepView;
const empty: LiveJobState = { job: null, steps: [], lines: {} };

describe('the live job fold', () => {
  it('keeps every line a running step streams, once each, and the job as it changes', () => {
    let state = foldLiveJob(empty, { job, steps: [step({})] });
    state = foldLiveJob(state, { steps: [step({ note: 'line 1', progress: 25 })] });
    state = foldLiveJob(state, { steps: [step({ note: 'line 1', progress: 30 })] });
    state = foldLiveJob(state, { steps: [step({ note: 'line 2', progress: 50 })] });
    state = foldLiveJob(state, { steps: [step({ id: 2, deviceId: 'd2', note: 'other' })] });
    state = foldLiveJob(state, { steps: [step({ note: 'line 2', state: 'succeeded', progress: 100 })] });
    state = foldLiveJob(state, { job: { ...job, state: 'succeeded' }, steps: [] });
    expect(state.lines).toEqual({ 1: ['line 1', 'line 2'], 2: ['other'] });
    expect(state.steps.map((s) => [s.id, s.state])).toEqual([
      [1, 'succeeded'],
      [2, 'running'],
    ]);
    expect(state.job?.state).toBe('succeeded');
  });

  it('starts the lines again when a step is run again', () => {
    let state = foldLiveJob(empty, { job, steps: [step({ note: 'old', state: 'running' })] });
    state = foldLiveJob(state, { steps: [step({ note: 'old', state: 'failed' })] });
    state = foldLiveJob(state, { steps: [step({ note: null, state: 'queued', attempts: 2 })] });
    state = foldLiveJob(state, { steps: [step({ note: 'new', attempts: 2 })] });
    expect(state.lines[1]).toEqual(['new']);
  });

  it('starts from the lines the first message brings, without repeating the newest one', () => {
    let state = foldLiveJob(empty, {
      job,
      steps: [step({ note: 'line 1' })],
      lines: { 1: ['line 0', 'line 1'] },
    });
    state = foldLiveJob(state, { steps: [step({ note: 'line 1', progress: 40 })] });
    state = foldLiveJob(state, { steps: [step({ note: 'line 2', progress: 60 })] });
    expect(state.lines[1]).toEqual(['line 0', 'line 1', 'line 2']);
  });
});
