/**
 * A simulated device's container apps, in memory: the same states (SPEC 4), resource limits and
 * reservation refusals (SPEC 5 and 8) as the engine on a real device, port clashes refused at start, and
 * log lines an app would print. The apps the device came with are orphans (not deployed by the console,
 * no limits). Made on first use, so a fleet of thousands pays only for the devices that run apps.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  messages,
  RESOURCE_LIMITS,
  type ContainerApp,
  type ContainerAction,
  type ContainerDefinition,
  type ContainerSpec,
  type EngineInfo,
  type InstalledContainer,
  type PortBinding,
  type ResourceLevel,
  type RpcArgs,
  type RpcResult,
  type TerminalSize,
} from '@edge/protocol';
import type { ContainersPort } from '../ports/containers.ts';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import { containerShell } from './simulated-container-shell.ts';
import { lineShellSession } from './simulated-line-shell.ts';
import { PlatformRefusal, type Progress } from './platform.ts';
import { reservationRefusal, reservedBy, type Capacity } from './reservation.ts';
import type { SimulatedSystem } from './simulated-system.ts';

const MB = 1024 * 1024;

interface SimApp {
  id: string;
  name: string;
  image: string;
  engineState: 'created' | 'running' | 'exited';
  resource: ResourceLevel | null;
  managed: boolean;
  ports: PortBinding[];
  env: ContainerSpec['env'];
  volumes: ContainerSpec['volumes'];
  network?: string;
  createdAt: number;
  startedAt: number | null;
  exitCode: number | null;
  /** Installed anyway: why it waits. */
  reason: string | null;
  logs: string[];
}

const stateOf = (app: SimApp): InstalledContainer['state'] =>
  app.engineState === 'running' ? 'running' : app.engineState === 'exited' ? 'exited' : 'never started';

