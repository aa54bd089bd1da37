/**
 * The real containers port: the Docker Engine API over the device's unix socket (docker-engine.ts).
 * Resource levels become the engine's own limits (NanoCpus, Memory with no extra swap), which it enforces;
 * a start that does not fit beside the running apps is refused with SPEC 8's words, and an app installed
 * anyway (SPEC 5) waits and is started when a running one stops and frees what it needs.
 */
import {
  messages,
  RESOURCE_LIMITS,
  resourceLevels,
  type ContainerApp,
  type ContainerAction,
  type ContainerDefinition,
  type ContainerSpec,
  type EngineInfo,
  type InstalledContainer,
  type ResourceLevel,
  type RpcArgs,
  type TerminalSize,
  type RpcResult,
} from '@edge/protocol';
import os from 'node:os';
import type { ContainersPort } from '../ports/containers.ts';
import type { AgentLog } from '../log.ts';
import { listContainers, stateOf } from './docker.ts';
import { networks, volumes } from './linux-storage.ts';
import { DockerEngine, EngineError, demultiplex, registryAuthHeader } from './docker-engine.ts';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import { KernelOomLog } from './kernel-oom.ts';
import { execShell } from './linux-container-exec.ts';
import { containerDesktop, hasUuid, uuidOf } from './linux-container-desktop.ts';
import { PlatformRefusal, type Progress } from './platform.ts';
import {
  MANAGED_LABEL,
  RESOURCE_LABEL,
  levelFor,
  reservationRefusal,
  reservedBy,
  type Capacity,
} from './reservation.ts';

const MB = 1024 * 1024;
/** Engine events that change what the installed list shows (Podman says died and remove for die and destroy). */
const CHANGES = new Set([
  'create',
  'start',
  'stop',
  'die',
  'died',
  'oom',
  'destroy',
  'remove',
  'pause',
  'unpause',
]);
/** Variables the image or the engine sets in every container. */
const ENGINE_ENV = ['PATH', 'HOME', 'HOSTNAME', 'TERM', 'container'];
/** The exit code of a process ended by SIGKILL, as the kernel's OOM killer ends one. */
const KILLED = 137;
/** Events after which an app no longer holds its reservation. */
const ENDED = new Set(['die', 'died', 'destroy', 'remove']);

export interface LinuxContainersOptions {
  socketPath: string;
  log: AgentLog;
  /** What apps may reserve together; default all cores and three quarters of the memory. */
  capacity?: Partial<Capacity>;
  /** Host address port bindings listen on; default all ('' to the engine). */
  bindAddress?: string;
  /** Told when containers changed (the telemetry's list is read again). */
  changed?: () => void;
  /** Where kills by the OOM killer are read when the engine does not record them; default /dev/kmsg. */
  oomLog?: KernelOomLog;
}

interface EngineSummary {
  Id: string;
  Names?: string[];
  Image: string;
  State: string;
  Status: string;
  Created: number;
  Labels?: Record<string, string>;
  Ports?: { PrivatePort: number; PublicPort?: number; Type: string }[];
}

interface EngineInspect {
  State: { Status: string; OOMKilled: boolean; ExitCode: number; StartedAt: string };
  HostConfig: { Memory?: number };
}

/** What GET /info answers that the hypervisor view shows (Docker's names; Podman's compatible API the same). */
interface EngineSystemInfo {
  ServerVersion?: string;
  OperatingSystem?: string;
  KernelVersion?: string;
  Driver?: string;
  CgroupDriver?: string;
  CgroupVersion?: string;
  DockerRootDir?: string;
  NCPU?: number;
  MemTotal?: number;
  Images?: number;
  ContainersRunning?: number;
  ContainersPaused?: number;
  ContainersStopped?: number;
}

interface EngineDiskUse {
  LayersSize?: number;
  Images?: { Size?: number }[];
  Containers?: { SizeRw?: number }[];
  Volumes?: { UsageData?: { Size?: number } }[];
}

/** `registry/name:tag` -> fromImage and tag as the engine's pull takes them. */
function splitReference(image: string): { from: string; tag: string } {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash
    ? { from: image.slice(0, colon), tag: image.slice(colon + 1) }
    : { from: image, tag: 'latest' };
}

const levelOf = (labels: Record<string, string> | undefined): ResourceLevel | null => {
  const level = labels?.[RESOURCE_LABEL];
  return resourceLevels.find((l) => l === level) ?? null;
};

