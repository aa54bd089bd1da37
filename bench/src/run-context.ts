/** What the phases of one run share: the console child, the fleet child of the moment, and the settings. */
import type { EnrolProof } from './fleet-child.ts';
import type { Backend } from './backends.ts';
import type { ConsoleChild } from './console-child.ts';
import type { FleetChild } from './fleet-child.ts';

/** The fleet-wide job fan-outs, in the order a run measures them. */
export const FANOUTS = ['ping', 'rollout', 'deploy', 'backup'] as const;
export type Fanout = (typeof FANOUTS)[number];

export interface RunSettings {
  size: number;
  /** Report interval of the steady phase, seconds (SPEC: 5, 30 or 60). */
  intervalS: number;
  /** Spread of the fleet's first connections; 0 is a true reconnect storm. */
  rampMs: number;
  /** Measuring window of the steady phase. */
  steadyS: number;
  /** Give up waiting for the fleet to come online after this long. */
  onlineTimeoutS: number;
  apiRequests: number;
  rpcCalls: number;
  drops: number;
  /** Device terminals open at once in the terminals phase (0 skips it). */
  terminals: number;
  /**
   * Keys each terminal types, one every 100 ms. The p99 counts every key typed: a phase of a few seconds
   * holds one stall or none, so its p99 says more about luck than about the console.
   */
  terminalKeys: number;
  /** MiB downloaded through a jump link to a real agent in the jump phase (0 skips it). */
  jumpMib: number;
  /** The job fan-outs that run, in this order (diagnose ping, profile rollout, deploy, backup); empty skips them. */
  fanouts: Fanout[];
  /** Report intervals of the ingest-capacity probe, longest first; empty skips it. */
  ingestSteps: number[];
  ingestWindowS: number;
  /**
   * Seconds the API latency samples are spread over; undefined: one report interval. Longer windows take in
   * the console's own periodic work (the telemetry write every minute, the history maintenance every 5).
   */
  apiWindowS?: number;
  /** Node/V8 flags of the console process. */
  consoleNodeFlags: string[];
  /** Simulator processes the fleet is spread over; undefined: one per 2,500 devices, at most one per core. */
  fleetProcesses: number | undefined;
  /**
   * Scheduling niceness of the simulator processes (0-19). Real devices bring their own CPUs; on the
   * bench's shared cores a simulator at the console's priority takes turns with it, and the console's
   * answers then wait for a core rather than for its own work.
   */
  fleetNice: number;
  /** Source addresses of the fleet's sockets, e.g. 127.0.0.2-127.0.0.17. */
  localAddresses: string | undefined;
  /** Write CPU profiles of the console (and fleet) here. */
  profileDir: string | undefined;
  /** Write a heap snapshot of the console here after the load phases. */
  heapSnapshotDir: string | undefined;
  adminPassword: string;
}

export interface RunContext {
  settings: RunSettings;
  backend: Backend;
  console: ConsoleChild;
  /** Serial prefix of this run's fleet (unique: runs sharing an external broker never meet). */
  prefix: string;
  /** The fleet's identities, kept across its restarts. */
  stateFile: string;
  /** What the fleet enrols with: the console's enrolment secret and the claim code its serials are listed with. */
  proof: EnrolProof;
  fleet: FleetChild | null;
  log(line: string): void;
}
