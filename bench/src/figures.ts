/** What one benchmark run (one backend, one fleet size) measured. Times in seconds, latencies in ms. */
import type { LatencySummary } from './stats.ts';

export interface OnlineFigure {
  /** All devices came online before the timeout. */
  reached: boolean;
  /** Devices online at the console when the phase ended. */
  online: number;
  /** Seconds from the fleet's start until half, nine tenths and all of it were online at the console. */
  s50: number | null;
  s90: number | null;
  s100: number | null;
}

export interface SteadyFigure {
  windowS: number;
  consoleCpuPct: number;
  /** Milliseconds per second the console's main thread was ready to run but waited for a core. */
  consoleCpuWaitMsPerS: number;
  consoleRssMiB: number;
  /** Of which the JavaScript heap in use. */
  consoleHeapMiB: number;
  /** Memory V8 knows of outside its heap: Buffers and ArrayBuffers (sockets, payloads). */
  consoleExternalMiB: number;
  /** Share of the window the console spent collecting garbage, %. */
  consoleGcPct: number;
  /** Console RSS after start and provisioning, before any device connected. */
  consoleIdleRssMiB: number;
  /** (steady RSS - idle RSS) / devices. */
  consoleKiBPerDevice: number;
  fleetCpuPct: number;
  fleetRssMiB: number;
  fleetKiBPerDevice: number;
  heartbeatsPerS: number;
  telemetryPerS: number;
  /** Device messages the fleet published per second in the window. */
  sentPerS: number;
  /** Device messages the console took in per second (all uplink channels but the presence word). */
  ingestedPerS: number;
  loopDelayP99: number;
  /** The simulator's event-loop delay over the window: when it stalls, its devices' messages arrive together. */
  fleetLoopP99Ms: number;
  fleetLoopMaxMs: number;
}

export interface IngestStep {
  intervalS: number;
  sentPerS: number;
  ingestedPerS: number;
  online: number;
  loopDelayP99: number;
  consoleCpuPct: number;
  sustained: boolean;
  why?: string;
}

export interface IngestCapacity {
  /** Highest ingest rate that kept up (messages/s), and the report interval that produced it. */
  sustainedPerS: number | null;
  sustainedIntervalS: number | null;
  /** The first step that did not keep up, if any. */
  lagged: IngestStep | null;
  steps: IngestStep[];
}

/** A job over the whole fleet: Diagnose's ping, a profile rollout, an Application deploy, a backup (phases/job-under-load.ts). */
export interface JobUnderLoadFigure {
  devices: number;
  succeeded: number;
  failed: number;
  /** How long the request took to answer with the job. */
  answeredMs: number;
  /** From the job's creation until every device's result was stored. */
  allResultsS: number;
  /** inventory/list while the job ran; a request left unanswered counts at the timeout. */
  list: LatencySummary;
  /** inventory/list requests that got no answer within the client's timeout. */
  listTimeouts: number;
}

/** A latency figure, or why there is none (route missing, phase skipped). */
export type Latency = LatencySummary | { missing: string };

/** Terminals open at once on simulated devices (phases/terminals.ts). */
export interface TerminalFigure {
  terminals: number;
  /** From asking for every socket to every shell's prompt, s. */
  openS: number;
  /** A key sent by a browser until its echo came back to it, ms. */
  echo: LatencySummary;
  /** The console's RSS growth over the open sessions, per session. */
  kibPerSession: number;
}

/** A download through a jump link to a real agent's HTTP server (phases/jump-download.ts). */
export interface JumpFigure {
  mib: number;
  seconds: number;
  mbitPerS: number;
  rssBeforeMiB: number;
  /** The console's highest RSS while the download ran. */
  rssPeakMiB: number;
  rssAfterMiB: number;
}

export interface Figures {
  backend: string;
  transport: string;
  size: number;
  enrol: OnlineFigure | null;
  reconnect: OnlineFigure | null;
  steady: SteadyFigure | null;
  api: Record<string, Latency>;
  rpc: (LatencySummary & { failures: number }) | null;
  offline: LatencySummary | null;
  /** Heap in use after a full collection at the end of the load phases: what the console keeps, MiB. */
  liveHeapMiB: number | null;
  ingest: IngestCapacity | null;
  diagnose: JobUnderLoadFigure | null;
  rollout: JobUnderLoadFigure | null;
  deploy: JobUnderLoadFigure | null;
  /** Backup now over the whole fleet, one job (phases/backup-fanout.ts). */
  backup: JobUnderLoadFigure | null;
  terminals: TerminalFigure | null;
  jump: JumpFigure | null;
  /** What went wrong or fell short; an empty list means every phase ran. */
  problems: string[];
}

export const emptyFigures = (backend: string, transport: string, size: number): Figures => ({
  backend,
  transport,
  size,
  enrol: null,
  reconnect: null,
  steady: null,
  api: {},
  rpc: null,
  offline: null,
  liveHeapMiB: null,
  ingest: null,
  diagnose: null,
  rollout: null,
  deploy: null,
  backup: null,
  terminals: null,
  jump: null,
  problems: [],
});