export class LinuxContainers implements ContainersPort {
  private readonly engine: DockerEngine;
  private readonly capacity: Capacity;
  /** Installed anyway (SPEC 5): name -> why it waits. Started when it fits. */
  private readonly waiting = new Map<string, string>();
  private readonly stopWatching = new AbortController();
  private readonly listeners = new Set<() => void>();
  private readonly oomLog: KernelOomLog;

  constructor(private readonly options: LinuxContainersOptions) {
    this.engine = new DockerEngine(options.socketPath);
    this.oomLog = options.oomLog ?? new KernelOomLog();
    this.capacity = {
      cpus: options.capacity?.cpus ?? os.cpus().length,
      memoryMb: options.capacity?.memoryMb ?? Math.floor((os.totalmem() / MB) * 0.75),
    };
  }

  onChanged(listener: () => void): void {
    this.listeners.add(listener);
  }

  states(): Promise<ContainerApp[]> {
    return listContainers(this.options.socketPath, 5000);
  }

  private changed(): void {
    this.options.changed?.();
    for (const listener of this.listeners) listener();
  }

  /** Follows the engine's events: a container that stopped may free room for a waiting one. */
  watch(): void {
    const filters = encodeURIComponent(JSON.stringify({ type: ['container'] }));
    const loop = async () => {
      while (!this.stopWatching.signal.aborted) {
        await this.engine
          .follow({ path: `/events?filters=${filters}`, signal: this.stopWatching.signal }, (event) => {
            const action = String(event.Action ?? event.status ?? '');
            if (CHANGES.has(action)) this.changed();
            if (ENDED.has(action)) void this.startWaiting();
          })
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 2000).unref());
      }
    };
    void loop();
  }

  close(): void {
    this.stopWatching.abort();
    this.oomLog.close();
  }

  /**
   * Whether the engine's OOM killer ended the app. Docker records it (State.OOMKilled); Podman under conmon
   * on cgroup v1 answers false and sends no `oom` event, so a container that ended with 137 under a memory
   * limit is looked up in the kernel's own record of the kill (kernel-oom.ts).
   */
  private outOfMemory(id: string, inspect: EngineInspect | undefined): boolean {
    if (!inspect) return false;
    if (inspect.State.OOMKilled) return true;
    return (
      inspect.State.Status === 'exited' &&
      inspect.State.ExitCode === KILLED &&
      Boolean(inspect.HostConfig.Memory) &&
      this.oomLog.wasKilled(id)
    );
  }

  private async summaries(): Promise<EngineSummary[]> {
    return this.engine.json<EngineSummary[]>({ path: '/containers/json?all=1' });
  }

  private async find(name: string): Promise<EngineSummary | undefined> {
    return (await this.summaries()).find((c) => c.Names?.some((n) => n === `/${name}`));
  }

  private async reserved(except?: string) {
    const running = (await this.summaries()).filter(
      (c) => c.State === 'running' && !c.Names?.includes(`/${except}`),
    );
    return reservedBy(running.map((c) => levelOf(c.Labels)));
  }

  private async describe(c: EngineSummary, stats: boolean): Promise<InstalledContainer> {
    const name = (c.Names?.[0] ?? c.Id).replace(/^\//, '');
    const inspect = await this.engine
      .json<EngineInspect>({ path: `/containers/${c.Id}/json` })
      .catch(() => undefined);
    let cpuPercent: number | null = null;
    let memoryBytes: number | null = null;
    if (stats && c.State === 'running') {
      const s = await this.engine
        .json<{
          cpu_stats?: {
            cpu_usage?: { total_usage: number };
            system_cpu_usage?: number;
            online_cpus?: number;
          };
          precpu_stats?: { cpu_usage?: { total_usage: number }; system_cpu_usage?: number };
          memory_stats?: { usage?: number };
        }>({ path: `/containers/${c.Id}/stats?stream=false`, timeoutMs: 5000 })
        .catch(() => undefined);
      if (s) {
        const cpu =
          (s.cpu_stats?.cpu_usage?.total_usage ?? 0) - (s.precpu_stats?.cpu_usage?.total_usage ?? 0);
        const system = (s.cpu_stats?.system_cpu_usage ?? 0) - (s.precpu_stats?.system_cpu_usage ?? 0);
        cpuPercent = system > 0 ? (cpu / system) * (s.cpu_stats?.online_cpus ?? 1) * 100 : 0;
        memoryBytes = s.memory_stats?.usage ?? null;
      }
    }
    const started = inspect?.State.StartedAt ? Date.parse(inspect.State.StartedAt) : NaN;
    const managed = c.Labels?.[MANAGED_LABEL] === '1';
    const state = stateOf(c.State);
    const oomKilled = this.outOfMemory(c.Id, inspect);
    return {
      id: c.Id.slice(0, 64),
      name,
      image: c.Image,
      state,
      status: c.Status,
      ports: (c.Ports ?? [])
        .filter((p) => p.PublicPort)
        .map((p) => ({
          hostPort: p.PublicPort!,
          containerPort: p.PrivatePort,
          protocol: p.Type === 'udp' ? 'udp' : 'tcp',
        })),
      resource: levelOf(c.Labels),
      managed,
      createdAt: c.Created * 1000,
      // The engine writes year 1 for a container never started.
      startedAt: Number.isFinite(started) && started > 0 ? started : null,
      exitCode: state === 'exited' ? (inspect?.State.ExitCode ?? null) : null,
      oomKilled,
      reason:
        this.waiting.get(name) ?? (oomKilled ? 'Out of memory: the app went past its memory limit.' : null),
      cpuPercent,
      memoryBytes,
      memoryLimitBytes: inspect?.HostConfig.Memory || null,
      uuid: uuidOf(c.Labels),
    };
  }

  private async described(name: string): Promise<InstalledContainer | null> {
    const found = await this.find(name);
    return found ? this.describe(found, false) : null;
  }

  async list(stats: boolean): Promise<RpcResult<'containers.list'>> {
    const all = (await this.summaries()).slice(0, 256);
    const containers = await Promise.all(all.map((c) => this.describe(c, stats)));
    const reserved = reservedBy(all.filter((c) => c.State === 'running').map((c) => levelOf(c.Labels)));
    return {
      containers,
      capacity: { ...this.capacity, reservedCpus: reserved.cpus, reservedMemoryMb: reserved.memoryMb },
    };
  }

  async deploy(spec: ContainerSpec, progress: Progress, signal: AbortSignal): Promise<InstalledContainer> {
    const { from, tag } = splitReference(spec.image);
    progress(5, `Pulling ${spec.image}`);
    try {
      await this.engine.lines(
        {
          method: 'POST',
          path: `/images/create?fromImage=${encodeURIComponent(from)}&tag=${encodeURIComponent(tag)}`,
          headers: spec.auth ? { 'X-Registry-Auth': registryAuthHeader(spec.auth) } : {},
          timeoutMs: 600_000,
          signal,
        },
        (line) => {
          if (typeof line.status === 'string' && !line.progressDetail) progress(20, line.status);
        },
      );
    } catch (err) {
      throw new PlatformRefusal('failed', `${messages.deployPullFailed} ${(err as Error).message}`);
    }
    // The reservation is checked before anything is created: a refusal leaves the device as it was.
    const refusal = reservationRefusal(this.capacity, await this.reserved(spec.name), spec.resource);
    if (refusal && !spec.installAnyway) throw new PlatformRefusal('failed', refusal);

    const previous = await this.find(spec.name);
    if (previous) {
      progress(50, `Replacing ${spec.name}`);
      await this.engine.json({ method: 'DELETE', path: `/containers/${previous.Id}?force=true` });
    }
    if (spec.network) await this.ensureNetwork(spec.network);
    const limits = RESOURCE_LIMITS[spec.resource];
    const body = {
      Image: spec.image,
      Env: spec.env.map((e) => `${e.name}=${e.value}`),
      Labels: { [MANAGED_LABEL]: '1', [RESOURCE_LABEL]: spec.resource },
      ExposedPorts: Object.fromEntries(spec.ports.map((p) => [`${p.containerPort}/${p.protocol}`, {}])),
      HostConfig: {
        // busybox and many small images ignore SIGTERM as PID 1: the engine's init forwards it.
        Init: true,
        NanoCpus: Math.round(limits.cpus * 1e9),
        Memory: limits.memoryMb * MB,
        // No swap beyond the limit: the limit is what the app gets.
        MemorySwap: limits.memoryMb * MB,
        PidsLimit: 512,
        PortBindings: Object.fromEntries(
          spec.ports.map((p) => [
            `${p.containerPort}/${p.protocol}`,
            [{ HostIp: this.options.bindAddress ?? '', HostPort: String(p.hostPort) }],
          ]),
        ),
        Mounts: spec.volumes.map((v) => ({ Type: 'volume', Source: v.name, Target: v.containerPath })),
        ...(spec.network && { NetworkMode: spec.network }),
      },
    };
    progress(60, `Creating ${spec.name}`);
    const created = await this.engine
      .json<{ Id: string }>({
        method: 'POST',
        path: `/containers/create?name=${encodeURIComponent(spec.name)}`,
        body,
      })
      .catch((err: Error) => {
        throw new PlatformRefusal('failed', `${messages.deployFailed} ${err.message}`);
      });
    if (refusal) {
      this.waiting.set(spec.name, refusal);
    } else {
      progress(80, `Starting ${spec.name}`);
      try {
        await this.engine.json({ method: 'POST', path: `/containers/${created.Id}/start` });
      } catch (err) {
        // Nothing half made: an app that cannot start (a port taken) is removed again.
        await this.engine
          .json({ method: 'DELETE', path: `/containers/${created.Id}?force=true` })
          .catch(() => undefined);
        throw new PlatformRefusal('failed', `${messages.containerStartError}: ${(err as Error).message}`);
      }
    }
    this.changed();
    const described = await this.described(spec.name);
    if (!described) throw new PlatformRefusal('failed', messages.deployFailed);
    return described;
  }

  private async ensureNetwork(name: string): Promise<void> {
    try {
      await this.engine.json({ path: `/networks/${encodeURIComponent(name)}` });
    } catch (err) {
      if (!(err instanceof EngineError) || err.status !== 404) throw err;
      await this.engine.json({
        method: 'POST',
        path: '/networks/create',
        body: { Name: name, Driver: 'bridge' },
      });
    }
  }

  async action(name: string, action: ContainerAction): Promise<InstalledContainer | null> {
    const found = await this.find(name);
    if (!found) throw new PlatformRefusal('failed', messages.containerNotFound);
    const words = {
      start: messages.containerStartError,
      stop: messages.containerStopError,
      restart: messages.containerRestartError,
      remove: messages.containerRemoveError,
    }[action];
    if (action === 'start' || (action === 'restart' && found.State !== 'running')) {
      const level = levelOf(found.Labels);
      const refusal = level && reservationRefusal(this.capacity, await this.reserved(name), level);
      if (refusal) throw new PlatformRefusal('failed', refusal);
    }
    try {
      if (action === 'remove')
        await this.engine.json({ method: 'DELETE', path: `/containers/${found.Id}?force=true` });
      else if (action === 'stop')
        await this.engine.json({
          method: 'POST',
          path: `/containers/${found.Id}/stop?t=10`,
          timeoutMs: 30_000,
        });
      else
        await this.engine.json({
          method: 'POST',
          path: `/containers/${found.Id}/${action}?t=10`,
          timeoutMs: 30_000,
        });
    } catch (err) {
      throw new PlatformRefusal('failed', `${words}: ${(err as Error).message}`);
    }
    if (action === 'remove' || action === 'start' || action === 'restart') this.waiting.delete(name);
    this.changed();
    if (action === 'remove' || action === 'stop') await this.startWaiting();
    return action === 'remove' ? null : this.described(name);
  }

  /** Starts the apps installed anyway whose reservation fits now, oldest first. */
  private async startWaiting(): Promise<void> {
    for (const name of [...this.waiting.keys()]) {
      const found = await this.find(name).catch(() => undefined);
      if (!found) {
        this.waiting.delete(name);
        continue;
      }
      const level = levelOf(found.Labels);
      if (level && reservationRefusal(this.capacity, await this.reserved(name), level)) continue;
      this.waiting.delete(name);
      await this.engine
        .json({ method: 'POST', path: `/containers/${found.Id}/start` })
        .catch((err: Error) => {
          this.options.log.warn(`waiting app ${name} did not start: ${err.message}`);
        });
    }
  }

  async inspect(name: string): Promise<ContainerDefinition> {
    const found = await this.find(name);
    if (!found) throw new PlatformRefusal('failed', messages.containerNotFound);
    const c = await this.engine.json<{
      Config: { Image: string; Env?: string[] };
      HostConfig: {
        Memory?: number;
        NetworkMode?: string;
        PortBindings?: Record<string, { HostPort?: string }[] | null>;
      };
      Mounts?: { Type: string; Name?: string; Destination: string }[];
    }>({ path: `/containers/${found.Id}/json` });
    const ports = Object.entries(c.HostConfig.PortBindings ?? {}).flatMap(([key, bindings]) => {
      const [port, protocol] = key.split('/');
      return (bindings ?? [])
        .filter((b) => b.HostPort)
        .map((b) => ({
          hostPort: Number(b.HostPort),
          containerPort: Number(port),
          protocol: protocol === 'udp' ? ('udp' as const) : ('tcp' as const),
        }));
    });
    const network = c.HostConfig.NetworkMode;
    return {
      name,
      image: c.Config.Image,
      // The image's own PATH and HOME come back with the app's variables, and Podman adds its TERM and
      // `container`: they are the image's and the engine's, not the app's.
      env: (c.Config.Env ?? [])
        .map((e) => ({ name: e.slice(0, e.indexOf('=')), value: e.slice(e.indexOf('=') + 1) }))
        .filter((e) => e.name && !ENGINE_ENV.includes(e.name)),
      ports,
      volumes: (c.Mounts ?? [])
        .filter((m) => m.Type === 'volume' && m.Name)
        .map((m) => ({ name: m.Name!, containerPath: m.Destination })),
      ...(network && !['default', 'bridge', 'host', 'none'].includes(network) && { network }),
      resource: levelOf(found.Labels) ?? levelFor(c.HostConfig.Memory),
    };
  }

  async engineInfo(): Promise<EngineInfo> {
    const [info, version, df] = await Promise.all([
      this.engine.json<EngineSystemInfo>({ path: '/info' }),
      this.engine.json<{ Version?: string; ApiVersion?: string; Components?: { Name: string }[] }>({
        path: '/version',
      }),
      // Podman's disk report can fail while a container is being removed: the rest is still worth showing.
      this.engine
        .json<EngineDiskUse>({ path: '/system/df', timeoutMs: 15_000 })
        .catch((): EngineDiskUse => ({})),
    ]);
    // Docker calls its component "Engine"; Podman "Podman Engine" (and says 0 for its layers: the images add up).
    const component = version.Components?.find((c) => /engine/i.test(c.Name))?.Name ?? 'Engine';
    const sum = (sizes: (number | undefined)[]) => sizes.reduce<number>((a, b) => a + Math.max(0, b ?? 0), 0);
    return {
      name: (component === 'Engine' ? 'Docker Engine' : component).slice(0, 64),
      version: (version.Version ?? info.ServerVersion ?? '').slice(0, 64),
      apiVersion: (version.ApiVersion ?? '').slice(0, 32),
      os: (info.OperatingSystem ?? '').slice(0, 128),
      kernel: (info.KernelVersion ?? '').slice(0, 128),
      storageDriver: (info.Driver ?? '').slice(0, 64),
      cgroupDriver: (info.CgroupDriver ?? '').slice(0, 64),
      cgroupVersion: (info.CgroupVersion ?? '').slice(0, 8),
      dataRoot: (info.DockerRootDir ?? '').slice(0, 255),
      cpus: info.NCPU ?? 0,
      memoryBytes: info.MemTotal ?? 0,
      images: info.Images ?? 0,
      containers: {
        running: info.ContainersRunning ?? 0,
        paused: info.ContainersPaused ?? 0,
        stopped: info.ContainersStopped ?? 0,
      },
      disk: {
        images: df.LayersSize || sum((df.Images ?? []).map((i) => i.Size)),
        containers: sum((df.Containers ?? []).map((c) => c.SizeRw)),
        volumes: sum((df.Volumes ?? []).map((v) => v.UsageData?.Size)),
      },
    };
  }

  volume = (args: RpcArgs<'containers.volume'>) => volumes(this.engine, args);
  network = (args: RpcArgs<'containers.network'>) => networks(this.engine, args);

  async exec(name: string, size: TerminalSize, io: TerminalIo): Promise<TerminalSession> {
    const found = await this.find(name);
    if (!found) throw new PlatformRefusal('failed', messages.containerNotFound);
    return execShell(this.engine, found, size, io);
  }

  async desktop(uuid: string, io: TerminalIo): Promise<TerminalSession> {
    const found = (await this.summaries()).find((c) => hasUuid(c, uuid));
    if (!found) throw new PlatformRefusal('failed', messages.containerNotFound);
    return containerDesktop(this.engine, found, io);
  }

  async logs(name: string, tail: number): Promise<string[]> {
    const found = await this.find(name);
    if (!found) throw new PlatformRefusal('failed', messages.containerNotFound);
    const raw = await this.engine.bytes({
      path: `/containers/${found.Id}/logs?stdout=1&stderr=1&tail=${tail}`,
    });
    return demultiplex(raw);
  }
}
