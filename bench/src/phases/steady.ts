/**
 * Steady state: the whole fleet online, reporting at the chosen interval. Over one window, the console's
 * and the fleet's CPU and memory (from /proc), and the messages the fleet sent and the console took in.
 */
import { cpuPercent, cpuWaitMsPerS, readProc, readProcs, type ProcReading } from '../proc-sampler.ts';
import type { IngestCounts, IngestReading } from '../control-protocol.ts';
import type { Census } from '../fleet-child.ts';
import type { SteadyFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Device messages taken in: every uplink channel but the presence word (the fleet does not count it). */
export const ingested = (c: IngestCounts): number =>
  Object.entries(c.accepted).reduce(
    (sum, [channel, n]) => (channel === 'status' || channel === 'enrol' ? sum : sum + (n ?? 0)),
    0,
  );

export interface Snapshot {
  console: ProcReading;
  fleet: ProcReading;
  ingest: IngestReading;
  census: Census;
}

export async function snapshot(ctx: RunContext): Promise<Snapshot> {
  const fleet = ctx.fleet!;
  const [ingest, census] = await Promise.all([ctx.console.request({ cmd: 'ingest' }), fleet.census()]);
  return { console: readProc(ctx.console.pid), fleet: readProcs(fleet.pids), ingest, census };
}

export interface Window {
  seconds: number;
  consoleCpuPct: number;
  consoleCpuWaitMsPerS: number;
  fleetCpuPct: number;
  sentPerS: number;
  ingestedPerS: number;
  heartbeatsPerS: number;
  telemetryPerS: number;
  loopDelayP99: number;
  gcPct: number;
  end: Snapshot;
}

/** Measures over `windowS` seconds from now. */
export async function measureWindow(ctx: RunContext, windowS: number): Promise<Window> {
  const start = await snapshot(ctx);
  await sleep(windowS * 1000);
  const end = await snapshot(ctx);
  const s = (end.ingest.at - start.ingest.at) / 1000;
  const per = (a: number | undefined, b: number | undefined) => ((b ?? 0) - (a ?? 0)) / s;
  return {
    seconds: s,
    consoleCpuPct: cpuPercent(start.console, end.console),
    consoleCpuWaitMsPerS: cpuWaitMsPerS(start.console, end.console),
    fleetCpuPct: cpuPercent(start.fleet, end.fleet),
    sentPerS: (end.census.sent - start.census.sent) / ((end.census.at - start.census.at) / 1000),
    ingestedPerS: per(ingested(start.ingest.counts), ingested(end.ingest.counts)),
    heartbeatsPerS: per(start.ingest.counts.accepted.heartbeat, end.ingest.counts.accepted.heartbeat),
    telemetryPerS: per(start.ingest.counts.accepted.telemetry, end.ingest.counts.accepted.telemetry),
    loopDelayP99: end.ingest.loopDelayP99,
    gcPct: ((end.ingest.gcTotalMs - start.ingest.gcTotalMs) / 1000 / s) * 100,
    end,
  };
}

export async function measureSteady(ctx: RunContext, idleRssBytes: number): Promise<SteadyFigure> {
  const w = await measureWindow(ctx, ctx.settings.steadyS);
  const n = ctx.settings.size;
  const figure: SteadyFigure = {
    windowS: w.seconds,
    consoleCpuPct: w.consoleCpuPct,
    consoleCpuWaitMsPerS: w.consoleCpuWaitMsPerS,
    consoleRssMiB: w.end.console.rssBytes / MiB,
    consoleHeapMiB: w.end.ingest.memory.heapUsed / MiB,
    consoleExternalMiB: w.end.ingest.memory.external / MiB,
    consoleGcPct: w.gcPct,
    consoleIdleRssMiB: idleRssBytes / MiB,
    consoleKiBPerDevice: (w.end.console.rssBytes - idleRssBytes) / 1024 / n,
    fleetCpuPct: w.fleetCpuPct,
    fleetRssMiB: w.end.fleet.rssBytes / MiB,
    fleetKiBPerDevice: w.end.fleet.rssBytes / 1024 / n,
    heartbeatsPerS: w.heartbeatsPerS,
    telemetryPerS: w.telemetryPerS,
    sentPerS: w.sentPerS,
    ingestedPerS: w.ingestedPerS,
    loopDelayP99: w.loopDelayP99,
    fleetLoopP99Ms: w.end.census.loop?.p99Ms ?? NaN,
    fleetLoopMaxMs: w.end.census.loop?.maxMs ?? NaN,
  };
  ctx.log(
    `  steady: console ${figure.consoleCpuPct.toFixed(0)} % CPU (waited ${figure.consoleCpuWaitMsPerS.toFixed(0)} ms/s for a core), ${figure.consoleRssMiB.toFixed(0)} MiB ` +
      `(heap ${figure.consoleHeapMiB.toFixed(0)} MiB, external ${figure.consoleExternalMiB.toFixed(0)} MiB, GC ${figure.consoleGcPct.toFixed(1)} %); ` +
      `fleet ${figure.fleetCpuPct.toFixed(0)} % CPU, ${figure.fleetRssMiB.toFixed(0)} MiB; ` +
      `ingest ${figure.ingestedPerS.toFixed(0)}/s of ${figure.sentPerS.toFixed(0)}/s sent`,
  );
  return figure;
}
