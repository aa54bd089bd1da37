/**
 * Diagnose on the device: the parsers of the real tools' output (fixtures captured from iputils ping,
 * traceroute and iperf3 3.12; ModemManager's key-value form), and the simulator's figures following its
 * link and signal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { fleetSerial, iperfResult, rpcMethods, speedtestResult } from '@edge/protocol';
import { MODELS } from './catalogue.ts';
import { bandOf, cellScan, cellsOf, NO_MODEM } from './cell-scan.ts';
import { pingSummary, tracerouteHop } from './diagnose.ts';
import {
  IperfJsonStream,
  iperfArgs,
  iperfFromJson,
  iperfFromText,
  iperfRateLine,
  type IperfJson,
} from './iperf.ts';
import { PlatformRefusal } from './platform.ts';
import { iperfTextLine, simulatedLink } from './simulated-diagnostics.ts';
import { SimulatedPlatform } from './simulated.ts';
import { endpoint, latencyOf } from './speedtest.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const lines = (name: string) =>
  fixture(name)
    .split('\n')
    .filter((l) => l.trim());
const json = (name: string) => JSON.parse(fixture(name)) as IperfJson;
const never = new AbortController().signal;
const noProgress = () => undefined;

describe('ping and traceroute output', () => {
  test('ping: counts and round trips, all lost', () => {
    expect(pingSummary(lines('ping.txt'))).toEqual({
      transmitted: 3,
      received: 3,
      lossPercent: 0,
      rttMs: { min: 0.014, avg: 0.021, max: 0.025 },
    });
    expect(pingSummary(lines('ping-lost.txt'))).toEqual({
      transmitted: 2,
      received: 0,
      lossPercent: 100,
      rttMs: null,
    });
  });

  test('traceroute: hop addresses and first round trip; silent hops are null', () => {
    expect(lines('traceroute.txt').map(tracerouteHop)).toEqual([
      null,
      { ttl: 1, host: '10.184.12.1', rttMs: 0.218 },
      { ttl: 2, host: '10.184.1.1', rttMs: 0.155 },
    ]);
    expect(lines('traceroute-lost.txt').map(tracerouteHop).slice(1)).toEqual([
      { ttl: 1, host: null, rttMs: null },
      { ttl: 2, host: null, rttMs: null },
      { ttl: 3, host: null, rttMs: null },
    ]);
  });
});

describe('iperf3', () => {
  test('arguments: a paced UDP client, a one-off server', () => {
    const client = rpcMethods.iperf.params.parse({
      mode: 'client',
      server: '10.0.0.2',
      protocol: 'udp',
      bandwidthMbps: 5,
      packetSize: 1200,
      durationSeconds: 3,
    });
    expect(iperfArgs(client)).toEqual([
      '-c',
      '10.0.0.2',
      '-p',
      '5201',
      '-i',
      '1',
      '--forceflush',
      '-t',
      '3',
      '-u',
      '-b',
      '5M',
      '-l',
      '1200',
    ]);
    expect(iperfArgs(rpcMethods.iperf.params.parse({ mode: 'server', port: 5300 }))).toEqual([
      '-s',
      '-1',
      '-p',
      '5300',
      '-i',
      '1',
      '--forceflush',
    ]);
  });

  test('JSON (-J, and --json-stream events): rates in Mbit/s, retransmits, UDP jitter and loss', () => {
    const tcp = iperfFromJson('client', json('iperf-client-tcp.json'));
    expect(tcp).toEqual({
      mode: 'client',
      protocol: 'tcp',
      peer: '127.0.0.1',
      sentMbps: 17698.42,
      receivedMbps: 17676.87,
      retransmits: 7,
      jitterMs: null,
      lossPercent: null,
      intervals: [
        { startSeconds: 0, endSeconds: 1.00096, mbps: 22596.09 },
        { startSeconds: 1.00096, endSeconds: 2.026849, mbps: 14054.07 },
        { startSeconds: 2.026849, endSeconds: 3.000262, mbps: 16502.95 },
      ],
    });
    const udp = iperfFromJson('server', json('iperf-server-udp.json'));
    expect(udp).toMatchObject({
      protocol: 'udp',
      sentMbps: 0,
      receivedMbps: 5,
      retransmits: null,
      lossPercent: 0,
    });
    expect(udp.jitterMs).toBeCloseTo(0.0079, 4);
    for (const result of [tcp, udp, iperfFromJson('client', json('iperf-client-udp.json'))])
      expect(iperfResult.safeParse(result).success).toBe(true);
    expect(() => iperfFromJson('client', json('iperf-refused.json'))).toThrow(
      new PlatformRefusal('failed', 'iperf3: unable to connect to server: Connection refused'),
    );
  });

  test('--json-stream events (one a line) gather into what -J prints', () => {
    const whole = json('iperf-client-tcp.json');
    const stream = new IperfJsonStream();
    const events = [
      { event: 'start', data: whole.start },
      ...whole.intervals!.map((data) => ({ event: 'interval', data })),
      { event: 'end', data: whole.end },
    ];
    const intervals = events.map((e) => stream.take(JSON.stringify(e)));
    expect(intervals.filter(Boolean)).toHaveLength(3);
    expect(stream.take('not json')).toBeNull();
    expect(iperfFromJson('client', stream.doc)).toEqual(iperfFromJson('client', whole));
    const failed = new IperfJsonStream();
    failed.take(JSON.stringify({ event: 'error', data: 'unable to connect to server: Connection refused' }));
    expect(() => iperfFromJson('client', failed.doc)).toThrow('iperf3: unable to connect to server');
  });

  test('text (--forceflush): intervals, then the sender and receiver sums', () => {
    expect(iperfFromText('client', lines('iperf-client-tcp.txt'))).toEqual({
      mode: 'client',
      protocol: 'tcp',
      peer: '127.0.0.1',
      sentMbps: 15100,
      receivedMbps: 15100,
      retransmits: 1,
      jitterMs: null,
      lossPercent: null,
      intervals: [
        { startSeconds: 0, endSeconds: 1, mbps: 11600 },
        { startSeconds: 1, endSeconds: 2, mbps: 18100 },
        { startSeconds: 2, endSeconds: 3, mbps: 15700 },
      ],
    });
    expect(iperfFromText('client', lines('iperf-client-udp.txt'))).toMatchObject({
      protocol: 'udp',
      sentMbps: 5.06,
      receivedMbps: 5.05,
      jitterMs: 0.009,
      lossPercent: 0,
      retransmits: null,
    });
    const server = iperfFromText('server', lines('iperf-server-udp.txt'));
    expect(server).toMatchObject({ protocol: 'udp', peer: '127.0.0.1', sentMbps: 0, receivedMbps: 5.05 });
    expect(server.intervals.map((i) => i.mbps)).toEqual([5.24, 4.98, 4.98]);
    expect(iperfFromText('server', lines('iperf-server-tcp.txt'))).toMatchObject({
      protocol: 'tcp',
      receivedMbps: 15100,
      retransmits: null,
    });
    expect(() => iperfFromText('client', lines('iperf-refused.txt'))).toThrow(
      'iperf3: unable to connect to server: Connection refused',
    );
  });
});

describe('cell scan (ModemManager)', () => {
  test('cells from mmcli -K --get-cell-info: serving first, then strongest; unmeasured values null', () => {
    const cells = cellsOf(fixture('mmcli-cell-info.txt'));
    expect(cells).toEqual([
      {
        technology: '4G',
        serving: true,
        rsrp: -95,
        rsrq: -10,
        snr: null,
        band: 'B3',
        channel: 1300,
        cellId: '1A2D36A',
        pci: 15,
      },
      {
        technology: '5G',
        serving: false,
        rsrp: -101,
        rsrq: -11.5,
        snr: 7.5,
        band: 'n78',
        channel: 636666,
        cellId: null,
        pci: 43,
      },
      {
        technology: '4G',
        serving: false,
        rsrp: -112,
        rsrq: -15,
        snr: null,
        band: 'B20',
        channel: 6300,
        cellId: null,
        pci: 421,
      },
      {
        technology: '4G',
        serving: false,
        rsrp: null,
        rsrq: null,
        snr: null,
        band: 'B7',
        channel: 3100,
        cellId: null,
        pci: 68,
      },
    ]);
    expect(rpcMethods.cellScan.result.safeParse({ modem: 'x', cells }).success).toBe(true);
    expect(bandOf('4G', 99999)).toBeNull();
  });

  test('the first modem, by its maker and model; no modem or no ModemManager: unsupported', async () => {
    const outputs: Record<string, string> = {
      '-K -L': fixture('mmcli-list.txt'),
      '-K -m /org/freedesktop/ModemManager1/Modem/0': fixture('mmcli-modem.txt'),
      '-K -m /org/freedesktop/ModemManager1/Modem/0 --get-cell-info': fixture('mmcli-cell-info.txt'),
    };
    const result = await cellScan(never, async (_file, args) => outputs[args.join(' ')]!);
    expect(result.modem).toBe('QUALCOMM INCORPORATED EM12-G');
    expect(result.cells).toHaveLength(4);

    const none = cellScan(never, async () => fixture('mmcli-list-empty.txt'));
    await expect(none).rejects.toMatchObject({ code: 'unsupported', message: NO_MODEM });
    const missing = cellScan(never, async () => {
      throw new PlatformRefusal('failed', 'mmcli is not installed.');
    });
    await expect(missing).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringContaining(NO_MODEM),
    });
  });
});

describe('speedtest', () => {
  test('paths below the named server; latency, jitter and drops from the probes', () => {
    expect(endpoint('http://console:8080/speedtest', 'upload').href).toBe(
      'http://console:8080/speedtest/upload',
    );
    expect(endpoint('http://console:8080/speedtest/', 'download?bytes=0').href).toBe(
      'http://console:8080/speedtest/download?bytes=0',
    );
    expect(latencyOf([10, 14, null, 12, 12])).toEqual({ latencyMs: 12, jitterMs: 2, drops: 1 });
    expect(latencyOf([null, null])).toEqual({ latencyMs: 0, jitterMs: 0, drops: 2 });
  });
});

describe('simulated Diagnose', () => {
  const link = (rsrp: number, snr: number) =>
    simulatedLink({ technology: '4G', wanMbps: 80, signal: { rsrp, rsrq: -10, snr }, wanUp: true });

  test('a 4G link in poor signal is slower, later and lossier than in good signal, and fibre beats both', () => {
    const good = link(-80, 20);
    const poor = link(-115, 0);
    expect(poor.downMbps).toBeLessThan(good.downMbps / 4);
    expect(poor.upMbps).toBeLessThan(good.upMbps / 4);
    expect(poor.rttMs).toBeGreaterThan(good.rttMs * 2);
    expect(poor.lossPercent).toBeGreaterThan(good.lossPercent * 10);
    const fibre = simulatedLink({ technology: null, wanMbps: 900, signal: null, wanUp: true });
    expect(fibre.downMbps).toBeGreaterThan(good.downMbps);
    expect(fibre.rttMs).toBeLessThan(good.rttMs);
  });

  test("the tests follow the device's own signal: a weaker device measures less", async () => {
    const spec = MODELS.find((m) => m.cellular === '4G')!;
    const device = () => new SimulatedPlatform({ serial: fleetSerial('DIAG', 1), model: spec });
    const strong = device();
    const weak = device();
    strong.system.signal = { rsrp: -78, rsrq: -7, snr: 22 };
    weak.system.signal = { rsrp: -117, rsrq: -17, snr: -2 };
    const args = rpcMethods.iperf.params.parse({ mode: 'client', server: '10.0.0.1', durationSeconds: 1 });
    const notes: string[] = [];
    const [fast, slow] = await Promise.all([
      strong.diagnostics.iperf(args, (_p, note) => note && notes.push(note), never),
      weak.diagnostics.iperf(args, noProgress, never),
    ]);
    expect(iperfResult.safeParse(fast).success).toBe(true);
    expect(slow.receivedMbps).toBeLessThan(fast.receivedMbps / 3);
    // Its lines are iperf3's: the same parser reads them.
    expect(iperfRateLine(notes.at(-1)!)).toMatchObject({ startSeconds: 0, endSeconds: 1 });
  });

  test('iperf3-format lines carry the rate they were made from', () => {
    expect(iperfRateLine(iperfTextLine(1, 2, 43.21, '0'))).toMatchObject({ endSeconds: 2, mbps: 43.2 });
    expect(iperfRateLine(iperfTextLine(0, 1, 1520))).toMatchObject({ mbps: 1520 });
  });

  test('a WAN that is down loses every ping; a device without a modem cannot scan cells', async () => {
    const spec = MODELS.find((m) => !m.cellular)!;
    const device = new SimulatedPlatform({ serial: fleetSerial('DIAG', 2), model: spec });
    device.system.wanUp = false;
    const ping = await device.diagnostics.ping(
      { target: '10.0.0.1', count: 2, interval: 0.2 },
      noProgress,
      never,
    );
    expect(ping).toMatchObject({ transmitted: 2, received: 0, lossPercent: 100, rttMs: null });
    await expect(device.diagnostics.cellScan({}, noProgress, never)).rejects.toMatchObject({
      code: 'unsupported',
      message: NO_MODEM,
    });
  });

  test('cellular devices scan the serving cell and the same neighbours each time', async () => {
    const spec = MODELS.find((m) => m.cellular === '5G')!;
    const device = new SimulatedPlatform({ serial: fleetSerial('DIAG', 3), model: spec });
    const first = await device.diagnostics.cellScan({}, noProgress, never);
    const second = await device.diagnostics.cellScan({}, noProgress, never);
    expect(rpcMethods.cellScan.result.safeParse(first).success).toBe(true);
    expect(first.cells[0]).toMatchObject({ serving: true, technology: '5G' });
    expect(first.cells.length).toBeGreaterThanOrEqual(3);
    expect(second.cells.map((c) => c.cellId).sort()).toEqual(first.cells.map((c) => c.cellId).sort());
  }, 15_000);

  test('speedtest figures pass the protocol and follow the link', async () => {
    const spec = MODELS.find((m) => !m.cellular)!;
    const device = new SimulatedPlatform({ serial: fleetSerial('DIAG', 4), model: spec });
    const result = await device.diagnostics.speedtest(
      { server: 'http://console/speedtest', bytes: 256 * 1024 },
      noProgress,
      never,
    );
    expect(speedtestResult.safeParse(result).success).toBe(true);
    const link = device.diagnostics.link();
    expect(result.downloadMbps).toBeGreaterThan(link.downMbps * 0.8);
    expect(result.downloadMbps).toBeLessThan(link.downMbps * 1.2);
  }, 15_000);
});
