/**
 * Cold starts: the fleet starts (all devices at once unless a ramp is set) and the console counts them
 * online. The first start enrols every device (pre-provisioned serials, adopted on sight); a restart of the
 * fleet with the identities it kept is the reconnect storm a console sees after an outage.
 */
import os from 'node:os';
import { onCleanup } from '../cleanup.ts';
import { fleetProcessesFor, startFleetGroup } from '../fleet-group.ts';
import type { OnlineFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';

/** Time the fleet process may take to start before its devices do (tsx, building N clients). */
const FLEET_START_ALLOWANCE_MS = 60_000;

const seconds = (at: number | null, from: number) => (at === null ? null : Math.max(0, at - from) / 1000);

export async function startFleetAndWait(
  ctx: RunContext,
  intervalS: number,
  rampMs: number,
): Promise<OnlineFigure> {
  const { settings } = ctx;
  const waitMs = settings.onlineTimeoutS * 1000 + FLEET_START_ALLOWANCE_MS;
  const progress = ctx.console.request(
    { cmd: 'waitOnline', target: settings.size, timeoutMs: waitMs },
    waitMs + 30_000,
  );
  const fleet = await startFleetGroup({
    processes: settings.fleetProcesses ?? fleetProcessesFor(settings.size, os.availableParallelism()),
    target: ctx.backend.deviceTarget(ctx.console.url, ctx.console.tcpPort),
    count: settings.size,
    prefix: ctx.prefix,
    intervalS,
    rampMs,
    stateFile: ctx.stateFile,
    localAddresses: settings.localAddresses,
    cpuProfDir: settings.profileDir,
    nice: settings.fleetNice,
    proof: ctx.proof,
  });
  // Stopped by stopFleet, or by the cleanup if the run ends first.
  const stop = onCleanup('fleet child', () => fleet.stop());
  ctx.fleet = { ...fleet, stop };
  const reached = await progress;
  const figure: OnlineFigure = {
    reached: reached.reached,
    online: reached.counts.numOnline,
    s50: seconds(reached.at50, fleet.startedAt),
    s90: seconds(reached.at90, fleet.startedAt),
    s100: seconds(reached.at100, fleet.startedAt),
  };
  const { counts } = await ctx.console.request({ cmd: 'ingest' });
  ctx.log(
    `  online: ${figure.online}/${settings.size}` +
      ` (enrol requests so far ${counts.accepted.enrol ?? 0}, hellos ${counts.accepted.hello ?? 0})` +
      (figure.s100 !== null
        ? ` in ${figure.s100.toFixed(1)} s`
        : ` (not all within ${settings.onlineTimeoutS} s)`),
  );
  return figure;
}

/** Stops the fleet (each device says goodbye) and waits for the console to see them all offline. */
export async function stopFleet(ctx: RunContext): Promise<void> {
  const fleet = ctx.fleet;
  if (!fleet) return;
  ctx.fleet = null;
  await fleet.stop();
  const gone = await ctx.console.request({ cmd: 'waitOffline', atMost: 0, timeoutMs: 120_000 }, 150_000);
  if (!gone.reached)
    ctx.log(`  warning: ${gone.counts.numOnline} devices still online after the fleet stopped`);
}
