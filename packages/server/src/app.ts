/**
 * Builds the console: the core (store, HTTP layer, guard, live hub, device bus and services, jobs and the
 * scheduler), then the feature modules in FEATURES order. main.ts and the tests both start from here.
 * A new feature is a folder with its module.ts (modules/module.ts) and one line in FEATURES.
 */
import type { FastifyInstance } from 'fastify';
import { burstOf, type Config } from './config.ts';
import { openStore, type Store } from './db/database.ts';
import { lowerHelperThreads } from './process/helper-threads.ts';
import { limitHeapGrowth } from './process/heap-growth.ts';
import { httpLayer } from './http/server.ts';
import { registerWebConsole } from './http/spa.ts';
import type { RouteEntry } from './http/route-table.ts';
import { anonymousLimit } from './http/anonymous-limit.ts';
import { sessions as makeSessions } from './auth/sessions.ts';
import { registerGuard } from './auth/guard.ts';
import { registerActivityRecorder } from './activity/recorder.ts';
import { isEmbedded, startBus, type Bus } from './gateway/index.ts';
import { MQTT_WEBSOCKET_PATH } from './gateway/websocket.ts';
import { liveHub } from './live/hub.ts';
import { closingLiveSockets } from './live/session-ends.ts';
import { loadDeviceRegistry, startDeviceServices, type DeviceServices } from './devices/index.ts';
import { loadSecrets, type Secrets } from './crypto/secrets.ts';
import { aclService } from './acl/service.ts';
import { tokenService } from './tokens/service.ts';
import type { ConfigService } from './deviceConfig/index.ts';
import { startJobs, type JobService } from './jobs/index.ts';
import { schedulerService, type Scheduler } from './scheduler/service.ts';
import type { FeatureModule } from './modules/module.ts';
import { startModules } from './modules/start.ts';
import { healthModule } from './health/module.ts';
import { variableModule } from './variable/module.ts';
import { uploadsModule } from './uploads/module.ts';
import { rolesModule } from './roles/module.ts';
import { usersModule } from './users/module.ts';
import { brandingModule } from './branding/module.ts';
import { authModule } from './auth/module.ts';
import { webauthnModule } from './webauthn/module.ts';
import { accountModule } from './account/module.ts';
import { tokensModule } from './tokens/module.ts';
import { aclModule } from './acl/module.ts';
import { securityModule } from './security/module.ts';
import { activityModule } from './activity/module.ts';
import { companyModule } from './company/module.ts';
import { networkModule } from './network/module.ts';
import { notificationsModule } from './notifications/module.ts';
import { smtpModule } from './smtp/module.ts';
import { licenseModule } from './license/module.ts';
import { upgradeModule } from './upgrade/module.ts';
import { deviceConfigModule } from './deviceConfig/module.ts';
import { deviceSettingsModule } from './deviceSettings/module.ts';
import { inventoryModule } from './inventory/module.ts';
import { provisionModule } from './provision/module.ts';
import { liveModule } from './live/module.ts';
import { jobsModule } from './jobs/module.ts';
import { isDiskFull } from './db/disk-full.ts';
import { diagnoseModule } from './diagnose/module.ts';
import { backupModule } from './backup/module.ts';
import { scheduleModule } from './schedule/module.ts';
import { logsModule } from './logs/module.ts';
import { messagesModule } from './messages/module.ts';
import { todoModule } from './todo/module.ts';
import { notifyModule } from './notify/module.ts';
import { authConnectModule } from './authConnect/module.ts';
import { profilesModule } from './profiles/module.ts';
import { statisticsModule } from './statistics/module.ts';
import { dashboardModule } from './dashboard/module.ts';
import { clientsModule } from './clients/module.ts';
import { terminalModule } from './terminal/module.ts';
import type { TerminalRelay } from './terminal/relay.ts';
import { proxyModule } from './proxy/module.ts';
import { applicationModule } from './application/module.ts';
import { sdwanModule } from './sdwan/module.ts';
import type { SdwanService } from './sdwan/service.ts';
import { guideModule } from './guide/module.ts';
import { consoleBackupModule } from './consoleBackup/module.ts';
import type { ConsoleBackupService } from './consoleBackup/service.ts';

