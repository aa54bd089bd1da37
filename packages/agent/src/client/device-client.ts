/**
 * The protocol client, shared by the real agent and every simulated device: enrol when it has no identity,
 * connect with its credentials, say hello, report at the report interval, answer RPCs, and come back after
 * drops with backoff. The platform says what to report; this class says how.
 */
import { createHash } from 'node:crypto';
import { deviceClientId } from '@edge/protocol/device-client-id';
import {
  deviceTopic,
  keyFingerprint,
  ttyTopic,
  type EnrolRequest,
  type ReportIntervalSetting,
  type RpcResponse,
  type UplinkChannel,
} from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import type { PowerSession } from '../platform/platform.ts';
import type { Platform, PortHost } from '../ports/index.ts';
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import { credentialsRefused, openConnection } from './connection.ts';
import { enrol } from './enrolment.ts';
import { newEnrolKey, type Identity, type IdentityStore } from './identity.ts';
import { Reporter } from './reporting.ts';
import { Session, type Live } from './session.ts';
import { RpcDispatcher } from './rpc-dispatcher.ts';
import { rpcTable } from './rpc-table.ts';
import { Tunnels, type TunnelLink } from './tunnels.ts';
import { AGENT_VERSION } from '../version.ts';
import type { Cancel, Scheduler } from './scheduler.ts';
import { memoryAppliedStore, type AppliedStore } from '../config/applied-store.ts';
import { ConfigEngine, type ConfigHost } from '../config/engine.ts';

export type ClientState =
  'idle' | 'enrolling' | 'waitingAdoption' | 'connecting' | 'online' | 'offline' | 'poweredOff' | 'stopped';

export interface DeviceClientOptions {
  /** ws(s)://console/mqtt or mqtt(s)://broker (see broker-url.ts). */
  brokerUrl: string;
  platform: Platform;
  identity: IdentityStore;
  scheduler: Scheduler;
  reportInterval: ReportIntervalSetting;
  log: AgentLog;
  /** SPEC 4: reboot and shutdown happen this long after the device answered. */
  rebootDelayMs?: number;
  localAddress?: string;
  keepaliveS?: number;
  connectTimeoutMs?: number;
  backoff?: BackoffOptions;
  outboxLimit?: number;
  enrolRetryMs?: number;
  /** The organisation's enrolment secret (Provision shows it to administrators). */
  enrolSecret?: string;
  /** The claim code on the device's label, when the provisioning list has it. */
  claimCode?: string;
  onStateChange?: (state: ClientState) => void;
  /** Where applied configuration sections are kept (a file for the real agent); in memory when unset. */
  configStore?: AppliedStore;
}

const json = (value: unknown) => JSON.stringify(value);
/** Engine events come in bursts (create, start; die, stop): one message after they settle. */
const CONTAINERS_SETTLE_MS = 200;

export class DeviceClient {
  state: ClientState = 'idle';
  private readonly session: Session;
  private stopped = true;
  /** Connect with the bare device id as client id (a broker that still binds the device to it). */
  private bareClientId = false;
  private readonly backoff: Backoff;
  private readonly reporter: Reporter;
  private readonly rpc: RpcDispatcher;
  /** Terminal streams the console opened; they end with the connection that carries them. */
  readonly tunnels: Tunnels;
  private pendingTimers = new Set<Cancel>();
  private serialNumber = '';
  /** Applies configuration sections, when the platform can. */
  private readonly config: ConfigEngine | null;
  /** A `containers` message is due (several engine events in a row make one message). */
  private containersDue: Cancel | null = null;
  /** The configuration in force cuts us off: no connecting until a rollback restores the link. */
  private linkDown = false;
  /** The broker refused an enrolment CONNECT as taking over a live one: prove our key from then on. */
  private proveEnrolKey = false;

