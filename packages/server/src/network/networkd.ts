/**
 * The network backend for systemd-networkd: each interface the console manages is a .network file of its own
 * in networkd's directory (config.network.networkdDir), named to sort before the host's own files so it is
 * the one that matches, applied with `networkctl reload` and `networkctl reconfigure`. networkd configures
 * links in the background: an apply waits until the interface holds what it was given (as ifup waits for its
 * DHCP lease), and fails when it does not in time, so the change is rolled back at once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { prefixOfNetmask, type NetworkInterfaceConfig } from '@edge/protocol';
import { HEADER, configComment, parseManaged, writeWhole, type NetworkBackend } from './backend.ts';
import { readInterfaces, type HostCommands } from './host.ts';

const PREFIX = '10-edge-console-';
const fileOf = (name: string) => `${PREFIX}${name}.network`;
const SETTLE_TIMEOUT_MS = 30_000;

/** The .network file of one interface. */
export function networkFileOf(config: NetworkInterfaceConfig): string {
  const { name, ipv4, ipv6, dns } = config;
  const dhcp = [ipv4.status === 'dhcp' && 'ipv4', ipv6.status === 'stateful' && 'ipv6'].filter(Boolean);
  const manualDns = dns.status === 'manual';
  const network = [
    `DHCP=${dhcp.length === 2 ? 'yes' : (dhcp[0] ?? 'no')}`,
    // IPv6 link-local always; no IPv4 link-local (169.254/16) address beside the configured one.
    'LinkLocalAddressing=ipv6',
    `IPv6AcceptRA=${ipv6.status === 'stateless' || ipv6.status === 'stateful' ? 'yes' : 'no'}`,
  ];
  if (ipv4.status === 'static')
    network.push(`Address=${ipv4.iPAddress}/${prefixOfNetmask(ipv4.mask)}`, `Gateway=${ipv4.gateway}`);
  if (ipv6.status === 'static') network.push(`Gateway=${ipv6.gateway}`);
  if (manualDns)
    for (const server of [dns.primaryDNSServer, dns.secondaryDNSServer].filter(Boolean))
      network.push(`DNS=${server}`);
  const sections = [
    ['[Match]', `Name=${name}`],
    ['[Network]', ...network],
  ];
  if (ipv6.status === 'static')
    // Duplicate address detection would hold the address back for seconds on every apply.
    sections.push([
      '[Address]',
      `Address=${ipv6.iPAddress}/${ipv6.prefixLength}`,
      'DuplicateAddressDetection=none',
    ]);
  // Resolvers given by hand replace those a DHCP server or router would hand out.
  if (ipv4.status === 'dhcp' && manualDns) sections.push(['[DHCPv4]', 'UseDNS=no']);
  if (ipv6.status === 'stateful')
    sections.push(['[IPv6AcceptRA]', 'DHCPv6Client=always', ...(manualDns ? ['UseDNS=no'] : [])]);
  if (ipv6.status === 'stateful' && manualDns) sections.push(['[DHCPv6]', 'UseDNS=no']);
  if (ipv6.status === 'stateless' && manualDns) sections.push(['[IPv6AcceptRA]', 'UseDNS=no']);
  return `${HEADER}${configComment(config)}${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** A snapshot: the console's files in the directory, by file name. */
type Files = Record<string, string>;
const filesIn = (snapshot: string): Files => (snapshot ? (JSON.parse(snapshot) as Files) : {});

export function networkdBackend(options: { host: HostCommands; dir: string }): NetworkBackend {
  const { host, dir } = options;

  async function ours(): Promise<Files> {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const files: Files = {};
    for (const name of names.filter((n) => n.startsWith(PREFIX) && n.endsWith('.network')).sort())
      files[name] = await fs.readFile(path.join(dir, name), 'utf8');
    return files;
  }

  const reload = () => host.exec('networkctl', ['reload']);
  const reconfigure = (name: string) => host.exec('networkctl', ['reconfigure', name]);
  const flush = (name: string) => host.exec('ip', ['addr', 'flush', 'dev', name, 'scope', 'global']);

  /** Waits until the interface holds the addresses its configuration gives it (a lease, for DHCP). */
  async function settled(config: NetworkInterfaceConfig): Promise<void> {
    const { name, ipv4, ipv6 } = config;
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const now = (await readInterfaces(host)).find((i) => i.name === name);
      const has4 =
        ipv4.status === 'static'
          ? now?.ipv4.some((a) => a.address === ipv4.iPAddress)
          : (now?.ipv4.length ?? 0) > 0;
      const has6 = ipv6.status !== 'static' || now?.ipv6.some((a) => a.address === ipv6.iPAddress);
      if (has4 && has6) return;
      if (Date.now() > deadline)
        throw new Error(`systemd-networkd did not configure ${name} within ${SETTLE_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return {
    kind: 'networkd',
    async available() {
      try {
        await host.exec('networkctl', ['--version']);
        return true;
      } catch {
        return false;
      }
    },
    snapshot: async () => JSON.stringify(await ours()),
    managedIn(snapshot) {
      const managed = new Map<string, NetworkInterfaceConfig>();
      for (const text of Object.values(filesIn(snapshot)))
        for (const [name, config] of parseManaged(text)) managed.set(name, config);
      return managed;
    },
    async apply(config) {
      await writeWhole(path.join(dir, fileOf(config.name)), networkFileOf(config));
      // What the interface held goes: networkd would keep addresses it did not set until it reconfigures.
      await flush(config.name);
      await reload();
      await reconfigure(config.name);
      await settled(config);
    },
    async restore(name, snapshot) {
      const before = filesIn(snapshot);
      for (const file of Object.keys(await ours()))
        if (!(file in before)) await fs.rm(path.join(dir, file), { force: true });
      for (const [file, text] of Object.entries(before)) await writeWhole(path.join(dir, file), text);
      await flush(name);
      await reload();
      const config = parseManaged(Object.values(before).join('\n')).get(name);
      // Not named any more: networkd lets go of it (or another of the host's files matches it again).
      await reconfigure(name).catch(() => '');
      if (config) await settled(config);
    },
  };
}
