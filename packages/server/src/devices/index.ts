/**
 * The devices feature's services, wired together: registry + presence, inbox on the bus, RPC, enrolment,
 * telemetry and the periodic work (offline sweep, batched writes, rollups and pruning). What it offers is
 * described in services.ts.
 */
import type { Dialect } from '../db/schema.ts';
import type { Bus } from '../gateway/index.ts';
import { rateLimiter } from '../gateway/rate-limit.ts';
import { enrolSecretStore } from './enrol-secret.ts';
import { deviceChanges } from './changes.ts';
import { deviceRegistry, type DeviceRegistry, type LiveDevice } from './registry.ts';
import { deviceStore } from './store.ts';
import { presence as makePresence } from './presence.ts';
import { presenceFlusher } from './presence-flusher.ts';
import { rpcService } from './rpc.ts';
import { enrolmentService } from './enrolment.ts';
import { groupService } from './groups.ts';
import { telemetryStore } from './telemetry-store.ts';
import { telemetrySampler } from './telemetry-sampler.ts';
import { telemetryHistory } from './telemetry.ts';
import { eventLog } from './event-log.ts';
import { deviceActions } from './actions.ts';
import { openInbox } from './inbox.ts';
import { ingestCounter } from './ingest.ts';
import { every } from './periodic.ts';
import { deviceDirectory } from './directory.ts';
import {
  DEFAULT_TIMINGS,
  type DeviceServices,
  type DeviceServicesOptions,
  type EnrolmentOptions,
} from './services.ts';
import { recordEvent } from '../activity/events.ts';

export type * from './types.ts';
export * from './services.ts';
export { DeviceRpcError, type CallOptions, type RpcService, type RpcFailure } from './rpc.ts';
export type { EnrolmentService } from './enrolment.ts';
export type { GroupService } from './groups.ts';
export type { DeviceActions } from './actions.ts';
export type { TelemetryHistory, TelemetryPoint } from './telemetry.ts';
export type { Resolution } from './telemetry-store.ts';
export { SERIES_WIDTH_MS } from './telemetry-store.ts';
export type { IngestCounts } from './ingest.ts';

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
    dialect: Dialect;
  },
): Promise<DeviceServices> {
  const { db, log, bus } = opts;
  const { store, changes, registry } = opts.loaded;
  const timings = { ...DEFAULT_TIMINGS, ...opts.timings };
  const history = telemetryStore(db, opts.dialect);

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
    audit: (event) => recordEvent(db, event),
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

  // Per replica, not on the scheduler (periodic.ts says why).
  const timers = [
    every(timings.sweepMs, 'offline sweep', presence.sweep, log),
    every(timings.presenceFlushMs, 'presence flush', flusher.flush, log),
    every(timings.pointMs, 'telemetry write', sampler.flush, log),
    every(timings.logFlushMs, 'device log write', events.flush, log),
  ];

  const flush = async () => {
    await flusher.flush();
    await sampler.flush();
    await events.flush();
  };

  return {
    devices: deviceDirectory({ registry, changes, ingest, groups, actions }),
    rpc,
    enrolment,
    telemetry: { history: series.history, aggregate: series.aggregate, resolutionFor: series.resolutionFor },
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