  constructor(private readonly options: DeviceClientOptions) {
    this.backoff = new Backoff(options.backoff ?? DEFAULT_BACKOFF);
    this.session = new Session(options.outboxLimit);
    this.reporter = new Reporter(
      {
        session: this.session,
        system: options.platform.system,
        scheduler: options.scheduler,
        log: options.log,
        dropOut: (ms) => this.dropOut(ms),
      },
      options.reportInterval,
    );
    const backend = options.platform.network?.configBackend?.();
    this.config = backend
      ? new ConfigEngine({
          backend,
          store: options.configStore ?? memoryAppliedStore(),
          scheduler: options.scheduler,
          log: options.log,
          note: (level, message) =>
            options.platform.system.note({ ts: Date.now(), level, program: 'config', message }),
        })
      : null;
    this.tunnels = new Tunnels(this.tunnelLink(), options.log);
    this.rpc = new RpcDispatcher(rpcTable(options.platform, this.portHost()), (response) =>
      this.respond(response),
    );
    options.platform.containers?.onChanged(() => this.containersChanged());
  }

  /**
   * The container engine changed something: the console hears the apps' states at once (not at the next
   * report). Offline, nothing is kept: the report after reconnecting carries the states.
   */
  private containersChanged(): void {
    const containers = this.options.platform.containers;
    if (this.containersDue || !containers || this.state !== 'online') return;
    this.containersDue = this.options.scheduler.after(CONTAINERS_SETTLE_MS, () => {
      this.containersDue = null;
      void containers
        .states()
        .then((list) =>
          this.session.send(
            'containers',
            json({ ts: this.options.scheduler.now(), containers: list.slice(0, 256) }),
          ),
        )
        .catch((err: unknown) => this.options.log.warn('containers report failed', { error: String(err) }));
    });
  }

  /** The device's id once adopted. */
  get deviceId(): string | null {
    return this.session.deviceId;
  }

  /** Messages published since start (a fleet's send rate, for benchmarks). */
  get sent(): number {
    return this.session.sent;
  }

  /** The serial, once the platform has told it. */
  get serial(): string {
    return this.serialNumber;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.config?.attach(this.configHost());
    void this.proceed();
  }

  /** Says goodbye ('offline', clean disconnect: no last will) and stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const cancel of this.pendingTimers) cancel();
    this.pendingTimers.clear();
    this.config?.detach();
    await this.goOffline();
    this.setState('stopped');
  }

  /**
   * Drops off the network now, as a cut cable would: no goodbye, so the broker publishes the last will;
   * back after `ms`. False when the device was not connected.
   */
  dropOff(ms: number): boolean {
    if (this.stopped || !this.session.connected) return false;
    this.dropOut(ms);
    return true;
  }

  // ---- lifecycle ---------------------------------------------------------------------------------

  private async proceed(): Promise<void> {
    if (this.stopped || this.linkDown) return;
    const identity = this.options.identity.load();
    if (identity?.deviceId) this.connectAsDevice({ key: identity.key, deviceId: identity.deviceId });
    else await this.startEnrolment(identity);
  }

  private later(ms: number, fn: () => void): void {
    const cancel = this.options.scheduler.after(ms, () => {
      this.pendingTimers.delete(cancel);
      fn();
    });
    this.pendingTimers.add(cancel);
  }

  private retryLater(): void {
    if (this.stopped) return;
    const wait = this.backoff.next();
    this.later(wait, () => void this.proceed());
  }

  /** Abandons the connection (session.ts) and the reports scheduled on it. */
  private abandon(force: boolean): Promise<void> {
    this.tunnels.closeAll();
    this.reporter.stop();
    return this.session.abandon(force);
  }

  private current(live: Live): boolean {
    return this.session.current(live);
  }

  // ---- enrolment ---------------------------------------------------------------------------------

