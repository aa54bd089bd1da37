/**
 * A container's graphical session on a real device: the VNC server of the container with a UUID, reached
 * at the address the device's own engine gave that container. A container carries its UUID in the
 * `edge.console.uuid` label (or is named by its engine id) and its VNC port in `edge.console.vnc-port`
 * (DESKTOP_VNC_PORT unless set). The server may run in the container or beside it in its network namespace
 * (a sidecar started with `--network container:<app>`, or the app joined to a sidecar's): either way it
 * listens on that namespace's address, which is followed through `container:` network modes to the
 * container that owns it. A container on the host's network is reached on the loopback.
 */
import { DESKTOP_VNC_PORT, messages } from '@edge/protocol';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import type { DockerEngine } from './docker-engine.ts';
import { connectLocal } from './local-tcp.ts';
import { PlatformRefusal } from './platform.ts';

export const UUID_LABEL = 'edge.console.uuid';
export const VNC_PORT_LABEL = 'edge.console.vnc-port';
/** `container:` network modes followed at most this deep (a sidecar of a sidecar). */
const MAX_HOPS = 3;

interface Inspected {
  Id: string;
  State: { Status: string };
  HostConfig: { NetworkMode?: string };
  NetworkSettings: { IPAddress?: string; Networks?: Record<string, { IPAddress?: string }> };
}

/** The UUID a container shows (SPEC 2 Container: name, UUID, id), from its label. */
export const uuidOf = (labels: Record<string, string> | undefined): string | undefined =>
  labels?.[UUID_LABEL] || undefined;

/** Whether `container` is the one with `uuid`: by its label, or by its engine id (whole or the short 12). */
export const hasUuid = (container: { Id: string; Labels?: Record<string, string> }, uuid: string): boolean =>
  uuidOf(container.Labels) === uuid ||
  container.Id === uuid ||
  (uuid.length >= 12 && container.Id.startsWith(uuid));

export function vncPortOf(labels: Record<string, string> | undefined): number {
  const named = labels?.[VNC_PORT_LABEL];
  if (named === undefined) return DESKTOP_VNC_PORT;
  const port = Number(named);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new PlatformRefusal('failed', `The container's ${VNC_PORT_LABEL} label is not a port: ${named}.`);
  return port;
}

/** The address of the network namespace the container runs in. */
async function addressOf(engine: DockerEngine, id: string, hops = 0): Promise<string> {
  const c = await engine.json<Inspected>({ path: `/containers/${id}/json` });
  const mode = c.HostConfig.NetworkMode ?? '';
  if (mode === 'host') return '127.0.0.1';
  if (mode.startsWith('container:') && hops < MAX_HOPS)
    return addressOf(engine, mode.slice('container:'.length), hops + 1);
  const address =
    Object.values(c.NetworkSettings.Networks ?? {}).find((n) => n.IPAddress)?.IPAddress ||
    c.NetworkSettings.IPAddress;
  if (!address)
    throw new PlatformRefusal('failed', 'The container has no network address for its VNC server.');
  return address;
}

export async function containerDesktop(
  engine: DockerEngine,
  container: { Id: string; State: string; Labels?: Record<string, string> },
  io: TerminalIo,
): Promise<TerminalSession> {
  if (container.State !== 'running') throw new PlatformRefusal('failed', messages.containerNotRunning);
  const port = vncPortOf(container.Labels);
  const address = await addressOf(engine, container.Id);
  return connectLocal(port, io, address);
}
