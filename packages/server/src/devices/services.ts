/** What the devices feature offers the rest of the console, and what starting it takes. */
import type { Secrets } from '../crypto/secrets.ts';
import type { Db } from '../db/schema.ts';
import type { BusLog } from '../gateway/index.ts';
import type { RateLimit } from '../gateway/rate-limit.ts';
import type { ChangeListener } from './changes.ts';
import type { LiveDevice } from './registry.ts';
import type { RpcService } from './rpc.ts';
import type { EnrolmentService } from './enrolment.ts';
import type { GroupService } from './groups.ts';
import type { TelemetryHistory } from './telemetry.ts';
import type { Resolution } from './telemetry-store.ts';
import type { StatisticsAggregate } from '@edge/protocol';
import type { DeviceActions } from './actions.ts';
import type { IngestCounts } from './ingest.ts';
import type { DeviceCounts, DeviceUpdate, DeviceView } from './types.ts';

/** How often the periodic work runs; tests shorten them. */
export interface DeviceTimings {
  /** Offline detection sweep. */
  sweepMs: number;
  /** Live state -> devices table. */
  presenceFlushMs: number;
  /** Averaging window of telemetry points. */
  pointMs: number;
  /** Device log lines -> device_logs. */
  logFlushMs: number;
}

export const DEFAULT_TIMINGS: DeviceTimings = {
  sweepMs: 1000,
  presenceFlushMs: 5000,
  pointMs: 60_000,
  logFlushMs: 2000,
};

/** The inventory-facing face of the registry. */
export interface DeviceDirectory {
  get(deviceId: string): DeviceView | undefined;
  list(): DeviceView[];
  /**
   * Every adopted device as the registry holds it, without copying: for scans over the whole fleet (the
   * inventory list at 10,000 devices). Read only; `get` gives the view of the ones kept.
   */
  scan(): Iterable<Readonly<LiveDevice>>;
  /** Changes whenever a device is adopted or removed (not on other changes): whether a scan would meet others. */
  membership(): number;
  /** Changes with the membership and whenever a device's record says something new: whether an order by records holds. */
  recordsVersion(): number;
  counts(): DeviceCounts;
  update(deviceId: string, patch: DeviceUpdate): Promise<DeviceView | undefined>;
  /** The same change to many adopted devices; resolves with how many there were. */
  updateMany(deviceIds: string[], patch: DeviceUpdate): Promise<number>;
  /** Marks the devices no licence covers (License Lock); every other device is unmarked. */
  setLicenseLocks(locked: ReadonlySet<string>): void;
  /** Every change of every device; returns the function that stops listening. */
  onChange(listener: ChangeListener): () => void;
  /** Device messages taken in since start, by channel (for rates: sample twice and divide by the time between). */
  ingest(): IngestCounts;
  groups: GroupService;
  actions: DeviceActions;
}

export interface TelemetryService {
  history(
    deviceId: string,
    range: { from: number; to: number },
    resolution?: Resolution,
  ): Promise<TelemetryHistory>;
  /**
   * One metric (API name) of devices (null: every device) per bucket of the resolution, the figures asked
   * computed by the database over the devices' values in each bucket, in time order.
   */
  aggregate<A extends StatisticsAggregate>(
    resolution: Resolution,
    name: string,
    deviceIds: readonly string[] | null,
    range: { from: number; to: number },
    aggregates: readonly A[],
  ): Promise<({ ts: number } & Record<A, number>)[]>;
  /** The resolution the range calls for now (telemetry.ts). */
  resolutionFor(range: { from: number; to: number }): Resolution;
}

export interface DeviceServices {
  devices: DeviceDirectory;
  rpc: RpcService;
  enrolment: EnrolmentService;
  telemetry: TelemetryService;
  /** Writes everything still in memory now (tests, shutdown). */
  flush(): Promise<void>;
  /**
   * Telemetry rollups and pruning: the same work for every replica, so the scheduler runs it, claimed once
   * per occurrence across replicas.
   */
  maintainTelemetry(): Promise<void>;
  stop(): Promise<void>;
}

export interface DeviceServicesOptions {
  db: Db;
  log: BusLog;
  /**
   * This console is the broker (embedded): at start it holds no device connection, so every device is
   * offline in the database too until it speaks. With an external broker other replicas may hold them.
   */
  holdsAllConnections?: boolean;
  timings?: Partial<DeviceTimings>;
}

/** What enrolment needs beyond the store and the bus (issue 13: proof, limits). */
export interface EnrolmentOptions {
  /** Seals the organisation's enrolment secret. */
  secrets: Secrets;
  /** The enrolment secret made at first start (ENROL_SECRET); unset: a random one. */
  seedSecret?: string;
  /** Enrolment requests taken per second, whatever their source. */
  rate: RateLimit;
  /** Devices waiting in Discovery at most. */
  discoveryMax: number;
}
