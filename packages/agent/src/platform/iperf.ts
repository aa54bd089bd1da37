/**
 * Diagnose > Iperf on a real device: iperf3 as a client or as a one-off server (`-s -1`). Its interval
 * lines go out as progress notes as they come. iperf3 3.17 and later stream JSON (`-J --json-stream`),
 * which is read as JSON; older ones (Debian 12 has 3.12) print `-J` only at the end, so the agent runs them
 * with text output and `--forceflush` and reads the summary lines instead.
 */
import type { IperfResult, RpcArgs } from '@edge/protocol';
import { runLines } from './diagnose.ts';
import { PlatformRefusal, type Progress } from './platform.ts';

const toMbps = (bitsPerSecond: number) => Math.round(bitsPerSecond / 1e4) / 100;

/** iperf3's arguments, less the output format. */
export function iperfArgs(args: RpcArgs<'iperf'>): string[] {
  const common = ['-p', String(args.port), '-i', String(args.reportIntervalSeconds), '--forceflush'];
  if (args.mode === 'server') return ['-s', '-1', ...common];
  return [
    '-c',
    args.server!,
    ...common,
    '-t',
    String(args.durationSeconds),
    ...(args.protocol === 'udp' ? ['-u'] : []),
    ...(args.bandwidthMbps > 0 ? ['-b', `${args.bandwidthMbps}M`] : []),
    ...(args.packetSize > 0 ? ['-l', String(args.packetSize)] : []),
  ];
}

// ---- JSON (-J, and the events of --json-stream) ------------------------------------------------------

interface IperfSum {
  start: number;
  end: number;
  bits_per_second: number;
  retransmits?: number;
  jitter_ms?: number;
  lost_percent?: number;
  omitted?: boolean;
}

/** What `iperf3 -J` prints, and what the start, interval and end events of --json-stream carry. */
export interface IperfJson {
  start?: { connected?: { remote_host?: string }[]; test_start?: { protocol?: string } };
  intervals?: { sum: IperfSum }[];
  end?: { sum_sent?: IperfSum; sum_received?: IperfSum };
  error?: string;
}

export function iperfFromJson(mode: IperfResult['mode'], doc: IperfJson): IperfResult {
  if (doc.error) throw new PlatformRefusal('failed', `iperf3: ${doc.error}`);
  const sent = doc.end?.sum_sent;
  const received = doc.end?.sum_received;
  const udp = doc.start?.test_start?.protocol === 'UDP';
  return {
    mode,
    protocol: udp ? 'udp' : 'tcp',
    peer: doc.start?.connected?.[0]?.remote_host ?? null,
    sentMbps: toMbps(sent?.bits_per_second ?? 0),
    receivedMbps: toMbps(received?.bits_per_second ?? 0),
    retransmits: !udp && sent?.retransmits !== undefined ? sent.retransmits : null,
    jitterMs: udp ? (received?.jitter_ms ?? null) : null,
    lossPercent: udp ? (received?.lost_percent ?? null) : null,
    intervals: (doc.intervals ?? [])
      .filter((i) => !i.sum.omitted)
      .map(({ sum }) => ({
        startSeconds: sum.start,
        endSeconds: sum.end,
        mbps: toMbps(sum.bits_per_second),
      })),
  };
}

/** An interval of --json-stream as the line a person reads. */
export const iperfIntervalNote = ({ start, end, bits_per_second }: IperfSum): string =>
  `${start.toFixed(2)}-${end.toFixed(2)} sec  ${toMbps(bits_per_second)} Mbits/sec`;

/** Gathers the events of `--json-stream` (one JSON object a line) into the document `-J` would print. */
export class IperfJsonStream {
  readonly doc: IperfJson & { intervals: { sum: IperfSum }[] } = { intervals: [] };

  /** Takes one line; answers the interval it reported, if it was one. */
  take(line: string): IperfSum | null {
    let event: { event?: string; data?: unknown };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      return null;
    }
    if (event.event === 'start') this.doc.start = event.data as IperfJson['start'];
    if (event.event === 'end') this.doc.end = event.data as IperfJson['end'];
    if (event.event === 'error') this.doc.error = String(event.data);
    if (event.event !== 'interval') return null;
    const interval = event.data as { sum: IperfSum };
    this.doc.intervals.push(interval);
    return interval.sum;
  }
}

// ---- text (--forceflush) ------------------------------------------------------------------------------