/**
 * The features, in start order: a module may use what those above it offer (its `uses`; start.ts refuses
 * a list where one comes after its user). Close runs their stops bottom up.
 */
const FEATURES: readonly FeatureModule[] = [
  healthModule,
  variableModule,
  uploadsModule,
  rolesModule,
  usersModule,
  brandingModule,
  authModule,
  webauthnModule,
  accountModule,
  tokensModule,
  aclModule,
  securityModule,
  activityModule,
  companyModule,
  networkModule,
  notificationsModule,
  smtpModule,
  licenseModule,
  deviceConfigModule,
  deviceSettingsModule,
  inventoryModule,
  liveModule,
  jobsModule,
  diagnoseModule,
  backupModule,
  upgradeModule,
  scheduleModule,
  logsModule,
  messagesModule,
  todoModule,
  notifyModule,
  authConnectModule,
  profilesModule,
  // After Profile Management: a profile named at adoption is one of its templates.
  provisionModule,
  statisticsModule,
  dashboardModule,
  clientsModule,
  terminalModule,
  proxyModule,
  applicationModule,
  sdwanModule,
  guideModule,
  consoleBackupModule,
];

export interface Console {
  app: FastifyInstance;
  store: Store;
  /** Encrypts credentials at rest (SMTP, registries, devices). */
  secrets: Secrets;
  /** Every route with the permission it declares. */
  routes(): RouteEntry[];
  /** The device bus (embedded aedes, or the external broker of MQTT_URL). */
  bus: Bus;
  /** Adopted devices and their live state, groups, inventory actions, change events. */
  devices: DeviceServices['devices'];
  /** Calls into devices (reboot, getInfo, ping, ...). */
  rpc: DeviceServices['rpc'];
  /** Discovery, adoption, provisioning list, removal. */
  enrolment: DeviceServices['enrolment'];
  /** Telemetry series of a device. */
  telemetry: DeviceServices['telemetry'];
  /** Writes the devices' in-memory state to the store now (tests; otherwise it happens on timers). */
  flushDevices(): Promise<void>;
  /** Device configuration, desired and reported (the settings calls' engine). */
  deviceConfig: ConfigService;
  /** Long device work fanned out to devices; modules register job kinds here. */
  jobs: JobService;
  /** Recurring occurrences (schedules, the console's own periodic work) claimed once across replicas. */
  scheduler: Scheduler;
  /** Terminal sessions relayed between browsers and devices (tests and the benchmark count them). */
  terminal: TerminalRelay;
  /** Console backups and their restore; the process restarts the console when one was restored (main.ts). */
  consoleBackup: ConsoleBackupService;
  /** The SD-WAN control plane (the demo makes its network with it; tests reach its plan). */
  sdwan: SdwanService;
  /**
   * Answers every new request 503 (Connection: close) for `ms` while still listening, so that requests
   * already on their way (a connection being opened, a request on an idle keep-alive one) get an answer
   * instead of a reset when close() then stops listening. The process's stop (main.ts) calls it first.
   */
  drain(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function buildConsole(
  config: Config,
  opts: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<Console> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const acl = aclService(store.db);
  const http = await httpLayer(config, opts, acl);
  const { app } = http;

  const secrets = loadSecrets(config.dataDir);
  const hub = liveHub(app.log);
  const sessions = closingLiveSockets(makeSessions(store.db, config.sessionIdleMinutes), hub);
  const tokens = tokenService(store.db);
  registerGuard(
    app,
    sessions,
    tokens.identify,
    await anonymousLimit(app, store.db, config.anonymousRateLimit),
  );
  registerActivityRecorder(app, store.db);

  // The broker authenticates devices from the registry, and the device services need the broker.
  const registry = await loadDeviceRegistry({
    db: store.db,
    log: app.log,
    holdsAllConnections: !config.mqttUrl,
  });
  const bus = await startBus({
    config,
    server: app.server,
    authenticator: registry.registry.authenticator,
    log: app.log,
  });
  const deviceServices = await startDeviceServices({
    db: store.db,
    dialect: store.dialect,
    log: app.log,
    bus,
    loaded: registry,
    enrolment: {
      secrets,
      seedSecret: config.enrolSecret,
      rate: burstOf(config.enrolRate),
      discoveryMax: config.discoveryMax,
    },
  });
  const stopUpgrades = http.webSockets.dispatch(
    app.server,
    (path) => path === MQTT_WEBSOCKET_PATH && isEmbedded(bus),
  );

  const jobs = startJobs({
    db: store.db,
    dialect: store.dialect,
    rpc: deviceServices.rpc,
    devices: deviceServices.devices,
    log: app.log,
    timings: { tickMs: config.jobTickMs, leaseMs: config.jobLeaseMs },
  });
  const scheduler = schedulerService({
    db: store.db,
    jobs: jobs.service,
    log: app.log,
    tickMs: config.jobTickMs,
  });
  // Work every replica would otherwise repeat; per-replica timers stay with their features (devices/index.ts).
  scheduler.register({
    name: 'telemetry.maintain',
    pattern: '0 */5 * * * *',
    run: deviceServices.maintainTelemetry,
  });

  const modules = await startModules(
    FEATURES,
    {
      config,
      log: app.log,
      store,
      secrets,
      bus,
      devices: deviceServices.devices,
      rpc: deviceServices.rpc,
      enrolment: deviceServices.enrolment,
      telemetry: deviceServices.telemetry,
      jobs: jobs.service,
      scheduler,
      hub,
      sessions,
      tokens,
      acl,
    },
    app,
  );
  await registerWebConsole(app, config.webRoot);
  scheduler.start();
  // A console restore replaced the store under this running console. What would let the old store's sessions
  // in (their live sockets, the sessions held for outages) and the old secret key go at once, not only at the
  // in-process restart (main.ts) that reads everything else again: the browser signs in on the restored users.
  modules.offersOf(consoleBackupModule).onRestored(() => {
    sessions.forgetAll();
    secrets.reload();
  });

  const helpers = lowerHelperThreads(config.helperThreadNice);
  app.log.info(helpers, 'helper threads yield the CPU to the event loop');
  app.log.info(limitHeapGrowth(config.heapGrowingPercent), 'heap growth past the live data');

  return {
    app,
    store,
    secrets,
    routes: http.routes,
    bus,
    devices: deviceServices.devices,
    rpc: deviceServices.rpc,
    enrolment: deviceServices.enrolment,
    telemetry: deviceServices.telemetry,
    flushDevices: deviceServices.flush,
    deviceConfig: modules.offersOf(deviceConfigModule).service,
    terminal: modules.offersOf(terminalModule),
    consoleBackup: modules.offersOf(consoleBackupModule),
    sdwan: modules.offersOf(sdwanModule),
    jobs: jobs.service,
    scheduler,
    /**
     * HTTP first: new requests are answered 503 and the listener closes; then what requests in flight wait
     * on (device calls) fails at once so they answer now, not at their deadline; then the device bus, whose
     * WebSocket connections keep the HTTP server open until it closes them. A step that fails (a full disk
     * at the last flush) does not keep the others from closing.
     */
    async drain(ms) {
      http.drain();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    async close() {
      const httpClosed = app.close();
      modules.closeChannels();
      hub.stop();
      stopUpgrades();
      const failures: unknown[] = [];
      // What a full disk keeps from being written on the way out (the last presence, telemetry and log lines
      // held in memory) is lost whatever the console does: said as such, and not a failed stop (a supervisor
      // would count an exit code of 1 as a crash).
      const step = (work: () => Promise<unknown>) =>
        work().catch((err: unknown) => {
          if (isDiskFull(err)) app.log.warn({ err }, 'not written on stopping: the disk is full');
          else failures.push(err);
        });
      // Jobs and the scheduler stop claiming now (before the device calls they wait on fail), and hand back
      // the steps still running before the store closes; the device calls in flight are not kept waiting.
      const jobsStopped = step(() => Promise.all([scheduler.stop(), jobs.stop()]));
      // The modules' own work (the configuration engine's device calls) before the device services under it.
      await modules.stop(step);
      await step(() => deviceServices.stop());
      await step(() => bus.close());
      await step(() => httpClosed);
      await jobsStopped;
      await step(() => store.close());
      if (failures.length) throw new AggregateError(failures, 'the console did not close cleanly');
    },
  };
}
