/**
 * Offline detection: a device drops off the network (its connection cut without a goodbye, as a pulled
 * cable), and the console shows it offline when the broker publishes its last will. Measured from the
 * fleet's drop to the console's offline change, both stamped on this machine's clock.
 */
import { fleetSerial } from '@edge/protocol';
import { summarise, type LatencySummary } from '../stats.ts';
import type { RunContext } from '../run-context.ts';

/** Long enough that the dropped device stays away while the others are measured. */
const AWAY_MS = 120_000;
const WAIT_MS = 30_000;

export async function measureOffline(ctx: RunContext): Promise<LatencySummary> {
  const fleet = ctx.fleet!;
  const { size, drops } = ctx.settings;
  const timings: number[] = [];
  for (let n = 0; n < drops; n++) {
    // Spread over the fleet, away from the first device (the one RPC and the dashboard use most).
    const serial = fleetSerial(ctx.prefix, 2 + Math.floor(((n + 0.5) * (size - 1)) / drops));
    await ctx.console.request({ cmd: 'watchOffline', serial });
    const offline = ctx.console.offlineEvent(serial, WAIT_MS);
    const droppedAt = await fleet.drop(serial, AWAY_MS);
    timings.push((await offline) - droppedAt);
  }
  const figure = summarise(timings);
  ctx.log(
    `  offline detection: p50 ${figure.p50.toFixed(0)} ms, max ${figure.max.toFixed(0)} ms (${drops} drops)`,
  );
  return figure;
}
