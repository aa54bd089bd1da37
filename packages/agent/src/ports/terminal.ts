/**
 * The terminal port (issue 19): a shell on the device, relayed through the tunnel (client/tunnels.ts) to the
 * console and on to the browser. The real agent's is a PTY running the login shell; a simulated device's a
 * small shell of its own over its simulated state, never a shell on the simulator's machine.
 */
import {
  jumpServiceAt,
  messages,
  REMOTE_HELP_PORT,
  type GeneralSection,
  type TerminalSize,
} from '@edge/protocol';
import { PlatformRefusal } from '../platform/platform.ts';
import type { ContainersPort } from './containers.ts';
import type { PortHandlers } from './host.ts';

export interface TerminalSession {
  /** What runs, e.g. `/bin/bash -l`. */
  readonly shell: string;
  /** Input; a promise when taking it takes time (a socket's buffer), so credit goes back only after. */
  write(data: Uint8Array): void | Promise<void>;
  resize(size: TerminalSize): void;
  /** Output stops until resume (the console has no credit left for it). */
  pause(): void;
  resume(): void;
  /** Ends the shell; `ended` is not called for a close asked for. */
  close(): void;
}

export interface TerminalIo {
  output(data: Uint8Array): void;
  /** The shell ended by itself (exit, killed). */
  ended(reason: string): void;
}

export interface TerminalPort {
  open(size: TerminalSize, io: TerminalIo): Promise<TerminalSession>;
  /**
   * A device-local TCP service (jump to device: its web interface, SSH, a custom port), as a stream of the
   * same shape; `resize` means nothing to it.
   */
  connect?(port: number, io: TerminalIo): Promise<TerminalSession>;
  /**
   * The device's VNC server (the remote desktop), as a stream of the same shape: a port the device picks
   * itself, so the console reaches its screen and nothing else by this kind.
   */
  desktop?(io: TerminalIo): Promise<TerminalSession>;
}

/** Where opened sessions go: the client's tunnels, which carry their bytes (client/tunnels.ts). */
export interface TunnelHost {
  open(
    session: string,
    window: number,
    start: (io: TerminalIo) => Promise<TerminalSession>,
  ): Promise<{ shell: string; window: number }>;
  close(session: string): boolean;
}

/**
 * Whether a tunnel stream may reach a device-local port: one of the jump-to services, or 22 while remote
 * help is on. A device that applies no configuration (null) has no list to hold to.
 */
export function mayReach(general: GeneralSection | null, port: number): boolean {
  if (!general) return true;
  return port === REMOTE_HELP_PORT ? general.remoteHelp : jumpServiceAt(general, port) !== undefined;
}

export const terminalRpc = (
  port: TerminalPort,
  tunnels: TunnelHost,
  general: () => GeneralSection | null,
  /** The device's containers (the container terminal); a device without an engine has none. */
  containers?: Pick<ContainersPort, 'exec' | 'desktop'>,
): PortHandlers<'tunnel.open' | 'tunnel.close'> => ({
  'tunnel.open': async (args) => {
    if (args.kind === 'shell')
      return tunnels.open(args.session, args.window, (io) => port.open(args.size, io));
    if (args.kind === 'exec') {
      const name = args.container;
      if (!containers) throw new PlatformRefusal('unsupported', messages.deployNoEngine);
      if (!name) throw new PlatformRefusal('failed', messages.containerNotFound);
      return tunnels.open(args.session, args.window, (io) => containers.exec(name, args.size, io));
    }
    if (args.kind === 'desktop' && args.uuid !== undefined) {
      const uuid = args.uuid;
      const desktop = containers?.desktop?.bind(containers);
      if (!desktop)
        throw new PlatformRefusal('unsupported', 'This device has no container with a remote desktop.');
      return tunnels.open(args.session, args.window, (io) => desktop(uuid, io));
    }
    if (args.kind === 'desktop') {
      const desktop = port.desktop?.bind(port);
      if (!desktop) throw new PlatformRefusal('unsupported', 'This device has no remote desktop.');
      return tunnels.open(args.session, args.window, (io) => desktop(io));
    }
    const connect = port.connect?.bind(port);
    if (!connect || args.port === undefined)
      throw new PlatformRefusal('unsupported', 'This device cannot open TCP streams.');
    const target = args.port;
    if (!mayReach(general(), target))
      throw new PlatformRefusal('failed', `Port ${target} is not one of this device's jump-to services.`);
    return tunnels.open(args.session, args.window, (io) => connect(target, io));
  },
  'tunnel.close': async (args) => ({ closed: tunnels.close(args.session) }),
});
