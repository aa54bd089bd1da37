/** Builds the console: store, HTTP layer, guard, features. main.ts and the tests both start from here. */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@edge/protocol';
import { burstOf, type Config } from './config.ts';
import { openStore, type Store } from './db/database.ts';
import { lowerHelperThreads } from './process/helper-threads.ts';
import { registerErrorHandling } from './http/errors.ts';
import { serverLogOptions } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerWebConsole } from './http/spa.ts';
import './http/types.ts';
import { sessions as makeSessions } from './auth/sessions.ts';
import { registerGuard } from './auth/guard.ts';
import { authService } from './auth/service.ts';
import { authRoutes } from './auth/routes.ts';
import { registerActivityRecorder } from './activity/recorder.ts';
import { accountService } from './account/service.ts';
import { accountRoutes } from './account/routes.ts';
import { variableRoutes } from './variable/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { isEmbedded, startBus, type Bus } from './gateway/index.ts';
import { MQTT_WEBSOCKET_PATH } from './gateway/websocket.ts';
import { registerWebSockets } from './http/websocket.ts';
import { SESSION_COOKIE } from './auth/sessions.ts';
import { bearerSecret } from './auth/bearer.ts';
import { inventoryService } from './inventory/service.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { provisionService } from './provision/service.ts';
import { provisionRoutes } from './provision/routes.ts';
import { liveHub } from './live/hub.ts';
import { liveRoutes } from './live/routes.ts';
import { closingLiveSockets } from './live/session-ends.ts';
import { inventoryChannels } from './inventory/live.ts';
import { discoveryChannel } from './provision/live.ts';
import { settingsStateChannel } from './deviceSettings/live.ts';
import { loadDeviceRegistry, startDeviceServices, type DeviceServices } from './devices/index.ts';
import multipart from '@fastify/multipart';
import { collectRoutes, type RouteEntry } from './http/route-table.ts';
import { loadSecrets, type Secrets } from './crypto/secrets.ts';
import { aclService } from './acl/service.ts';
import { registerAclGate } from './acl/gate.ts';
import { aclRoutes } from './acl/routes.ts';
import { tokenService } from './tokens/service.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { securityService } from './security/service.ts';
import { securityRoutes } from './security/routes.ts';
import { imageService } from './uploads/service.ts';
import { roleService } from './roles/service.ts';
import { roleRoutes } from './roles/routes.ts';
import { userService } from './users/service.ts';
import { userRoutes } from './users/routes.ts';
import { webauthnService } from './webauthn/service.ts';
import { webauthnRoutes } from './webauthn/routes.ts';
import { activityService } from './activity/service.ts';
import { activityRoutes } from './activity/routes.ts';
import { activityRetention } from './activity/retention.ts';
import { lockoutRoutes } from './security/lockouts.ts';
import { anonymousLimit } from './http/anonymous-limit.ts';
import { companyService } from './company/service.ts';
import { companyRoutes } from './company/routes.ts';
import { notificationService } from './notifications/service.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { brandingService } from './branding/service.ts';
import { brandingRoutes } from './branding/routes.ts';
import { smtpService } from './smtp/service.ts';
import { smtpRoutes } from './smtp/routes.ts';
import { startConfigServices, type ConfigService } from './deviceConfig/index.ts';
import { deviceSettingsService } from './deviceSettings/service.ts';
import { deviceSettingsRoutes } from './deviceSettings/routes.ts';
import { startJobs, type JobService } from './jobs/index.ts';
import { jobRoutes } from './jobs/routes.ts';
import { schedulerService, type Scheduler } from './scheduler/service.ts';

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
  /**
   * Answers every new request 503 (Connection: close) for `ms` while still listening, so that requests
   * already on their way (a connection being opened, a request on an idle keep-alive one) get an answer
   * instead of a reset when close() then stops listening. The process's stop (main.ts) calls it first.
   */
  drain(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function buildConsole(config: Config, opts: { logger?: boolean } = {}): Promise<Console> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = Fastify({
    ...serverLogOptions(opts.logger === false ? false : config.logLevel),
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  let draining = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    return reply.status(503).send({ err_message: messages.consoleStopping, err_code: 'consoleStopping' });
  });
  const routes = collectRoutes(app);
  const acl = aclService(store.db);
  registerAclGate(app, acl);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fileSize: 1024 * 1024 } });
  const webSockets = await registerWebSockets(app);
  await registerApiDocs(app);

  const secrets = loadSecrets(config.dataDir);
  const live = liveHub(app.log);
  const sessions = closingLiveSockets(makeSessions(store.db, config.sessionIdleMinutes), live);
  const tokens = tokenService(store.db);
  registerGuard(app, sessions, tokens.identify, await anonymousLimit(app, config.anonymousRateLimit));
  registerActivityRecorder(app, store.db);

  const images = imageService(store.db);
  const roles = roleService(store.db);
  const users = userService(store.db, { roles, images, sessions });
  const branding = brandingService(store.db, images);
  const platformName = async () => (await branding.shown()).platformName;
  const auth = authService(store.db, sessions, acl);
  const webauthn = webauthnService(store.db, { auth, platformName });
  const accounts = accountService(store.db, { members: users.members, webauthnKeys: webauthn.list });
  await accounts.ensureFirstAdministrator(config.adminPassword, app.log);

  await app.register(healthRoutes(store.db));
  await app.register(variableRoutes(config));
  await app.register(authRoutes(auth));
  await app.register(accountRoutes(accounts));
  await app.register(userRoutes(users));
  await app.register(roleRoutes(roles));
  await app.register(webauthnRoutes(webauthn, { rpId: config.webauthnRpId, origin: config.webauthnOrigin }));
  await app.register(tokenRoutes(tokens));
  await app.register(aclRoutes(acl));
  await app.register(securityRoutes(securityService(acl, tokens)));
  await app.register(lockoutRoutes(auth.lockouts));
  const retention = activityRetention(store.db);
  await app.register(activityRoutes(activityService(store.db), retention));
  await app.register(companyRoutes(companyService(store.db)));
  await app.register(notificationRoutes(notificationService(store.db)));
  await app.register(brandingRoutes(branding));
  await app.register(smtpRoutes(smtpService(store.db, secrets, platformName)));
  await registerWebConsole(app, config.webRoot);

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
  const deviceConfig = await startConfigServices({
    db: store.db,
    bus,
    devices: deviceServices.devices,
    rpc: deviceServices.rpc,
    log: app.log,
    confirmTimeoutMs: config.configConfirmTimeoutMs,
  });
  await app.register(
    deviceSettingsRoutes(deviceSettingsService({ config: deviceConfig.service, rpc: deviceServices.rpc })),
  );
  const stopUpgrades = webSockets.dispatch(
    app.server,
    (path) => path === MQTT_WEBSOCKET_PATH && isEmbedded(bus),
  );

  const inventory = inventoryService({
    db: store.db,
    devices: deviceServices.devices,
    enrolment: deviceServices.enrolment,
    telemetry: deviceServices.telemetry,
    rpc: deviceServices.rpc,
  });
  await app.register(inventoryRoutes(inventory));
  await app.register(
    provisionRoutes(
      provisionService({ devices: deviceServices.devices, enrolment: deviceServices.enrolment, inventory }),
    ),
  );
  const stopChannels = [
    inventoryChannels({ hub: live, devices: deviceServices.devices, inventory, log: app.log }),
    discoveryChannel({
      hub: live,
      devices: deviceServices.devices,
      enrolment: deviceServices.enrolment,
      log: app.log,
    }),
    settingsStateChannel({
      hub: live,
      devices: deviceServices.devices,
      sectionChanges: deviceConfig.sectionChanges,
    }),
  ];
  await app.register(
    liveRoutes(live, async (request) => {
      const token = bearerSecret(request);
      if (token !== undefined) return token ? tokens.identify(token) : null;
      const secret = request.cookies[SESSION_COOKIE];
      return secret ? sessions.resolve(secret, { touch: false }) : null;
    }),
  );

  const jobs = startJobs({
    db: store.db,
    dialect: store.dialect,
    rpc: deviceServices.rpc,
    devices: deviceServices.devices,
    log: app.log,
    timings: { tickMs: config.jobTickMs, leaseMs: config.jobLeaseMs },
  });
  await app.register(jobRoutes(jobs.service));
  const scheduler = schedulerService({
    db: store.db,
    jobs: jobs.service,
    log: app.log,
    tickMs: config.jobTickMs,
  });
  // Work every replica would otherwise repeat; per-replica timers stay with their features (devices/index.ts).
  scheduler.register({
    name: 'sessions.pruneIdle',
    pattern: '0 */10 * * * *',
    run: () => sessions.pruneIdle(),
  });
  scheduler.register({
    name: 'telemetry.maintain',
    pattern: '0 */5 * * * *',
    run: deviceServices.maintainTelemetry,
  });
  scheduler.register({ name: 'activity.prune', pattern: '0 */10 * * * *', run: () => retention.prune() });

  const helpers = lowerHelperThreads(config.helperThreadNice);
  app.log.info(helpers, 'helper threads yield the CPU to the event loop');

  return {
    app,
    store,
    secrets,
    routes,
    bus,
    devices: deviceServices.devices,
    rpc: deviceServices.rpc,
    enrolment: deviceServices.enrolment,
    telemetry: deviceServices.telemetry,
    flushDevices: deviceServices.flush,
    deviceConfig: deviceConfig.service,
    jobs: jobs.service,
    scheduler,
    /**
     * HTTP first: new requests are answered 503 and the listener closes; then what requests in flight wait
     * on (device calls) fails at once so they answer now, not at their deadline; then the device bus, whose
     * WebSocket connections keep the HTTP server open until it closes them. A step that fails (a full disk
     * at the last flush) does not keep the others from closing.
     */
    async drain(ms) {
      draining = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    async close() {
      const httpClosed = app.close();
      for (const stop of stopChannels) stop();
      live.stop();
      stopUpgrades();
      const failures: unknown[] = [];
      const step = (work: () => Promise<unknown>) => work().catch((err: unknown) => void failures.push(err));
      // Jobs and the scheduler stop claiming now (before the device calls they wait on fail), and hand back
      // the steps still running before the store closes; the device calls in flight are not kept waiting.
      const jobsStopped = step(() => Promise.all([scheduler.stop(), jobs.stop()]));
      await step(() => deviceConfig.stop());
      await step(() => deviceServices.stop());
      await step(() => bus.close());
      await step(() => httpClosed);
      await jobsStopped;
      await step(() => store.close());
      if (failures.length) throw new AggregateError(failures, 'the console did not close cleanly');
    },
  };
}
