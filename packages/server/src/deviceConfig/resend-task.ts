/**
 * The apply engine's retry as a scheduled task: every 10 s the sections still pending are sent to their
 * devices online. The scheduler claims each occurrence once across the replicas sharing a store, so two
 * consoles on one PostgreSQL do not both resend the same change (each on its own timer they did).
 */
import type { SystemTask } from '../scheduler/service.ts';
import type { ApplyEngine } from './engine.ts';

export const RESEND_PENDING_PATTERN = '*/10 * * * * *';

export const resendPendingTask = (
  engine: Pick<ApplyEngine, 'resendPending'>,
  pattern = RESEND_PENDING_PATTERN,
): SystemTask => ({
  name: 'deviceConfig.resendPending',
  pattern,
  // It looks at what is pending now: the occurrences missed while no replica ran are one resend, not many.
  catchUp: false,
  run: () => engine.resendPending(),
});
