/**
 * A simulated router's Diagnose tests. Nothing touches the host's network: the figures follow the device's
 * WAN link as the simulation has it (fibre or cell, its signal now, whether it is up), at the pace the real
 * tools keep, with lines in the real tools' format. A 4G device in poor signal is slow, late and lossy.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { IperfResult, RpcArgs, RpcResult, ScannedCell, SpeedtestResult } from '@edge/protocol';
import type { DiagnosticsPort } from '../ports/diagnostics.ts';
import { NO_MODEM } from './cell-scan.ts';
import { PlatformRefusal, type Progress } from './platform.ts';
import { hashSeed, Rng } from './random.ts';
import { latencyOf } from './speedtest.ts';
import type { SimSignal, SimulatedSystem } from './simulated-system.ts';

export interface SimLink {
  up: boolean;
  rttMs: number;
  jitterMs: number;
  lossPercent: number;
  downMbps: number;
  upMbps: number;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** How good the radio link is, 0-1: RSRP counts most (-120 dBm nothing, -80 dBm full), then SNR. */
export const radioQuality = (s: SimSignal): number =>
  0.7 * clamp((s.rsrp + 120) / 40) + 0.3 * clamp((s.snr + 5) / 25);

/** The WAN link as technology, signal and state make it. */
export function simulatedLink(d: {
  technology: '4G' | '5G' | null;
  wanMbps: number;
  signal: SimSignal | null;
  wanUp: boolean;
}): SimLink {
  const quality = d.technology && d.signal ? radioQuality(d.signal) : 1;
  const poor = 1 - quality;
  const base = d.technology === '4G' ? 45 : d.technology === '5G' ? 18 : 6;
  const rttMs = base * (1 + 2.5 * poor);
  const downMbps = d.wanMbps * (0.04 + 0.96 * quality ** 1.5);
  return {
    up: d.wanUp,
    rttMs,
    jitterMs: rttMs * (0.05 + 0.3 * poor),
    lossPercent: d.technology ? 0.1 + 8 * poor ** 3 : 0.05,
    downMbps,
    // Radio uplinks give far less than their downlink; fibre and cable a little less.
    upMbps: downMbps * (d.technology ? 0.3 : 0.9),
  };
}

/** An iperf3 text line, `[  5]   0.00-1.00   sec  5.12 MBytes  43.0 Mbits/sec  ...`. */
export function iperfTextLine(start: number, end: number, mbps: number, rest = ''): string {
  const megabytes = (mbps * (end - start)) / 8;
  const transfer =
    megabytes >= 1000 ? `${(megabytes / 1024).toFixed(2)} GBytes` : `${megabytes.toFixed(2)} MBytes`;
  const interval = `${start.toFixed(2)}-${end.toFixed(2)}`.padEnd(12);
  const rate =
    mbps >= 1000 ? `${(mbps / 1000).toPrecision(3)} Gbits/sec` : `${mbps.toPrecision(3)} Mbits/sec`;
  return `[  5]   ${interval}sec  ${transfer.padStart(12)}  ${rate.padStart(14)}  ${rest}`.trimEnd();
}

export class SimulatedDiagnostics implements DiagnosticsPort {
  constructor(private readonly device: SimulatedSystem) {}

  private get rng(): Rng {
    return this.device.rng;
  }

  link(): SimLink {
    const { spec, signal, wanUp } = this.device;
    return simulatedLink({ technology: spec.cellular, wanMbps: spec.wanMbps, signal, wanUp });
  }

  /** One round trip now, or null when the packet is lost. */
  private roundTrip(link: SimLink): number | null {
    if (!link.up || this.rng.chance(link.lossPercent / 100)) return null;
    return round(Math.max(0.2, link.rttMs + (this.rng.next() - 0.5) * 2 * link.jitterMs), 3);
  }

  /** `value` give or take `spread` (a fraction). */
  private vary(value: number, spread = 0.12): number {
    return value * (1 + (this.rng.next() - 0.5) * 2 * spread);
  }