  private async startEnrolment(known: Identity | null): Promise<void> {
    this.setState('enrolling');
    this.session.deviceId = null;
    const identity: Identity = known ?? { key: newEnrolKey() };
    // Kept before it is sent: a restart while pending must present the same key.
    if (!known) this.options.identity.save(identity);
    const facts = await this.options.platform.system.facts();
    if (this.stopped) return;
    this.serialNumber = facts.serial;
    const request: EnrolRequest = {
      serial: facts.serial,
      model: facts.model,
      mac: facts.mac,
      ip: facts.ip,
      ifaceName: facts.ifaceName,
      firmware: facts.firmware,
      key: identity.key,
      ...(this.options.enrolSecret !== undefined && { secret: this.options.enrolSecret }),
      ...(this.options.claimCode !== undefined && { claim: this.options.claimCode }),
    };
    // What the operator compares with the Adopt dialog when two agents claim one serial.
    this.options.log.info('enrolling', {
      fingerprint: keyFingerprint(createHash('sha256').update(identity.key).digest('hex')),
    });
    enrol(
      request,
      this.connectOptions(),
      {
        session: this.session,
        scheduler: this.options.scheduler,
        log: this.options.log,
        retryMs: this.options.enrolRetryMs,
        connected: () => this.backoff.reset(),
        pending: () => this.setState('waitingAdoption'),
        adopted: (deviceId) => {
          this.options.identity.save({ key: identity.key, deviceId });
          this.options.log.info('adopted', { deviceId });
          void this.abandon(false).then(() => this.proceed());
        },
        closed: () => this.retryLater(),
        idInUse: () => {
          this.proveEnrolKey = true;
        },
      },
      this.proveEnrolKey,
    );
  }

  /** How every connection is made, whoever it is for. */
  private connectOptions() {
    return {
      url: this.options.brokerUrl,
      keepaliveS: this.options.keepaliveS ?? 30,
      connectTimeoutMs: this.options.connectTimeoutMs ?? 15_000,
      localAddress: this.options.localAddress,
    };
  }

  // ---- connected life ----------------------------------------------------------------------------

  private connectAsDevice(identity: Required<Identity>): void {
    this.setState('connecting');
    this.session.deviceId = identity.deviceId;
    const statusTopic = deviceTopic(identity.deviceId, 'status');
    const live = this.session.open(
      openConnection({
        ...this.connectOptions(),
        // Bound to the key, so no one else can name it and take the connection over (issue 13).
        clientId: this.bareClientId ? identity.deviceId : deviceClientId(identity.deviceId, identity.key),
        username: identity.deviceId,
        password: identity.key,
        will: { topic: statusTopic, payload: Buffer.from('offline'), qos: 1, retain: true },
      }),
    );
    const { connection } = live;
    let refused = false;

    connection.on('connect', () => {
      if (this.current(live)) void this.onConnected(live, identity.deviceId);
    });
    connection.on('message', (topic, payload) => {
      if (!this.current(live)) return;
      if (topic === deviceTopic(identity.deviceId, 'rpc/req')) this.rpc.handle(payload);
      else if (topic === deviceTopic(identity.deviceId, 'pong')) this.reporter.handlePong(payload);
      else this.tunnels.handle(topic, payload);
    });
    connection.on('error', (err) => {
      if (credentialsRefused(err)) refused = true;
      else this.options.log.warn('connection failed', { error: err.message });
    });
    connection.on('close', () => {
      if (!this.session.closed(live)) return;
      this.tunnels.closeAll();
      this.reporter.stop();
      this.setState('offline');
      if (refused && !this.bareClientId) {
        // A broker that binds the device to its bare id (Mosquitto's dynamic security, credentials issued
        // before client ids were bound to keys) refuses the bound one: try the bare id once before taking
        // the refusal for a removal, which would throw the identity away.
        this.options.log.warn('the broker refused our client id; trying the device id as client id');
        this.bareClientId = true;
      } else if (refused) {
        this.bareClientId = false;
        // Removed from the console: forget the identity and enrol again with a new key.
        this.options.log.warn('the console refused our credentials; enrolling again');
        this.options.identity.clear();
        this.session.deviceId = null;
        this.session.dropOutbox();
      }
      this.retryLater();
    });
  }

  private async onConnected(live: Live, deviceId: string): Promise<void> {
    const { connection } = live;
    this.backoff.reset();
    connection.subscribe([deviceTopic(deviceId, 'rpc/req'), deviceTopic(deviceId, 'pong')], { qos: 1 });
    connection.publish(deviceTopic(deviceId, 'status'), 'online', { qos: 1, retain: true });
    await this.sendHello();
    if (!this.current(live)) return;
    await this.sendConfigReport();
    if (!this.current(live)) return;
    this.setState('online');
    this.session.flushOutbox();
    await this.reporter.begin(live);
  }

