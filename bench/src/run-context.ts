/** What the phases of one run share: the console child, the fleet child of the moment, and the settings. */
import type { EnrolProof } from './fleet-child.ts';
import type { Backend } from './backends.ts';
import type { ConsoleChild } from './console-child.ts';
import type { FleetChild } from './fleet-child.ts';

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
  /** Whether the job fan-outs (diagnose, profile rollout, deploy, backup) run. */
  fanouts: boolean;
  /** Report intervals of the ingest-capacity probe, longest first; empty skips it. */
  ingestSteps: number[];
  ingestWindowS: number;
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
