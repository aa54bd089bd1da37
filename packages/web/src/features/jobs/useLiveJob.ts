/**
 * A job as the jobs live channel tells it (protocol LIVE_CHANNELS.jobs): the job and its steps, first all
 * of them, then what changed; and every output line each step streamed while this screen watched (a step
 * keeps only its newest note, so the lines are gathered here as they come).
 */
import { useCallback, useState } from 'react';
import { LIVE_CHANNELS, type JobView, type LiveJob, type StepView } from '@edge/protocol';
import { useChannel } from '../../live/useChannel.ts';

export interface LiveJobState {
  job: JobView | null;
  /** By step id, in the order the job lists them. */
  steps: StepView[];
  /** Step id -> the lines it streamed, in order. */
  lines: Record<number, string[]>;
}

const EMPTY: LiveJobState = { job: null, steps: [], lines: {} };

/** Folds one message of the channel into the state (pure: the unit tests call it). */
export function foldLiveJob(state: LiveJobState, data: LiveJob): LiveJobState {
  const steps = [...state.steps];
  const lines = { ...state.lines };
  // The first message brings what running steps streamed before this screen watched.
  for (const [id, streamed] of Object.entries(data.lines ?? {})) lines[Number(id)] = streamed;
  for (const step of data.steps) {
    const at = steps.findIndex((s) => s.id === step.id);
    const before = at >= 0 ? steps[at] : undefined;
    if (at >= 0) steps[at] = step;
    else steps.push(step);
    // A re-run starts its lines again; a new note of a running step is a new line (the same one again is
    // not: a progress update, or the line the first message already brought).
    const rerun = before !== undefined && step.attempts !== before.attempts;
    if (rerun) lines[step.id] = [];
    if (step.note && step.state === 'running' && (rerun || step.note !== lines[step.id]?.at(-1)))
      lines[step.id] = [...(lines[step.id] ?? []), step.note];
  }
  return { job: data.job ?? state.job, steps, lines };
}

/** Watches job `id` (null: none) live; the state starts again when the id changes. */
export function useLiveJob(id: number | null): LiveJobState {
  const [state, setState] = useState<{ id: number | null; live: LiveJobState }>({ id, live: EMPTY });
  const current = state.id === id ? state.live : EMPTY;
  const onData = useCallback(
    (data: LiveJob) =>
      setState((prev) => ({ id, live: foldLiveJob(prev.id === id ? prev.live : EMPTY, data) })),
    [id],
  );
  useChannel(LIVE_CHANNELS.jobs, id === null ? null : String(id), onData);
  return current;
}
