/**
 * Diagnose > Speedtest on a real device: HTTP against the endpoint the console names (`server`):
 * latency from a series of small timed requests (`GET download?bytes=0`), then a timed download
 * (`GET download?bytes=N`) and upload (`POST upload` with N bytes), over `iface` when given (bound to its
 * address, so the kernel routes from it).
 */
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import type { RpcArgs, SpeedtestResult } from '@edge/protocol';
import { PlatformRefusal, type Progress } from './platform.ts';

const PROBES = 10;
const PROBE_GAP_MS = 100;
const PROBE_TIMEOUT_MS = 2000;
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The IPv4 address of a local interface; refuses when it has none. */
export function interfaceAddress(iface: string): string {
  const address = os.networkInterfaces()[iface]?.find((a) => a.family === 'IPv4')?.address;
  if (!address) throw new PlatformRefusal('failed', `The interface ${iface} has no IPv4 address.`);
  return address;
}

/** `server` with `path` below it, whether or not the operator ended it with a slash. */
export const endpoint = (server: string, path: string): URL =>
  new URL(path, server.endsWith('/') ? server : `${server}/`);

interface Exchange {
  /** From sending the request to the first byte of the answer. */
  firstByteMs: number;
  /** From the first byte of the answer to its end. */
  bodyMs: number;
  totalMs: number;
  bytes: number;
}

/** One HTTP exchange, timed; `body` bytes are sent when given. Rejects on a non-2xx answer. */
function exchange(
  url: URL,
  options: { method: 'GET' | 'POST'; localAddress?: string; body?: number; signal: AbortSignal },
): Promise<Exchange> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = client.request(
      url,
      {
        method: options.method,
        localAddress: options.localAddress,
        signal: options.signal,
        agent: false,
        headers: {
          'cache-control': 'no-store',
          ...(options.body !== undefined && {
            'content-type': 'application/octet-stream',
            'content-length': String(options.body),
          }),
        },
      },
      (response) => {
        const firstByte = performance.now();
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('error', reject);
        response.on('end', () => {
          const end = performance.now();
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299)
            return reject(new PlatformRefusal('failed', `${url.href} answered HTTP ${status}.`));
          resolve({
            firstByteMs: firstByte - started,
            bodyMs: end - firstByte,
            totalMs: end - started,
            bytes,
          });
        });
      },
    );
    request.on('error', reject);
    if (options.body === undefined) return void request.end();
    let left = options.body;
    const write = () => {
      while (left > 0) {
        const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

/** Latency is the mean round trip of the probes that came back, jitter the mean change between them. */
export function latencyOf(
  rtts: (number | null)[],
): Pick<SpeedtestResult, 'latencyMs' | 'jitterMs' | 'drops'> {
  const answered = rtts.filter((r): r is number => r !== null);
  const drops = rtts.length - answered.length;
  if (answered.length === 0) return { latencyMs: 0, jitterMs: 0, drops };
  const mean = answered.reduce((a, b) => a + b, 0) / answered.length;
  const changes = answered.slice(1).map((r, i) => Math.abs(r - answered[i]!));
  const jitter = changes.length ? changes.reduce((a, b) => a + b, 0) / changes.length : 0;
  return { latencyMs: round(mean), jitterMs: round(jitter), drops };
}

const mbps = (bytes: number, ms: number) => (ms > 0 ? round((bytes * 8) / (ms * 1000)) : 0);

export async function speedtest(
  args: RpcArgs<'speedtest'>,
  progress: Progress,
  signal: AbortSignal,
): Promise<SpeedtestResult> {
  const localAddress = args.iface ? interfaceAddress(args.iface) : undefined;
  const rtts: (number | null)[] = [];
  for (let n = 0; n < PROBES; n++) {
    if (n > 0) await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    signal.throwIfAborted();
    const probe = AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
    const rtt = await exchange(endpoint(args.server, 'download?bytes=0'), {
      method: 'GET',
      localAddress,
      signal: probe,
    }).then(
      (e) => e.totalMs,
      (err: unknown) => {
        if (signal.aborted || err instanceof PlatformRefusal) throw err;
        return null;
      },
    );
    rtts.push(rtt);
  }
  const latency = latencyOf(rtts);
  if (latency.drops === PROBES)
    throw new PlatformRefusal('failed', `${args.server} did not answer (${PROBES} probes dropped).`);
  progress(
    20,
    `Latency ${latency.latencyMs} ms, jitter ${latency.jitterMs} ms, ${latency.drops} of ${PROBES} probes dropped`,
  );

  const download = await exchange(endpoint(args.server, `download?bytes=${args.bytes}`), {
    method: 'GET',
    localAddress,
    signal,
  });
  if (download.bytes !== args.bytes)
    throw new PlatformRefusal('failed', `The download brought ${download.bytes} of ${args.bytes} bytes.`);
  const downloadMbps = mbps(download.bytes, download.bodyMs);
  progress(60, `Download ${downloadMbps} Mbit/s (${args.bytes} bytes in ${round(download.bodyMs / 1000)} s)`);

  const upload = await exchange(endpoint(args.server, 'upload'), {
    method: 'POST',
    localAddress,
    body: args.bytes,
    signal,
  });
  // The request is written before the answer's first byte; one round trip of it is the answer coming back.
  const uploadMs = Math.max(1, upload.firstByteMs - latency.latencyMs);
  const uploadMbps = mbps(args.bytes, uploadMs);
  progress(100, `Upload ${uploadMbps} Mbit/s (${args.bytes} bytes in ${round(uploadMs / 1000)} s)`);

  return {
    server: args.server,
    iface: args.iface ?? null,
    downloadMbps,
    uploadMbps,
    ...latency,
  };
}