  private async sendHello(): Promise<void> {
    const facts = await this.options.platform.system.facts();
    this.serialNumber = facts.serial;
    const { ifaceName: _ifaceName, ...hello } = facts;
    // The version the upgrade port runs (a simulated device's changes with its upgrades), else this build's.
    const status = await this.options.platform.upgrade?.status().catch(() => null);
    await this.session.sendAcknowledged(
      'hello',
      json({
        ...hello,
        agentVersion: status?.agentVersion ?? AGENT_VERSION,
        reportInterval: this.reporter.interval.setting,
      }),
    );
  }

  /** After the hello: every section's version and hash, so the console sends what we lack. */
  private async sendConfigReport(): Promise<void> {
    if (!this.config) return;
    const report = await this.config.connectReport();
    this.send('config', json(report), { qos: 1 });
  }

  private configHost(): ConfigHost {
    return {
      report: (report) => this.send('config', json(report), { qos: 1 }),
      linkLost: () => {
        this.options.log.warn('the new configuration cut the device off; waiting for its rollback');
        this.linkDown = true;
        // No goodbye: the console learns it the way it would from a real device, by the last will.
        void this.abandon(true);
        this.setState('offline');
      },
      linkRestored: () => {
        if (!this.linkDown) return;
        this.linkDown = false;
        this.options.log.info('the configuration in force reaches the console again');
        if (!this.session.connected) void this.proceed();
      },
    };
  }

  /** A simulated network drop: no goodbye, so the broker publishes our last will; back after `ms`. */
  private dropOut(ms: number): void {
    this.options.log.info('dropping off the network', { forMs: ms });
    void this.abandon(true);
    this.setState('offline');
    this.later(ms, () => void this.proceed());
  }

  /** 'offline' (retained), then a clean disconnect. */
  private async goOffline(): Promise<void> {
    // Nothing more is reported once the goodbye is on its way: a heartbeat sent while it waited for the
    // broker's acknowledgement reached the console after it and showed the rebooting device online again.
    this.reporter.stop();
    await this.session.sayOffline();
    await this.abandon(false);
    if (!this.stopped) this.setState('offline');
  }

  private send(channel: UplinkChannel, payload: string, opts: { qos?: 0 | 1; queue?: boolean } = {}): void {
    this.session.send(channel, payload, opts);
  }

  private respond(response: RpcResponse): void {
    this.send('rpc/res', json(response), { qos: 1 });
  }

  private setState(state: ClientState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  // ---- RPC ---------------------------------------------------------------------------------------

  private power(): PowerSession {
    return {
      goOffline: () => this.goOffline(),
      comeBack: () => {
        if (!this.stopped) void this.proceed();
      },
      after: (ms, fn) => this.later(ms, fn),
    };
  }

  /** What the capability ports' handlers may ask of this client. */
  private portHost(): PortHost {
    return {
      log: this.options.log,
      rebootDelayMs: this.options.rebootDelayMs,
      later: (ms, fn) => this.later(ms, fn),
      power: () => this.power(),
      poweredOff: () => this.setState('poweredOff'),
      setIdle: (idle) => {
        this.reporter.idle = idle;
      },
      reportInterval: () => this.reporter.interval.setting,
      sayHello: () => this.sendHello(),
      config: this.config,
      tunnels: this.tunnels,
    };
  }

  /** The tunnel's streams on this client's connection (QoS 1: a lost frame would lose credit for good). */
  private tunnelLink(): TunnelLink {
    return {
      topic: (session, direction) =>
        this.session.deviceId ? ttyTopic(this.session.deviceId, session, direction) : null,
      publish: (topic, payload) => {
        this.session.connection?.publish(
          topic,
          Buffer.from(payload.buffer, payload.byteOffset, payload.length),
          {
            qos: 1,
          },
        );
      },
      subscribe: (topic) =>
        new Promise((resolve, reject) => {
          const connection = this.session.connection;
          if (!connection) return reject(new Error('not connected'));
          connection.subscribe(topic, { qos: 1 }, (err) => (err ? reject(err) : resolve()));
        }),
      unsubscribe: (topic) => {
        this.session.connection?.unsubscribe(topic);
      },
    };
  }
}
