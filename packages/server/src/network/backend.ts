/**
 * What Settings > Network needs from the host's network manager: write the configuration of the interfaces
 * the console manages, apply one interface's, and put the files back as they were for a rollback. Two
 * backends: Debian's ifupdown (ifupdown.ts) and systemd-networkd (networkd.ts). The one in use is the one
 * the host runs (networkd writes its state under /run/systemd/netif while it runs), unless NETWORK_BACKEND
 * names one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NetworkBackendKind, NetworkInterfaceConfig } from '@edge/protocol';

export interface NetworkBackend {
  readonly kind: NetworkBackendKind;
  /** Whether the network manager's tools are installed. */
  available(): Promise<boolean>;
  /** What the console's files hold now, as text: kept with a pending change and given back to `restore`. */
  snapshot(): Promise<string>;
  /** The interface configurations a snapshot holds, by interface name. */
  managedIn(snapshot: string): Map<string, NetworkInterfaceConfig>;
  /** Makes `config` the interface's configuration: files written from `before`, the interface brought up with it. */
  apply(config: NetworkInterfaceConfig, before: string): Promise<void>;
  /**
   * Puts the files back as `snapshot` had them. The interface is then configured as they say, or, when they do
   * not name it, left without global addresses (the caller puts back what it held by hand).
   */
  restore(name: string, snapshot: string): Promise<void>;
}

/** The backend the host runs: networkd when its state directory says it is running, ifupdown otherwise. */
export function detectBackend(runDir = '/run'): NetworkBackendKind {
  return fs.existsSync(path.join(runDir, 'systemd', 'netif', 'state')) ? 'networkd' : 'ifupdown';
}

/** Each managed configuration is kept in its file as a JSON comment, so it reads back exactly. */
const CONFIG_COMMENT = '# edge-console-config ';

export const HEADER =
  '# Written by Edge Console (Settings > Network). Changes made here are replaced there.\n';

export const configComment = (config: NetworkInterfaceConfig): string =>
  `${CONFIG_COMMENT}${JSON.stringify(config)}\n`;

/** The configurations a file's text holds, by interface name. */
export function parseManaged(text: string): Map<string, NetworkInterfaceConfig> {
  const managed = new Map<string, NetworkInterfaceConfig>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(CONFIG_COMMENT)) continue;
    const config = JSON.parse(line.slice(CONFIG_COMMENT.length)) as NetworkInterfaceConfig;
    managed.set(config.name, config);
  }
  return managed;
}

/** Writes a file whole (a new one renamed over the old), so the network manager never reads half of it. */
export async function writeWhole(file: string, text: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.new`;
  await fs.promises.writeFile(temporary, text, { mode: 0o644 });
  await fs.promises.rename(temporary, file);
}
