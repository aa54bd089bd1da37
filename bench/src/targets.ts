/** The targets for a 10,000-device fleet on the 2-core machine, checked against one run. */
import type { Figures } from './figures.ts';

export const TARGETS = {
  onlineWithinS: 60,
  consoleRssMiB: 1024,
  inventoryP99Ms: 50,
  rpcP99Ms: 100,
  /** A ping fanned out to every device: all results in, and inventory/list p99 meanwhile. */
  diagnoseAllResultsS: 60,
  diagnoseListP99Ms: 50,
  /** A policy profile rolled out to every device: done, and inventory/list p99 meanwhile. */
  rolloutDoneS: 180,
  rolloutListP99Ms: 50,
} as const;

/** What this run missed; empty when it met every target it measured. */
export function missedTargets(f: Figures): string[] {
  const missed: string[] = [];
  const storm = f.reconnect ?? f.enrol;
  if (!storm?.reached || (storm.s100 ?? Infinity) > TARGETS.onlineWithinS)
    missed.push(`online within ${TARGETS.onlineWithinS} s`);
  if (f.steady && f.steady.consoleRssMiB >= TARGETS.consoleRssMiB)
    missed.push(`RSS < ${TARGETS.consoleRssMiB} MiB`);
  const inventory = f.api['inventory/list'];
  if (inventory && 'p99' in inventory && inventory.p99 >= TARGETS.inventoryP99Ms)
    missed.push(`inventory p99 < ${TARGETS.inventoryP99Ms} ms`);
  if (f.rpc && (f.rpc.p99 >= TARGETS.rpcP99Ms || f.rpc.failures > 0))
    missed.push(`RPC p99 < ${TARGETS.rpcP99Ms} ms, no failures`);
  if (f.diagnose && f.diagnose.allResultsS > TARGETS.diagnoseAllResultsS)
    missed.push(`ping fan-out results within ${TARGETS.diagnoseAllResultsS} s`);
  if (f.diagnose && f.diagnose.list.p99 >= TARGETS.diagnoseListP99Ms)
    missed.push(`inventory p99 < ${TARGETS.diagnoseListP99Ms} ms during the ping fan-out`);
  if (f.rollout && (f.rollout.allResultsS > TARGETS.rolloutDoneS || f.rollout.failed > 0))
    missed.push(`profile rollout done within ${TARGETS.rolloutDoneS} s`);
  if (f.rollout && f.rollout.list.p99 >= TARGETS.rolloutListP99Ms)
    missed.push(`inventory p99 < ${TARGETS.rolloutListP99Ms} ms during the profile rollout`);
  return missed;
}

/** The fleet held at this size: every device online after the storm, and the console alive throughout. */
export const held = (f: Figures): boolean =>
  f.reconnect?.reached === true && !f.problems.some((p) => p.startsWith('run'));
