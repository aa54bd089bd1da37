/**
 * Slow answers matched with what the console went through at that second (console-timeline.ts): device
 * messages taken in, the longest event-loop stall, garbage collection. Printed under a phase, so the p99
 * comes with its reason.
 */
import type { Second } from './console-timeline.ts';
import type { RunContext } from './run-context.ts';

export interface Sample {
  what: string;
  /** Epoch ms when the request started. */
  at: number;
  ms: number;
}

const SHOW = 4;

/** The simulator's longest event-loop stall since the previous census (its devices send late, together). */
const fleetStall = async (ctx: RunContext): Promise<number> =>
  (await ctx.fleet?.census())?.loop?.maxMs ?? NaN;

export function describeSecond(s: Second | undefined): string {
  if (!s) return 'no record';
  return `that second: ${s.ingested} msgs in, loop stall ${s.loopDelayMaxMs.toFixed(0)} ms, GC ${s.gcMs.toFixed(0)} ms (longest ${s.gcMaxMs.toFixed(0)}), heap ${s.heapUsedMiB.toFixed(0)} MiB, waited ${s.cpuWaitMs.toFixed(0)} ms for a core`;
}

/** `more` adds to each slow sample's line (e.g. what the measuring process itself went through then). */
export async function explainSlowest(
  ctx: RunContext,
  samples: Sample[],
  since: number,
  more: (sample: Sample) => string = () => '',
): Promise<void> {
  if (samples.length === 0) return;
  const timeline = await ctx.console.request({ cmd: 'timeline', at: since - 1000 });
  const busiest = timeline.reduce((a, b) => (b.ingested > a.ingested ? b : a), timeline[0]!);
  const gcMax = timeline.reduce((m, s) => Math.max(m, s.gcMaxMs), 0);
  const stallMax = timeline.reduce((m, s) => Math.max(m, s.loopDelayMaxMs), 0);
  ctx.log(
    `    during the phase: busiest second ${busiest?.ingested ?? 0} msgs, longest stall ${stallMax.toFixed(0)} ms, longest GC ${gcMax.toFixed(0)} ms; simulator's longest stall ${(await fleetStall(ctx)).toFixed(0)} ms`,
  );
  for (const sample of [...samples].sort((a, b) => b.ms - a.ms).slice(0, SHOW)) {
    // The second whose record ends after the request did.
    const second = timeline.find((s) => s.at >= sample.at + sample.ms);
    ctx.log(`    slow: ${sample.what} ${sample.ms.toFixed(0)} ms; ${describeSecond(second)}${more(sample)}`);
  }
}