const UNIT = { '': 1e-6, K: 1e-3, M: 1, G: 1e3 } as const;
const RATE_LINE =
  /^\[\s*(?:\d+|SUM)\]\s+([\d.]+)-([\d.]+)\s+sec\s+[\d.]+\s+\w?Bytes\s+([\d.]+)\s+([KMG]?)bits\/sec(.*)$/;

/** One `[  5]   0.00-1.00   sec  1.36 GBytes  11.6 Gbits/sec ...` line: the interval and what follows. */
export function iperfRateLine(
  line: string,
): { startSeconds: number; endSeconds: number; mbps: number; rest: string } | null {
  const m = RATE_LINE.exec(line);
  if (!m) return null;
  const mbps = Number(m[3]) * UNIT[m[4] as keyof typeof UNIT];
  return {
    startSeconds: Number(m[1]),
    endSeconds: Number(m[2]),
    mbps: Math.round(mbps * 100) / 100,
    rest: m[5]!,
  };
}

/** Reads iperf3's text output: interval lines, then after the `- - -` rule the sender and receiver sums. */
export function iperfFromText(mode: IperfResult['mode'], lines: string[]): IperfResult {
  const error = lines.find((l) => l.startsWith('iperf3: error'));
  if (error) throw new PlatformRefusal('failed', error.replace(/^iperf3: error - /, 'iperf3: '));
  // A server learns the protocol from its client; UDP's columns count datagrams.
  const protocol = lines.some((l) => l.includes('Datagrams')) ? 'udp' : 'tcp';
  const result: IperfResult = {
    mode,
    protocol,
    peer: null,
    sentMbps: 0,
    receivedMbps: 0,
    retransmits: null,
    jitterMs: null,
    lossPercent: null,
    intervals: [],
  };
  let summary = false;
  for (const line of lines) {
    const peer =
      /^Accepted connection from ([^,]+),/.exec(line) ?? /connected to (\S+) port \d+$/.exec(line.trim());
    if (peer && result.peer === null) result.peer = peer[1]!;
    if (line.startsWith('- - -')) summary = true;
    const rate = iperfRateLine(line);
    if (!rate) continue;
    const { rest, ...interval } = rate;
    if (!summary) {
      result.intervals.push(interval);
      continue;
    }
    const role = /\b(sender|receiver)\s*$/.exec(rest)?.[1];
    if (role === 'sender') result.sentMbps = rate.mbps;
    if (role === 'receiver') result.receivedMbps = rate.mbps;
    const udp = /([\d.]+) ms\s+\d+\/\d+ \(([\d.e+-]+)%\)/.exec(rest);
    if (udp && role === 'receiver') {
      result.jitterMs = Number(udp[1]);
      result.lossPercent = Number(udp[2]);
    }
    const retransmits = /^\s*(\d+)\s+sender/.exec(rest);
    if (protocol === 'tcp' && retransmits) result.retransmits = Number(retransmits[1]);
  }
  if (!summary) throw new PlatformRefusal('failed', lines.at(-1) ?? 'iperf3 ended without a result.');
  return result;
}

// ---- running it --------------------------------------------------------------------------------------

let jsonStream: Promise<boolean> | null = null;

/** Whether this iperf3 streams JSON (3.17+); asked once. */
function streamsJson(signal: AbortSignal): Promise<boolean> {
  jsonStream ??= (async () => {
    let help = false;
    await runLines('iperf3', ['--help'], signal, (line) => {
      if (line.includes('--json-stream')) help = true;
    });
    return help;
  })().catch((err: unknown) => {
    jsonStream = null;
    throw err;
  });
  return jsonStream;
}

export async function iperf(
  args: RpcArgs<'iperf'>,
  progress: Progress,
  signal: AbortSignal,
): Promise<IperfResult> {
  const percent = (endSeconds: number) => Math.min(99, (endSeconds / args.durationSeconds) * 100);
  let done = 0;
  if (await streamsJson(signal)) {
    const stream = new IperfJsonStream();
    await runLines('iperf3', [...iperfArgs(args), '-J', '--json-stream'], signal, (line) => {
      const interval = stream.take(line);
      if (interval) done = percent(interval.end);
      progress(done, interval ? iperfIntervalNote(interval) : line);
    });
    return iperfFromJson(args.mode, stream.doc);
  }
  const lines: string[] = [];
  await runLines('iperf3', iperfArgs(args), signal, (line) => {
    lines.push(line);
    const rate = iperfRateLine(line);
    if (rate) done = percent(rate.endSeconds);
    progress(done, line);
  });
  return iperfFromText(args.mode, lines);
}
