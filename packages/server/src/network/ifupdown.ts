/**
 * The network backend for Debian's ifupdown: the interfaces the console manages are stanzas of one file
 * (config.network.interfacesFile, sourced from /etc/network/interfaces so the host brings them up the same
 * way at boot), applied with ifdown/ifup on that file alone.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { prefixOfNetmask, type NetworkInterfaceConfig } from '@edge/protocol';
import type { HostCommands } from './host.ts';

const HEADER = '# Written by Edge Console (Settings > Network). Changes made here are replaced there.\n';

/** The stanzas of one interface. */
export function stanzaOf(config: NetworkInterfaceConfig): string {
  const { name, ipv4, ipv6, dns } = config;
  const lines = [`auto ${name}`];
  if (ipv4.status === 'static') {
    lines.push(
      `iface ${name} inet static`,
      `    address ${ipv4.iPAddress}/${prefixOfNetmask(ipv4.mask)}`,
      `    gateway ${ipv4.gateway}`,
    );
  } else lines.push(`iface ${name} inet dhcp`);
  if (dns.status === 'manual') {
    const servers = [dns.primaryDNSServer, dns.secondaryDNSServer].filter(Boolean).join(' ');
    lines.push(`    dns-nameservers ${servers}`);
  }
  const inet6: Record<NetworkInterfaceConfig['ipv6']['status'], string[]> = {
    static: [
      `iface ${name} inet6 static`,
      `    address ${ipv6.iPAddress}/${ipv6.prefixLength}`,
      `    gateway ${ipv6.gateway}`,
      // Duplicate address detection would hold ifup for seconds on every apply.
      '    dad-attempts 0',
    ],
    stateless: [`iface ${name} inet6 auto`],
    stateful: [`iface ${name} inet6 dhcp`],
    linkLocal: [`iface ${name} inet6 manual`],
  };
  lines.push(...inet6[ipv6.status]);
  return `${lines.join('\n')}\n`;
}

/** The configs the file holds, by interface name, kept as JSON comments so they read back exactly. */
export function parseManaged(text: string): Map<string, NetworkInterfaceConfig> {
  const managed = new Map<string, NetworkInterfaceConfig>();
  for (const line of text.split('\n')) {
    const json = /^# edge-console-config (.*)$/.exec(line)?.[1];
    if (!json) continue;
    const config = JSON.parse(json) as NetworkInterfaceConfig;
    managed.set(config.name, config);
  }
  return managed;
}

function render(managed: Map<string, NetworkInterfaceConfig>): string {
  const parts = [...managed.values()].map(
    (config) => `# edge-console-config ${JSON.stringify(config)}\n${stanzaOf(config)}`,
  );
  return HEADER + parts.join('\n');
}

export interface IfupdownBackend {
  /** Whether ifup and ifdown are installed. */
  available(): Promise<boolean>;
  /** The file's text now ('' when there is none). */
  read(): Promise<string>;
  /** Replaces the file with `text` (written whole, then renamed over the old one). */
  write(text: string): Promise<void>;
  withConfig(text: string, config: NetworkInterfaceConfig): string;
  /** Takes the interface down as the file says, or clears its addresses when the file does not name it. */
  down(name: string, managedNow: boolean): Promise<void>;
  up(name: string): Promise<void>;
}

export function ifupdownBackend(options: {
  host: HostCommands;
  interfacesFile: string;
  stateDir: string | undefined;
}): IfupdownBackend {
  const { host, interfacesFile, stateDir } = options;
  const common = () => ['-i', interfacesFile, ...(stateDir ? ['--state-dir', stateDir] : [])];
  return {
    async available() {
      try {
        await host.exec('ifup', ['--version']);
        return true;
      } catch {
        return false;
      }
    },
    read: () => fs.readFile(interfacesFile, 'utf8').catch(() => ''),
    async write(text) {
      await fs.mkdir(path.dirname(interfacesFile), { recursive: true });
      const temporary = `${interfacesFile}.new`;
      await fs.writeFile(temporary, text, { mode: 0o644 });
      await fs.rename(temporary, interfacesFile);
    },
    withConfig(text, config) {
      const managed = parseManaged(text);
      managed.set(config.name, config);
      return render(managed);
    },
    async down(name, managedNow) {
      if (managedNow) await host.exec('ifdown', ['--force', ...common(), name]).catch(() => '');
      await host.exec('ip', ['addr', 'flush', 'dev', name, 'scope', 'global']);
    },
    async up(name) {
      if (stateDir) await fs.mkdir(stateDir, { recursive: true });
      await host.exec('ifup', ['--force', ...common(), name]);
    },
  };
}
