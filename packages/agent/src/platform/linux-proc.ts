/** Parsers of the Linux files the real backend reads. Pure functions: tested against fixed text. */
import type { InterfaceKind } from '@edge/protocol';

/** /proc/uptime: "12345.67 23456.78" -> seconds since boot. */
export function parseUptime(text: string): number {
  return Number.parseFloat(text.trim().split(/\s+/)[0] ?? '0');
}

export interface CpuTimes {
  idle: number;
  total: number;
}

/** The aggregate `cpu` line of /proc/stat; idle includes iowait (a CPU waiting on a disk is not busy). */
export function parseCpuTimes(text: string): CpuTimes {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  const values = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

/** Busy share between two samples, percent with one decimal. */
export function cpuUsage(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  if (total <= 0) return 0;
  const busy = total - (after.idle - before.idle);
  return Math.round(Math.min(100, Math.max(0, (busy / total) * 100)) * 10) / 10;
}

/** /proc/meminfo -> bytes; used = total - available (what the kernel could hand out without swapping). */
export function parseMeminfo(text: string): { total: number; used: number } {
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) * 1024;
  const total = kib('MemTotal');
  const available = /^MemAvailable:/m.test(text)
    ? kib('MemAvailable')
    : kib('MemFree') + kib('Buffers') + kib('Cached');
  return { total, used: Math.max(0, total - available) };
}

export interface InterfaceCounters {
  name: string;
  rxBytes: number;
  txBytes: number;
}

/** /proc/net/dev: per interface received and transmitted bytes (loopback left out). */
export function parseNetDev(text: string): InterfaceCounters[] {
  const result: InterfaceCounters[] = [];
  for (const line of text.split('\n').slice(2)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    if (name === 'lo') continue;
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    result.push({ name, rxBytes: fields[0] ?? 0, txBytes: fields[8] ?? 0 });
  }
  return result;
}

/** /proc/net/route: the interface of the default route (destination 00000000), if any. */
export function parseDefaultRoute(text: string): string | null {
  for (const line of text.split('\n').slice(1)) {
    const [iface, destination, , , , , , mask] = line.trim().split(/\s+/);
    if (destination === '00000000' && mask === '00000000' && iface) return iface;
  }
  return null;
}

export interface ArpEntry {
  ip: string;
  mac: string;
  device: string;
}

/** /proc/net/arp: complete entries (flags 0x2) of neighbours on the device's networks. */
export function parseArp(text: string): ArpEntry[] {
  const entries: ArpEntry[] = [];
  for (const line of text.split('\n').slice(1)) {
    const [ip, , flags, mac, , device] = line.trim().split(/\s+/);
    if (!ip || !mac || !device || flags !== '0x2' || mac === '00:00:00:00:00:00') continue;
    entries.push({ ip, mac: mac.toLowerCase(), device });
  }
  return entries;
}

/** dnsmasq leases (OpenWrt /tmp/dhcp.leases): "expiry mac ip hostname client-id" -> mac -> hostname. */
export function parseDhcpLeases(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [, mac, , hostname] = line.trim().split(/\s+/);
    if (mac && hostname && hostname !== '*') names.set(mac.toLowerCase(), hostname);
  }
  return names;
}

/** Container and VM plumbing: its traffic is counted where it leaves the device, so it is not reported. */
export const isVirtualPlumbing = (name: string): boolean =>
  /^(veth|docker|br-|virbr|cni|flannel|dummy)/.test(name);

/**
 * What kind of link an interface name means on Linux and OpenWrt. Overlay tunnels (WireGuard, the secure
 * SD-WAN) carry the data plane; tun/tap management tunnels the control plane.
 */
export function interfaceKind(name: string): InterfaceKind {
  if (/^(wlan|wl|phy|ath|ra)\d*/.test(name)) return 'wifi';
  if (/^(wwan|rmnet|usb|qmimux|mhi|ppp)\d*/.test(name)) return 'cellular';
  if (/^(wg|orphe|zt)/.test(name)) return 'dataPlane';
  if (/^(tun|tap)/.test(name)) return 'controlPlane';
  return 'ethernet';
}