  async ping(args: RpcArgs<'ping'>, progress: Progress, signal: AbortSignal): Promise<RpcResult<'ping'>> {
    const lines = [`PING ${args.target} (${args.target}) 56(84) bytes of data.`];
    const rtts: number[] = [];
    for (let seq = 1; seq <= args.count; seq++) {
      if (seq > 1) await sleep(args.interval * 1000, undefined, { signal });
      const rtt = this.roundTrip(this.link());
      if (rtt !== null) {
        rtts.push(rtt);
        lines.push(`64 bytes from ${args.target}: icmp_seq=${seq} ttl=57 time=${rtt} ms`);
        progress((seq / args.count) * 100, lines.at(-1));
      } else {
        progress((seq / args.count) * 100);
      }
    }
    const received = rtts.length;
    const lossPercent = round(((args.count - received) / args.count) * 100, 1);
    const rttMs = received
      ? {
          min: Math.min(...rtts),
          avg: round(rtts.reduce((a, b) => a + b, 0) / received, 3),
          max: Math.max(...rtts),
        }
      : null;
    lines.push(
      `--- ${args.target} ping statistics ---`,
      `${args.count} packets transmitted, ${received} received, ${lossPercent}% packet loss`,
    );
    if (rttMs) lines.push(`rtt min/avg/max/mdev = ${rttMs.min}/${rttMs.avg}/${rttMs.max}/0.000 ms`);
    return { target: args.target, transmitted: args.count, received, lossPercent, rttMs, lines };
  }

