/**
 * The devices feature's services, wired together: registry + presence, inbox on the bus, RPC, enrolment,
 * telemetry and the periodic work (offline sweep, batched writes, rollups and pruning).
 */
import type { Secrets } from '../crypto/secrets.ts';
import type { Db } from '../db/schema.ts';
import type { Bus, BusLog } from '../gateway/index.ts';
import { rateLimiter, type RateLimit } from '../gateway/rate-limit.ts';
import { enrolSecretStore } from './enrol-secret.ts';
import { deviceChanges, type ChangeListener } from './changes.ts';
import { deviceRegistry, type DeviceRegistry, type LiveDevice } from './registry.ts';
import { deviceStore } from './store.ts';
import { presence as makePresence } from './presence.ts';
import { presenceFlusher } from './presence-flusher.ts';
import { rpcService, type RpcService } from './rpc.ts';
import { enrolmentService, type EnrolmentService } from './enrolment.ts';
import { groupService, type GroupService } from './groups.ts';
import { telemetryStore } from './telemetry-store.ts';
import { telemetrySampler } from './telemetry-sampler.ts';
import { telemetryHistory, type TelemetryHistory } from './telemetry.ts';
import { eventLog } from './event-log.ts';
import { deviceActions, type DeviceActions } from './actions.ts';
import { openInbox } from './inbox.ts';
import { ingestCounter, type IngestCounts } from './ingest.ts';
import type { DeviceCounts, DeviceUpdate, DeviceView } from './types.ts';

export type * from './types.ts';
export { DeviceRpcError, type CallOptions, type RpcService, type RpcFailure } from './rpc.ts';
export type { EnrolmentService } from './enrolment.ts';
export type { GroupService } from './groups.ts';
export type { DeviceActions } from './actions.ts';
export type { TelemetryHistory, TelemetryPoint } from './telemetry.ts';
export type { IngestCounts } from './ingest.ts';

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
  counts(): DeviceCounts;
  update(deviceId: string, patch: DeviceUpdate): Promise<DeviceView | undefined>;
  /** The same change to many adopted devices; resolves with how many there were. */
  updateMany(deviceIds: string[], patch: DeviceUpdate): Promise<number>;
  /** Every change of every device; returns the function that stops listening. */
  onChange(listener: ChangeListener): () => void;
  /** Device messages taken in since start, by channel (for rates: sample twice and divide by the time between). */
  ingest(): IngestCounts;
  groups: GroupService;
  actions: DeviceActions;
}

export interface TelemetryService {
  history(deviceId: string, range: { from: number; to: number }): Promise<TelemetryHistory>;
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

/**
 * Two steps because the embedded broker needs the registry (to authenticate devices) before the services
 * need the broker: load the registry, start the bus with `registry.authenticator`, then start the services.
 */
export async function loadDeviceRegistry(opts: DeviceServicesOptions) {
  const store = deviceStore(opts.db);
  const changes = deviceChanges(opts.log);
  const registry = deviceRegistry(store, changes);
  if (opts.holdsAllConnections) await store.markAllOffline();
  await registry.load();
  return { store, changes, registry };
}

export async function startDeviceServices(
  opts: DeviceServicesOptions & {
    bus: Bus;
    loaded: Awaited<ReturnType<typeof loadDeviceRegistry>>;
    enrolment: EnrolmentOptions;
  },
): Promise<DeviceServices> {
  const { db, log, bus } = opts;
  const { store, changes, registry } = opts.loaded;
  const timings = { ...DEFAULT_TIMINGS, ...opts.timings };
  const history = telemetryStore(db);

  const rpc = rpcService({ bus, registry, log });
  const presence = makePresence({ registry, changes, log, onOffline: rpc.failDevice });
  const sampler = telemetrySampler(history);
  const events = eventLog({ store: history, registry, changes, log });
  const groups = groupService(store, registry);
  const secret = enrolSecretStore(db, opts.enrolment.secrets);
  await secret.ensure(opts.enrolment.seedSecret);
  const enrolment = enrolmentService({
    secret,
    overall: rateLimiter(opts.enrolment.rate),
    discoveryMax: opts.enrolment.discoveryMax,
    store,
    registry,
    groups,
    bus,
    changes,
    log,
    onRemoved(deviceId) {
      rpc.failDevice(deviceId);
      sampler.forget(deviceId);
    },
  });
  const actions = deviceActions(registry, rpc);
  const series = telemetryHistory(history, { graceMs: timings.pointMs + 60_000 });
  const flusher = presenceFlusher(db, registry);
  const ingest = ingestCounter();

  const stopListening = changes.on((change) => {
    if (change.type === 'heartbeat') actions.reconcileIdle(change.deviceId, change.heartbeat.idle);
  });
  const stopWatchingBroker = bus.onReachability((reachable) => {
    if (reachable) return log.info({}, 'MQTT broker reachable again; devices come back online as they speak');
    log.warn({}, 'MQTT broker lost: every device is unreachable until it speaks again');
    presence.allUnreachable();
  });
  const closeInbox = await openInbox({
    bus,
    registry,
    presence,
    rpc,
    enrolment,
    events,
    sampler,
    changes,
    log,
    ingest,
  });

  const every = (ms: number, what: string, work: () => unknown) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => (busy = false));
    }, ms);
    timer.unref();
    return timer;
  };
  // Per replica, not on the scheduler: each replica sweeps and flushes what only it holds in memory (the
  // presence of its own connections, the points and log lines it took in); another replica cannot do it.
  const timers = [
    every(timings.sweepMs, 'offline sweep', presence.sweep),
    every(timings.presenceFlushMs, 'presence flush', flusher.flush),
    every(timings.pointMs, 'telemetry write', sampler.flush),
    every(timings.logFlushMs, 'device log write', events.flush),
  ];

  const flush = async () => {
    await flusher.flush();
    await sampler.flush();
    await events.flush();
  };

  const directory: DeviceDirectory = {
    get: registry.get,
    list: registry.list,
    scan: registry.all,
    counts: () => registry.counts(),
    update: (id, patch) => registry.update(id, patch),
    updateMany: (ids, patch) => registry.updateMany(ids, patch),
    onChange: (listener) => changes.on(listener),
    ingest: ingest.snapshot,
    groups,
    actions,
  };

  return {
    devices: directory,
    rpc,
    enrolment,
    telemetry: { history: series.history },
    flush,
    maintainTelemetry: series.maintain,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      stopListening();
      stopWatchingBroker();
      await closeInbox();
      rpc.stop();
      await flush();
    },
  };
}

export type { DeviceRegistry, LiveDevice };
export { statusLabel } from './views.ts';