export class SimulatedContainers implements ContainersPort {
  private apps: Map<string, SimApp> | null = null;
  private readonly capacity: Capacity;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly system: SimulatedSystem) {
    this.capacity = { cpus: system.spec.cores, memoryMb: Math.floor(system.spec.memoryMb * 0.75) };
  }

  /** The apps, starting from those the device came with. */
  private all(): Map<string, SimApp> {
    if (this.apps) return this.apps;
    const now = Date.now();
    this.apps = new Map(
      this.system.containerStates.map((c, i) => [
        c.name,
        {
          id: c.id ?? `${i}`,
          name: c.name,
          image: `${c.name}:latest`,
          engineState: c.state === 'running' ? 'running' : c.state === 'exited' ? 'exited' : 'created',
          resource: null,
          managed: false,
          ports: [],
          env: [],
          volumes: [],
          createdAt: now - 86_400_000,
          startedAt: c.state === 'running' || c.state === 'exited' ? now - 3_600_000 : null,
          exitCode: c.state === 'exited' ? 0 : null,
          reason: null,
          logs: [`${c.name} started`],
        },
      ]),
    );
    return this.apps;
  }

  /** The telemetry's list follows every change, and the device tells the console at once. */
  private publish(): void {
    this.system.containerStates = [...this.all().values()].map((a) => ({
      name: a.name,
      state: stateOf(a),
      id: a.id,
    }));
    for (const listener of this.listeners) listener();
  }

  onChanged(listener: () => void): void {
    this.listeners.add(listener);
  }

  async states(): Promise<ContainerApp[]> {
    return this.system.containerStates;
  }

  private reserved(except?: string) {
    return reservedBy(
      [...this.all().values()]
        .filter((a) => a.engineState === 'running' && a.name !== except)
        .map((a) => a.resource),
    );
  }

  private view(app: SimApp, stats: boolean): InstalledContainer {
    const running = app.engineState === 'running';
    const limit = app.resource ? RESOURCE_LIMITS[app.resource].memoryMb * MB : null;
    const rng = this.system.rng;
    return {
      id: app.id,
      name: app.name,
      image: app.image,
      state: stateOf(app),
      status: running
        ? `Up ${Math.max(1, Math.round((Date.now() - (app.startedAt ?? Date.now())) / 60_000))} minutes`
        : app.engineState === 'exited'
          ? `Exited (${app.exitCode ?? 0})`
          : 'Created',
      ports: app.ports,
      resource: app.resource,
      managed: app.managed,
      createdAt: app.createdAt,
      startedAt: app.startedAt,
      exitCode: app.engineState === 'exited' ? app.exitCode : null,
      oomKilled: false,
      reason: app.reason,
      cpuPercent: stats && running ? Math.round(rng.range(0.5, 20) * 10) / 10 : null,
      memoryBytes: stats && running ? Math.round((limit ?? 128 * MB) * rng.range(0.1, 0.6)) : null,
      memoryLimitBytes: limit,
    };
  }

  private get(name: string): SimApp {
    const app = this.all().get(name);
    if (!app) throw new PlatformRefusal('failed', messages.containerNotFound);
    return app;
  }

  /** Starts an app: its reservation must fit, and its host ports be free. */
  private start(app: SimApp): void {
    if (app.resource) {
      const refusal = reservationRefusal(this.capacity, this.reserved(app.name), app.resource);
      if (refusal) throw new PlatformRefusal('failed', refusal);
    }
    for (const other of this.all().values()) {
      if (other === app || other.engineState !== 'running') continue;
      const clash = app.ports.find((p) =>
        other.ports.some((o) => o.hostPort === p.hostPort && o.protocol === p.protocol),
      );
      if (clash)
        throw new PlatformRefusal(
          'failed',
          `${messages.containerStartError}: Bind for 0.0.0.0:${clash.hostPort} failed: port is already allocated`,
        );
    }
    app.engineState = 'running';
    app.startedAt = Date.now();
    app.exitCode = null;
    app.reason = null;
    app.logs.push(
      `${app.name} started`,
      ...app.ports.map((p) => `listening on ${p.containerPort}/${p.protocol}`),
    );
    if (app.logs.length > 5000) app.logs.splice(0, app.logs.length - 5000);
  }

  private stop(app: SimApp): void {
    if (app.engineState !== 'running') return;
    app.engineState = 'exited';
    app.exitCode = 0;
    app.logs.push(`${app.name} stopping (SIGTERM)`);
  }

  /** Apps installed anyway start once they fit, oldest first. */
  private startWaiting(): void {
    for (const app of this.all().values()) {
      if (!app.reason || app.engineState !== 'created') continue;
      try {
        this.start(app);
      } catch {
        // Still does not fit.
      }
    }
  }

  async list(stats: boolean): Promise<RpcResult<'containers.list'>> {
    const apps = [...this.all().values()];
    const reserved = this.reserved();
    return {
      containers: apps.map((a) => this.view(a, stats)),
      capacity: { ...this.capacity, reservedCpus: reserved.cpus, reservedMemoryMb: reserved.memoryMb },
    };
  }

  async deploy(spec: ContainerSpec, progress: Progress, signal: AbortSignal): Promise<InstalledContainer> {
    progress(5, `Pulling ${spec.image}`);
    // A pull over the device's link takes a moment.
    await sleep(this.system.rng.int(50, 300), undefined, { signal });
    const refusal = reservationRefusal(this.capacity, this.reserved(spec.name), spec.resource);
    if (refusal && !spec.installAnyway) throw new PlatformRefusal('failed', refusal);
    const previous = this.all().get(spec.name);
    const app: SimApp = {
      id: this.system.rng.digits(12),
      name: spec.name,
      image: spec.image,
      engineState: 'created',
      resource: spec.resource,
      managed: true,
      ports: spec.ports,
      env: spec.env,
      volumes: spec.volumes,
      network: spec.network,
      createdAt: Date.now(),
      startedAt: null,
      exitCode: null,
      reason: null,
      logs: [`${spec.name}: ${spec.env.length} environment variables`],
    };
    // The old app gives way, as the engine's replace does; it comes back if the new one cannot start.
    this.all().delete(spec.name);
    this.all().set(spec.name, app);
    if (refusal) {
      app.reason = refusal;
    } else {
      try {
        this.start(app);
      } catch (err) {
        this.all().delete(spec.name);
        if (previous) this.all().set(spec.name, previous);
        throw err;
      }
    }
    this.publish();
    progress(100, refusal ?? `Started ${spec.name}`);
    return this.view(app, false);
  }

  async action(name: string, action: ContainerAction): Promise<InstalledContainer | null> {
    const app = this.get(name);
    if (action === 'remove') {
      this.all().delete(name);
      this.startWaiting();
      this.publish();
      return null;
    }
    if (action === 'stop') {
      this.stop(app);
      this.startWaiting();
    } else if (action === 'start') {
      if (app.engineState !== 'running') this.start(app);
    } else {
      const wasRunning = app.engineState === 'running';
      this.stop(app);
      try {
        this.start(app);
      } catch (err) {
        if (wasRunning) app.engineState = 'running';
        throw new PlatformRefusal('failed', `${messages.containerRestartError}: ${(err as Error).message}`);
      }
    }
    this.publish();
    return this.view(app, false);
  }

  async inspect(name: string): Promise<ContainerDefinition> {
    const app = this.get(name);
    return {
      name: app.name,
      image: app.image,
      env: app.env,
      ports: app.ports,
      volumes: app.volumes,
      ...(app.network && { network: app.network }),
      resource: app.resource ?? 'low',
    };
  }

  /** Volumes: those the apps mount, and those made on their own. */
  private readonly ownVolumes = new Set<string>();
  private readonly ownNetworks = new Map<string, { driver: string; options: Record<string, string> }>();

  private volumeList(): RpcResult<'containers.volume'> {
    const users = new Map<string, number>();
    for (const app of this.all().values())
      for (const v of app.volumes) users.set(v.name, (users.get(v.name) ?? 0) + 1);
    const names = new Set([...this.ownVolumes, ...users.keys()]);
    return {
      volumes: [...names].sort().map((name) => ({
        name,
        driver: 'local',
        // A simulated app writes about 4 MB to each volume it mounts.
        sizeBytes: (users.get(name) ?? 0) * 4 * MB,
        inUse: users.get(name) ?? 0,
      })),
    };
  }

  async volume(args: RpcArgs<'containers.volume'>): Promise<RpcResult<'containers.volume'>> {
    if (args.action === 'create') this.ownVolumes.add(args.name);
    if (args.action === 'remove') {
      const used = this.volumeList().volumes.find((v) => v.name === args.name)?.inUse ?? 0;
      if (used) throw new PlatformRefusal('failed', `remove ${args.name}: volume is in use`);
      if (!this.ownVolumes.delete(args.name))
        throw new PlatformRefusal('failed', `get ${args.name}: no such volume`);
    }
    return this.volumeList();
  }

  async network(args: RpcArgs<'containers.network'>): Promise<RpcResult<'containers.network'>> {
    if (args.action === 'create') {
      if (this.ownNetworks.has(args.endpoint.name) || args.endpoint.name === 'bridge')
        throw new PlatformRefusal('failed', `network with name ${args.endpoint.name} already exists`);
      this.ownNetworks.set(args.endpoint.name, {
        driver: args.endpoint.driver,
        options: args.endpoint.options,
      });
    }
    if (args.action === 'remove' && !this.ownNetworks.delete(args.name))
      throw new PlatformRefusal('failed', `network ${args.name} not found`);
    const apps = [...this.all().values()].flatMap((a) => (a.network ? [a.network] : []));
    for (const name of apps)
      if (!this.ownNetworks.has(name)) this.ownNetworks.set(name, { driver: 'bridge', options: {} });
    return {
      networks: [
        { name: 'bridge', driver: 'bridge', options: {}, subnet: '172.17.0.0/16', builtIn: true },
        ...[...this.ownNetworks].map(([name, n], i) => ({
          name,
          driver: n.driver,
          options: n.options,
          subnet: `172.${18 + i}.0.0/16`,
          builtIn: false,
        })),
      ],
    };
  }

  /** The engine a simulated device runs: Docker on its firmware, its images about 20 MB each. */
  async engineInfo(): Promise<EngineInfo> {
    const apps = [...this.all().values()];
    const images = new Set(apps.map((a) => a.image)).size;
    const { spec } = this.system;
    return {
      name: 'Docker Engine',
      version: '24.0.7',
      apiVersion: '1.43',
      os: `${spec.model} firmware`,
      kernel: '5.15.0',
      storageDriver: 'overlay2',
      cgroupDriver: 'cgroupfs',
      cgroupVersion: '2',
      dataRoot: '/var/lib/docker',
      cpus: spec.cores,
      memoryBytes: spec.memoryMb * MB,
      images,
      containers: {
        running: apps.filter((a) => a.engineState === 'running').length,
        paused: 0,
        stopped: apps.filter((a) => a.engineState !== 'running').length,
      },
      disk: {
        images: images * 20 * MB,
        // Each app writes a little to its own layer while it runs.
        containers: apps.filter((a) => a.startedAt !== null).length * MB,
        volumes: this.volumeList().volumes.reduce((sum, v) => sum + (v.sizeBytes ?? 0), 0),
      },
    };
  }

  /** The container terminal: a shell of the app's own, only while it runs (it ends when the app stops). */
  async exec(name: string, size: TerminalSize, io: TerminalIo): Promise<TerminalSession> {
    const app = this.get(name);
    if (app.engineState !== 'running') throw new PlatformRefusal('failed', messages.containerNotRunning);
    const stopped = () => {
      if (this.all().get(name) === app && app.engineState === 'running') return;
      session.close();
      ended('the container stopped');
    };
    const ended = (reason: string) => {
      this.listeners.delete(stopped);
      io.ended(reason);
    };
    const session = lineShellSession(containerShell(app), size, { output: io.output, ended });
    this.listeners.add(stopped);
    return {
      ...session,
      close: () => {
        this.listeners.delete(stopped);
        session.close();
      },
    };
  }

  async logs(name: string, tail: number): Promise<string[]> {
    return this.get(name).logs.slice(-tail);
  }
}
