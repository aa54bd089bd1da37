/** What the jobs feature tells listeners (a live channel later): a job or one of its steps changed. */
import type { JobView, StepView } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';

export type JobChange = { type: 'job'; job: JobView } | { type: 'step'; jobId: number; step: StepView };
export type JobChangeListener = (change: JobChange) => void;

export function jobChanges(log: BusLog) {
  const listeners = new Set<JobChangeListener>();
  return {
    /** Returns the function that stops listening. */
    on(listener: JobChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change: JobChange): void {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (err) {
          log.error({ err }, 'job change listener failed');
        }
      }
    },
  };
}
export type JobChanges = ReturnType<typeof jobChanges>;
