/** The real backend on this machine, compared with /proc, and its parsers on fixed text. */
import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, test } from 'vitest';
import { heartbeatMessage, helloMessage, telemetryMessage } from '@edge/protocol';
import { lineLog } from '../log.ts';
import { pingSummary, tracerouteHop } from './diagnose.ts';
import { LinuxPlatform } from './linux.ts';
import {
  cpuUsage,
  interfaceKind,
  parseArp,
  parseCpuTimes,
  parseDefaultRoute,
  parseDhcpLeases,
  parseMeminfo,
  parseNetDev,
  parseUptime,
} from './linux-proc.ts';

const platform = () => new LinuxPlatform({ serial: 'LNX-1', model: 'Test Box', log: lineLog('silent') });
const meminfo = () => parseMeminfo(fs.readFileSync('/proc/meminfo', 'utf8'));

describe('the Linux backend on this machine', () => {
  test('reports the true uptime and memory', async () => {
    const heartbeat = await platform().system.heartbeat();
    const uptime = parseUptime(fs.readFileSync('/proc/uptime', 'utf8'));
    expect(Math.abs(heartbeat.uptime - uptime)).toBeLessThan(2);
    const memory = meminfo();
    expect(heartbeat.memory.total).toBe(memory.total);
    expect(heartbeat.memory.total).toBe(
      Number(/MemTotal:\s+(\d+)/.exec(fs.readFileSync('/proc/meminfo', 'utf8'))![1]) * 1024,
    );
    expect(Math.abs(heartbeat.memory.used - memory.used)).toBeLessThan(memory.total * 0.05);
    expect(heartbeat.cpuCores).toBe(os.cpus().length);
    expect(heartbeat.disk.total).toBeGreaterThan(0);
    expect(heartbeat.cpuUsage).toBeGreaterThanOrEqual(0);
  });

  test('speaks the protocol: hello, heartbeat and telemetry pass their schemas', async () => {
    const linux = platform();
    const { ifaceName, ...facts } = await linux.system.facts();
    expect(facts.hostname).toBe(os.hostname());
    expect(ifaceName).not.toBe('');
    helloMessage.parse({ ...facts, reportInterval: 'latency' });
    heartbeatMessage.parse({
      ...(await linux.system.heartbeat()),
      ts: Date.now(),
      reportInterval: 30,
      idle: false,
    });
    await linux.system.telemetry();
    await new Promise((r) => setTimeout(r, 100));
    const telemetry = telemetryMessage.parse({ ...(await linux.system.telemetry()), ts: Date.now() });
    expect(telemetry.interfaces.map((i) => i.name)).not.toContain('lo');
  });

  test('reboot is a dry run unless asked otherwise', async () => {
    let wentOffline = false;
    await platform().system.reboot({
      goOffline: async () => void (wentOffline = true),
      comeBack() {},
      after() {},
    });
    expect(wentOffline).toBe(false);
  });
});

describe('Linux file parsers', () => {
  test('CPU usage from two /proc/stat samples', () => {
    const a = parseCpuTimes('cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 1 2 3 4\n');
    const b = parseCpuTimes('cpu  150 0 150 900 0 0 0 0 0 0\n');
    expect(cpuUsage(a, b)).toBe(50);
  });

  test('memory, traffic, routes, neighbours and leases', () => {
    expect(parseMeminfo('MemTotal: 1000 kB\nMemFree: 100 kB\nMemAvailable: 400 kB\n')).toEqual({
      total: 1024000,
      used: 614400,
    });
    const dev =
      'Inter-|   Receive\n face |bytes\n    lo: 5 0 0 0 0 0 0 0 5 0 0 0 0 0 0 0\n  eth0: 1000 10 0 0 0 0 0 0 2000 20 0 0 0 0 0 0\n';
    expect(parseNetDev(dev)).toEqual([{ name: 'eth0', rxBytes: 1000, txBytes: 2000 }]);
    expect(
      parseDefaultRoute(
        'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\neth1\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\n',
      ),
    ).toBe('eth1');
    const arp =
      'IP address HW type Flags HW address Mask Device\n192.168.1.20 0x1 0x2 AA:BB:CC:DD:EE:FF * br-lan\n192.168.1.21 0x1 0x0 00:00:00:00:00:00 * br-lan\n';
    expect(parseArp(arp)).toEqual([{ ip: '192.168.1.20', mac: 'aa:bb:cc:dd:ee:ff', device: 'br-lan' }]);
    expect(
      parseDhcpLeases(
        '1700000000 aa:bb:cc:dd:ee:ff 192.168.1.20 laptop 01:aa\n1700000000 11:22:33:44:55:66 192.168.1.21 * *\n',
      ).get('aa:bb:cc:dd:ee:ff'),
    ).toBe('laptop');
    expect(['eth0', 'wlan0', 'wwan0', 'wg0', 'tun0'].map(interfaceKind)).toEqual([
      'ethernet',
      'wifi',
      'cellular',
      'dataPlane',
      'controlPlane',
    ]);
  });

  test('ping and traceroute output', () => {
    expect(
      pingSummary([
        '4 packets transmitted, 3 received, 25% packet loss, time 3004ms',
        'rtt min/avg/max/mdev = 1.1/2.2/3.3/0.4 ms',
      ]),
    ).toEqual({
      transmitted: 4,
      received: 3,
      lossPercent: 25,
      rttMs: { min: 1.1, avg: 2.2, max: 3.3 },
    });
    expect(tracerouteHop(' 3  10.0.0.1  1.234 ms  1.1 ms  0.9 ms')).toEqual({
      ttl: 3,
      host: '10.0.0.1',
      rttMs: 1.234,
    });
    expect(tracerouteHop(' 4  * * *')).toEqual({ ttl: 4, host: null, rttMs: null });
    expect(tracerouteHop('traceroute to 8.8.8.8, 30 hops max')).toBeNull();
  });
});
