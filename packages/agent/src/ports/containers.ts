/**
 * The containers port: container apps on the device (SPEC 2 Container app; SPEC 4 states and actions).
 * The Linux side talks to the Docker Engine API over its unix socket (platform/linux-containers.ts), the
 * simulator keeps containers in memory with the same states, limits, logs and refusals.
 */
import type {
  ContainerApp,
  ContainerAction,
  ContainerDefinition,
  ContainerSpec,
  EngineInfo,
  InstalledContainer,
  RpcArgs,
  RpcResult,
  TerminalSize,
} from '@edge/protocol';
import type { containerRpc } from '@edge/protocol';
import type { Progress } from '../platform/platform.ts';
import type { PortHandlers } from './host.ts';
import type { TerminalIo, TerminalSession } from './terminal.ts';

/** Every method of the containers capability (protocol containerRpc). */
export type ContainersMethod = keyof typeof containerRpc;

export interface ContainersPort {
  /** Pulls, creates and starts; refuses (nothing created) when the reservation does not fit. */
  deploy(spec: ContainerSpec, progress: Progress, signal: AbortSignal): Promise<InstalledContainer>;
  list(stats: boolean): Promise<RpcResult<'containers.list'>>;
  /** The container after the action; null once removed. */
  action(name: string, action: ContainerAction): Promise<InstalledContainer | null>;
  logs(name: string, tail: number): Promise<string[]>;
  /**
   * A shell inside a running container (the container terminal), as a terminal session the tunnel carries;
   * refused with SPEC words when the container is not running or not there.
   */
  exec(name: string, size: TerminalSize, io: TerminalIo): Promise<TerminalSession>;
  /**
   * The graphical session of the container with this UUID: a stream to the VNC server in it or beside it
   * in its network namespace. An engine whose containers have no network of their own has none.
   */
  desktop?(uuid: string, io: TerminalIo): Promise<TerminalSession>;
  /** What the container is made of, to copy or adopt it. */
  inspect(name: string): Promise<ContainerDefinition>;
  volume(args: RpcArgs<'containers.volume'>): Promise<RpcResult<'containers.volume'>>;
  network(args: RpcArgs<'containers.network'>): Promise<RpcResult<'containers.network'>>;
  /** The engine's version, configuration and disk use (the hypervisor view). */
  engineInfo(): Promise<EngineInfo>;
  /** The apps' names and states, as the `containers` message and the telemetry carry them. */
  states(): Promise<ContainerApp[]>;
  /** `listener` is told whenever an app changed (an engine event, a deploy, an action). */
  onChanged(listener: () => void): void;
}

export const containersRpc = (port: ContainersPort): PortHandlers<ContainersMethod> => ({
  'containers.deploy': async (args, progress, signal) => ({
    container: await port.deploy(args, progress, signal),
  }),
  'containers.list': (args) => port.list(args.stats),
  'containers.action': async (args) => ({ container: await port.action(args.name, args.action) }),
  'containers.logs': async (args) => ({ lines: await port.logs(args.name, args.tail) }),
  'containers.inspect': async (args) => ({ definition: await port.inspect(args.name) }),
  'containers.volume': (args) => port.volume(args),
  'containers.network': (args) => port.network(args),
  'containers.engine': async () => ({ engine: await port.engineInfo() }),
});
