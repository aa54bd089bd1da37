/**
 * The network backend for Debian's ifupdown: the interfaces the console manages are stanzas of one file
 * (config.network.interfacesFile, sourced from /etc/network/interfaces so the host brings them up the same
 * way at boot), applied with ifdown/ifup on that file alone.
 */
import fs from 'node:fs/promises';
import { prefixOfNetmask, type NetworkInterfaceConfig } from '@edge/protocol';
import { HEADER, configComment, parseManaged, writeWhole, type NetworkBackend } from './backend.ts';
import type { HostCommands } from './host.ts';

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

function render(managed: Map<string, NetworkInterfaceConfig>): string {
  const parts = [...managed.values()].map((config) => `${configComment(config)}${stanzaOf(config)}`);
  return HEADER + parts.join('\n');
}

export function ifupdownBackend(options: {
  host: HostCommands;
  interfacesFile: string;
  stateDir: string | undefined;
}): NetworkBackend {
  const { host, interfacesFile, stateDir } = options;
  const common = () => ['-i', interfacesFile, ...(stateDir ? ['--state-dir', stateDir] : [])];

  /** Takes the interface down as the file says (when it names it), and clears its global addresses. */
  async function down(name: string, named: boolean): Promise<void> {
    if (named) await host.exec('ifdown', ['--force', ...common(), name]).catch(() => '');
    await host.exec('ip', ['addr', 'flush', 'dev', name, 'scope', 'global']);
  }
  async function up(name: string): Promise<void> {
    if (stateDir) await fs.mkdir(stateDir, { recursive: true });
    await host.exec('ifup', ['--force', ...common(), name]);
  }

  return {
    kind: 'ifupdown',
    async available() {
      try {
        await host.exec('ifup', ['--version']);
        return true;
      } catch {
        return false;
      }
    },
    snapshot: () => fs.readFile(interfacesFile, 'utf8').catch(() => ''),
    managedIn: parseManaged,
    async apply(config, before) {
      const managed = parseManaged(before);
      await down(config.name, managed.has(config.name));
      managed.set(config.name, config);
      await writeWhole(interfacesFile, render(managed));
      await up(config.name);
    },
    async restore(name, snapshot) {
      // The file in force now names it (the change did): ifdown stops what it started (a DHCP client too).
      await down(name, true);
      await writeWhole(interfacesFile, snapshot);
      if (parseManaged(snapshot).has(name)) await up(name);
    },
  };
}
