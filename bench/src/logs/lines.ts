/**
 * A fleet's log lines in simulated time, as the console's flush would write them: every device about one
 * line a minute (programs and levels in the mix a router writes), and reboots whose ~50 boot lines arrive
 * within seconds. Deterministic (seeded), so two backends get the same rows.
 */
import type { LogLine } from '@edge/server/logs';

export const PROGRAMS = [
  'dnsmasq-dhcp',
  'hostapd',
  'netifd',
  'firewall',
  'kernel',
  'dropbear',
  'ntpd',
  'odhcpd',
  'procd',
  'uhttpd',
  'edge-agent',
  'config',
] as const;

/** xorshift32: fast, seeded. */
export function rng(seed: number) {
  let x = seed || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(a: readonly T[]) => a[Math.floor(next() * a.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

export const deviceId = (n: number) => `bench-${n.toString(16).padStart(12, '0')}`;

export function line(r: Rng, device: string, at: number): LogLine {
  const program = r.pick(PROGRAMS);
  const roll = r.next();
  const level = roll < 0.03 ? 'error' : roll < 0.1 ? 'warning' : 'info';
  const host = `client-${r.int(5000)}`;
  const ip = `192.168.${r.int(8)}.${r.int(250)}`;
  const message =
    program === 'dnsmasq-dhcp'
      ? `DHCPACK(br-lan) ${ip} 3c:22:fb:${r.int(99)}:${r.int(99)}:${r.int(99)} ${host}`
      : program === 'dropbear'
        ? `Bad password attempt for 'root' from ${ip}:${40000 + r.int(20000)}`
        : program === 'hostapd'
          ? `wlan0: STA 3c:22:fb:${r.int(99)}:${r.int(99)}:${r.int(99)} IEEE 802.11: associated (aid ${r.int(64)})`
          : level === 'error'
            ? `${program}: operation failed with code ${r.int(255)} on eth${r.int(4)}`
            : `${program}: state change ${r.int(1000)} on interface eth${r.int(4)} (${host})`;
  return { device_id: device, level, program, message, alarm_code: null, created_at: at };
}

/** A reboot's burst: 50 lines within 1 s of boot. */
export function burst(r: Rng, device: string, at: number): LogLine[] {
  return Array.from({ length: 50 }, (_, i) => ({
    device_id: device,
    level: i === 7 ? 'warning' : 'info',
    program: i < 30 ? 'kernel' : r.pick(['procd', 'netifd', 'dnsmasq', 'hostapd']),
    message: `boot ${i}: ${i < 30 ? 'kernel init step' : 'service start'} ${r.int(100000)}`,
    alarm_code: null,
    created_at: at + i * 20,
  }));
}

/**
 * The lines of `minutes` of simulated time from `start`, per flush window (`windowMs`): each device
 * writes at a random moment of each minute; `rebootShare` of the devices reboot once in the span.
 */
export function* simulatedSpan(o: {
  devices: number;
  start: number;
  minutes: number;
  windowMs: number;
  rebootShare: number;
  seed: number;
}): Generator<LogLine[]> {
  const r = rng(o.seed);
  const span = o.minutes * 60_000;
  const reboots = new Map<number, number[]>();
  for (let d = 0; d < o.devices; d++)
    if (r.next() < o.rebootShare) {
      const w = Math.floor((r.next() * span) / o.windowMs);
      reboots.set(w, [...(reboots.get(w) ?? []), d]);
    }
  const perWindow = (o.devices * o.windowMs) / 60_000;
  let carry = 0;
  for (let w = 0; w < span / o.windowMs; w++) {
    const from = o.start + w * o.windowMs;
    const batch: LogLine[] = [];
    carry += perWindow;
    for (; carry >= 1; carry--) batch.push(line(r, deviceId(r.int(o.devices)), from + r.int(o.windowMs)));
    for (const d of reboots.get(w) ?? []) batch.push(...burst(r, deviceId(d), from));
    yield batch;
  }
}