  async traceroute(
    args: RpcArgs<'traceroute'>,
    progress: Progress,
    signal: AbortSignal,
  ): Promise<RpcResult<'traceroute'>> {
    const { rng } = this;
    const hopCount = Math.min(args.maxTtl, rng.int(6, 14));
    const hops: RpcResult<'traceroute'>['hops'] = [];
    const link = this.link();
    for (let ttl = 1; ttl <= hopCount; ttl++) {
      const silent = !link.up ? ttl > 1 : ttl > 1 && ttl < hopCount && rng.chance(0.15);
      const host =
        ttl === 1
          ? `${this.device.lanPrefix}.1`
          : ttl === hopCount
            ? args.target
            : `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
      // The first hop is the router itself; every later one lies past the WAN link.
      const rtt = ttl === 1 ? round(rng.range(0.3, 1.2), 3) : this.roundTrip(link);
      const answered = !silent && rtt !== null;
      // An unanswered hop waits out traceroute's timeout.
      await sleep(answered ? 150 : 1000, undefined, { signal });
      hops.push({
        ttl,
        host: answered ? host : null,
        rttMs: answered ? round((rtt * (2 + ttl)) / 6, 3) : null,
      });
      const line = answered ? ` ${ttl}  ${host}  ${hops.at(-1)!.rttMs} ms` : ` ${ttl}  * * *`;
      progress((ttl / hopCount) * 100, line);
    }
    return { target: args.target, hops };
  }

  async iperf(args: RpcArgs<'iperf'>, progress: Progress, signal: AbortSignal): Promise<IperfResult> {
    const { rng } = this;
    const link = this.link();
    const client = args.mode === 'client';
    const udp = args.protocol === 'udp';
    const peer = client ? args.server! : `100.${rng.int(64, 127)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    const note = (percent: number, line: string) => progress(percent, line);
    if (client) {
      note(0, `Connecting to host ${peer}, port ${args.port}`);
      if (!link.up) {
        await sleep(3000, undefined, { signal });
        throw new PlatformRefusal('failed', 'iperf3: unable to connect to server: No route to host');
      }
    } else {
      note(0, `Server listening on ${args.port} (test #1)`);
      // The client the console sent turns up after a moment.
      await sleep(rng.int(800, 2500), undefined, { signal });
      note(0, `Accepted connection from ${peer}, port ${rng.int(40000, 60000)}`);
    }
    // A client sends over the uplink, a server receives over the downlink.
    const capacity = client ? link.upMbps : link.downMbps;
    // UDP goes at the rate asked for (iperf3's default 1 Mbit/s), arriving as far as the link carries it.
    const offered = udp ? args.bandwidthMbps || 1 : capacity;
    const intervals: IperfResult['intervals'] = [];
    let retransmits = 0;
    for (let start = 0; start < args.durationSeconds; start += args.reportIntervalSeconds) {
      const end = Math.min(args.durationSeconds, start + args.reportIntervalSeconds);
      await sleep((end - start) * 1000, undefined, { signal });
      const mbps = round(udp ? Math.min(offered, capacity) : this.vary(Math.min(offered, capacity)));
      const lost = udp ? 0 : rng.int(0, Math.round(link.lossPercent * 4 * (end - start)));
      retransmits += lost;
      intervals.push({ startSeconds: start, endSeconds: end, mbps });
      note((end / args.durationSeconds) * 100, iperfTextLine(start, end, mbps, udp ? '' : `${lost}`));
    }
    const mean = intervals.reduce((sum, i) => sum + i.mbps, 0) / intervals.length;
    const lossPercent = udp ? round(Math.max(0, 1 - capacity / offered) * 100 + link.lossPercent, 2) : null;
    const receivedMbps = round(udp ? mean * (1 - (lossPercent ?? 0) / 100) : mean * 0.998);
    return {
      mode: args.mode,
      protocol: args.protocol,
      peer,
      sentMbps: client ? round(udp ? offered : mean) : 0,
      receivedMbps,
      retransmits: udp || !client ? null : retransmits,
      jitterMs: udp ? round(link.jitterMs / 4, 3) : null,
      lossPercent: lossPercent === null ? null : Math.min(100, lossPercent),
      intervals,
    };
  }

  async speedtest(
    args: RpcArgs<'speedtest'>,
    progress: Progress,
    signal: AbortSignal,
  ): Promise<SpeedtestResult> {
    const link = this.link();
    if (args.iface && !this.device.facts0.interfaces.some((i) => i.name === args.iface))
      throw new PlatformRefusal('failed', `The interface ${args.iface} has no IPv4 address.`);
    const rtts: (number | null)[] = [];
    for (let n = 0; n < 10; n++) {
      const rtt = this.roundTrip(link);
      await sleep(100 + (rtt ?? 2000), undefined, { signal });
      rtts.push(rtt);
    }
    const { latencyMs, jitterMs, drops } = latencyOf(rtts);
    if (drops === rtts.length)
      throw new PlatformRefusal('failed', `${args.server} did not answer (10 probes dropped).`);
    progress(20, `Latency ${latencyMs} ms, jitter ${jitterMs} ms, ${drops} of 10 probes dropped`);
    const transfer = async (what: 'Download' | 'Upload', mbps: number, percent: number) => {
      const measured = round(this.vary(mbps));
      // Long transfers over slow links stop early, as speedtests do: the rate is known by then.
      const seconds = Math.min(12, (args.bytes * 8) / (measured * 1e6));
      await sleep(seconds * 1000, undefined, { signal });
      progress(percent, `${what} ${measured} Mbit/s (${args.bytes} bytes in ${round(seconds)} s)`);
      return measured;
    };
    const downloadMbps = await transfer('Download', link.downMbps, 60);
    const uploadMbps = await transfer('Upload', link.upMbps, 100);
    return {
      server: args.server,
      iface: args.iface ?? null,
      downloadMbps,
      uploadMbps,
      latencyMs,
      jitterMs,
      drops,
    };
  }

  async cellScan(
    _args: RpcArgs<'cellScan'>,
    progress: Progress,
    signal: AbortSignal,
  ): Promise<RpcResult<'cellScan'>> {
    const { spec, signal: radio, options } = this.device;
    if (!spec.cellular || !radio) throw new PlatformRefusal('unsupported', NO_MODEM);
    // Measuring the neighbours takes the modem a few seconds.
    await sleep(this.rng.int(1500, 3500), undefined, { signal });
    const serving = this.device.cellSignal(radio);
    const fiveG = spec.cellular === '5G';
    const cells: ScannedCell[] = [
      {
        technology: spec.cellular,
        serving: true,
        rsrp: serving.rsrp,
        rsrq: serving.rsrq,
        snr: serving.snr,
        band: serving.band,
        channel: serving.channel,
        cellId: serving.cellId,
        pci: hashSeed(options.serial) % 504,
      },
    ];
    // The same towers around the same device every scan; their signal moves with the serving cell's.
    const towers = new Rng(hashSeed(options.serial, 7));
    const neighbours = towers.int(2, 6);
    for (let n = 0; n < neighbours; n++) {
      const lte = !fiveG || towers.chance(0.5);
      const [band, channel] = lte ? towers.pick(LTE_CARRIERS) : towers.pick(NR_CARRIERS);
      cells.push({
        technology: lte ? '4G' : '5G',
        serving: false,
        rsrp: Math.max(-140, Math.round(serving.rsrp - towers.range(3, 25) + this.rng.range(-2, 2))),
        rsrq: round(Math.max(-19.5, serving.rsrq - towers.range(1, 6)), 1),
        snr: round(serving.snr - towers.range(2, 12), 1),
        band,
        channel,
        cellId: towers.int(0x100000, 0xfffffff).toString(16).toUpperCase(),
        pci: towers.int(0, 503),
      });
    }
    cells.sort((a, b) => Number(b.serving) - Number(a.serving) || (b.rsrp ?? 0) - (a.rsrp ?? 0));
    progress(100, `${cells.length} cells`);
    return { modem: fiveG ? 'Quectel RM500Q-GL' : 'Quectel EC25-E', cells };
  }
}

const LTE_CARRIERS: readonly (readonly [string, number])[] = [
  ['B3', 1300],
  ['B3', 1850],
  ['B7', 3100],
  ['B20', 6300],
  ['B1', 100],
];
const NR_CARRIERS: readonly (readonly [string, number])[] = [
  ['n78', 636666],
  ['n78', 643334],
  ['n28', 154570],
];
