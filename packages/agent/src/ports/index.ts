/**
 * A platform is the machine the protocol client runs on, as capability ports: the real agent's are Linux
 * (platform/linux/), the simulator's make a plausible router up (platform/simulated/). Each port brings its
 * RPC handlers (client/rpc-table.ts puts them together), so a new capability is a new port: a Linux side,
 * a simulated side and its handlers, without touching the client or the other ports.
 */
import type { DiagnosticsPort } from './diagnostics.ts';
import type { ContainersPort } from './containers.ts';
import type { BackupPort } from './backup.ts';
import type { UpgradePort } from './upgrade.ts';
import type { OverlayPort } from './overlay.ts';
import type { TerminalPort } from './terminal.ts';
import type { NetworkPort } from './network.ts';
import type { SystemPort } from './system.ts';

export interface Platform {
  system: SystemPort;
  network?: NetworkPort;
  diagnostics?: DiagnosticsPort;
  containers?: ContainersPort;
  terminal?: TerminalPort;
  overlay?: OverlayPort;
  backup?: BackupPort;
  upgrade?: UpgradePort;
}

export type { SystemPort } from './system.ts';
export type { NetworkPort } from './network.ts';
export type { DiagnosticsPort } from './diagnostics.ts';
export type { TerminalPort } from './terminal.ts';
export type { ContainersPort } from './containers.ts';
export type { PortHost } from './host.ts';
export type { OverlayPort } from './overlay.ts';
export type { BackupPort } from './backup.ts';
export type { UpgradePort } from './upgrade.ts';
