/**
 * The most the console ingests: the fleet restarts with ever shorter report intervals (heartbeat and
 * telemetry per interval per device) until the console no longer takes in what the fleet sends, devices
 * fall offline, or its event loop lags by more than a second. The simulator shares the machine: when it
 * cannot send what the interval asks, the probe stops there and says so.
 */
import type { IngestCapacity, IngestStep } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { startFleetAndWait, stopFleet } from './online.ts';
import { measureWindow } from './steady.ts';

const KEPT_UP = 0.95;
const MAX_LOOP_DELAY_MS = 1000;
/** Below this share of what the interval asks, the simulator is the bottleneck. */
const FLEET_KEPT_UP = 0.85;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function step(ctx: RunContext, intervalS: number): Promise<IngestStep> {
  const { size, ingestWindowS } = ctx.settings;
  await stopFleet(ctx);
  // Ramp over one interval, so reports spread evenly instead of coming in bursts.
  const online = await startFleetAndWait(ctx, intervalS, intervalS * 1000);
  if (!online.reached)
    return {
      intervalS,
      sentPerS: 0,
      ingestedPerS: 0,
      online: online.online,
      loopDelayP99: NaN,
      consoleCpuPct: NaN,
      sustained: false,
      why: 'not all devices came online',
    };
  await sleep((2 * intervalS + 5) * 1000);
  const w = await measureWindow(ctx, Math.max(ingestWindowS, 3 * intervalS));
  const counts = await ctx.console.request({ cmd: 'counts' });
  const asked = (2 * size) / intervalS;
  const result: IngestStep = {
    intervalS,
    sentPerS: w.sentPerS,
    ingestedPerS: w.ingestedPerS,
    online: counts.numOnline,
    loopDelayP99: w.loopDelayP99,
    consoleCpuPct: w.consoleCpuPct,
    sustained: true,
  };
  const why: string[] = [];
  if (w.ingestedPerS < KEPT_UP * w.sentPerS)
    why.push(`ingested ${w.ingestedPerS.toFixed(0)}/s of ${w.sentPerS.toFixed(0)}/s sent`);
  if (counts.numOnline < size) why.push(`${size - counts.numOnline} devices offline`);
  if (w.loopDelayP99 > MAX_LOOP_DELAY_MS) why.push(`event loop p99 ${w.loopDelayP99.toFixed(0)} ms`);
  if (w.sentPerS < FLEET_KEPT_UP * asked)
    why.push(`simulator sent ${w.sentPerS.toFixed(0)}/s of ${asked.toFixed(0)}/s asked`);
  if (why.length > 0) {
    result.sustained = false;
    result.why = why.join('; ');
  }
  ctx.log(
    `  ingest @ ${intervalS} s: ${w.ingestedPerS.toFixed(0)}/s of ${w.sentPerS.toFixed(0)}/s sent, console ${w.consoleCpuPct.toFixed(0)} % CPU` +
      (result.why ? ` -> ${result.why}` : ''),
  );
  return result;
}

export async function probeIngestCapacity(ctx: RunContext): Promise<IngestCapacity> {
  const capacity: IngestCapacity = { sustainedPerS: null, sustainedIntervalS: null, lagged: null, steps: [] };
  for (const intervalS of ctx.settings.ingestSteps) {
    const s = await step(ctx, intervalS);
    capacity.steps.push(s);
    if (!s.sustained) {
      capacity.lagged = s;
      break;
    }
    if (capacity.sustainedPerS === null || s.ingestedPerS > capacity.sustainedPerS) {
      capacity.sustainedPerS = s.ingestedPerS;
      capacity.sustainedIntervalS = intervalS;
    }
  }
  return capacity;
}
