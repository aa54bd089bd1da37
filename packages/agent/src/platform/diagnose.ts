/** Diagnose on a real device: runs ping and traceroute and reads their output line by line. */
import { spawn } from 'node:child_process';
import type { RpcArgs, RpcResult } from '@edge/protocol';
import { PlatformRefusal, type Progress } from './platform.ts';

/** Runs a command, handing each output line to `onLine`; refuses with `unsupported` when it is not installed. */
export function runLines(
  command: string,
  args: string[],
  signal: AbortSignal,
  onLine: (line: string) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let rest = '';
    const take = (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT')
        reject(new PlatformRefusal('unsupported', `${command} is not installed on this device.`));
      else reject(err);
    });
    child.on('close', (code) => {
      if (rest.trim()) onLine(rest);
      resolve(code ?? -1);
    });
  });
}

/** Reads `N packets transmitted, M received` and `rtt min/avg/max/mdev = a/b/c/d ms` of iputils/busybox ping. */
export function pingSummary(lines: string[]): Omit<RpcResult<'ping'>, 'target' | 'lines'> {
  let transmitted = 0;
  let received = 0;
  let rttMs: RpcResult<'ping'>['rttMs'] = null;
  for (const line of lines) {
    const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(line);
    if (counts) {
      transmitted = Number(counts[1]);
      received = Number(counts[2]);
    }
    const rtt = /min\/avg\/max(?:\/mdev)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/.exec(line);
    if (rtt) rttMs = { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]) };
  }
  const lossPercent =
    transmitted > 0 ? Math.round(((transmitted - received) / transmitted) * 1000) / 10 : 100;
  return { transmitted, received, lossPercent, rttMs };
}

/** One hop line of `traceroute -n`: ` 3  10.0.0.1  1.234 ms  1.1 ms  0.9 ms` or ` 4  * * *`. */
export function tracerouteHop(
  line: string,
): { ttl: number; host: string | null; rttMs: number | null } | null {
  const match = /^\s*(\d+)\s+(.*)$/.exec(line);
  if (!match) return null;
  const host = /(\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]+:[0-9a-f:]+)/i.exec(match[2]!)?.[1] ?? null;
  const rtt = /([\d.]+) ms/.exec(match[2]!);
  return { ttl: Number(match[1]), host, rttMs: rtt ? Number(rtt[1]) : null };
}

export async function ping(
  args: RpcArgs<'ping'>,
  progress: Progress,
  signal: AbortSignal,
): Promise<RpcResult<'ping'>> {
  const lines: string[] = [];
  let replies = 0;
  await runLines(
    'ping',
    ['-n', '-c', String(args.count), '-i', String(args.interval), args.target],
    signal,
    (line) => {
      lines.push(line);
      if (/icmp_seq=/.test(line)) progress((++replies / args.count) * 100, line);
    },
  );
  return { target: args.target, ...pingSummary(lines), lines };
}

export async function traceroute(
  args: RpcArgs<'traceroute'>,
  progress: Progress,
  signal: AbortSignal,
): Promise<RpcResult<'traceroute'>> {
  const hops: RpcResult<'traceroute'>['hops'] = [];
  await runLines('traceroute', ['-n', '-m', String(args.maxTtl), args.target], signal, (line) => {
    const hop = tracerouteHop(line);
    if (!hop) return;
    hops.push(hop);
    progress((hop.ttl / args.maxTtl) * 100, line);
  });
  return { target: args.target, hops };
}
