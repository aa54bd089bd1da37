/**
 * Jump to device throughput (issue 19): a real `edge-agent` (Linux backend) joins the run beside the
 * simulated fleet, with an HTTP server on its loopback added to its jump-to services; an operator's link to
 * it is entered as a browser does (the console's origin, then the link's own host `j-<link>.localhost`),
 * and `--jump-mib N` MiB are downloaded through it: browser -> console -> broker -> agent -> HTTP server
 * and back, the tunnel's credit flow control on the way. Mbit/s from the request to the last byte; the
 * console's RSS before, at its peak during, and after the download.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo, LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fleetSerial, SETTINGS_API_ROOT, SETTINGS_STATE_PATH } from '@edge/protocol';
import { signIn, type ApiSession } from '../http-client.ts';
import { readProc } from '../proc-sampler.ts';
import type { JumpFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';

const AGENT = path.resolve(import.meta.dirname, '../../../packages/agent/dev/edge-agent.mjs');
const ONLINE_LIMIT_MS = 120_000;
const AGENT_LINES_KEPT = 20;
const MIB = 2 ** 20;
const RSS_SAMPLE_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Node resolves no `*.localhost` name (browsers do, RFC 6761): the link's host is the console's loopback. */
const loopback = ((_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) =>
  options.all
    ? done(null, [{ address: '127.0.0.1', family: 4 }])
    : done(null, '127.0.0.1', 4)) as unknown as LookupFunction;

async function until<T>(probe: () => Promise<T | undefined>, what: string, limitMs: number): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** The device's own web server: `bytes` of data at /download, sent as fast as the socket takes them. */
function deviceWeb(bytes: number): Promise<http.Server> {
  const block = Buffer.alloc(MIB, 'device bytes ');
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes) });
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, block.length);
        left -= n;
        if (!res.write(n === block.length ? block : block.subarray(0, n)))
          return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function get(target: string, headers: Record<string, string>, onData?: (bytes: number) => void) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>(
    (resolve, reject) => {
      const req = http.get(target, { headers, lookup: loopback }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          onData?.(bytes);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on('error', reject);
      });
      req.on('error', reject);
    },
  );
}

/** The link entered as a browser does: the console's origin redirects with a pass, the link's host sets its cookie. */
async function enter(ctx: RunContext, api: ApiSession, deviceId: string, port: number) {
  const started = await api.post('/api/v1/proxy/start', { id: deviceId, port });
  if (started.status !== 200) throw new Error(`proxy/start: ${started.status} ${started.body}`);
  const link = (JSON.parse(started.body) as { url: string }).url;
  const entered = await get(`${ctx.console.url}${link}`, { cookie: api.cookie });
  const pass = new URL(String(entered.headers.location));
  const taken = await get(pass.href, {});
  const cookie = String(taken.headers['set-cookie']?.[0] ?? '').split(';')[0];
  if (taken.status !== 303 || !cookie) throw new Error(`the link's host took no pass: ${taken.status}`);
  return { origin: pass.origin, cookie };
}

export async function measureJumpDownload(ctx: RunContext, mib: number): Promise<JumpFigure> {
  const web = await deviceWeb(mib * MIB);
  const port = (web.address() as AddressInfo).port;
  const prefix = `${ctx.prefix}J`;
  await ctx.console.request({ cmd: 'provision', prefix, count: 1, claimCode: ctx.proof.claimCode });
  const serial = fleetSerial(prefix, 1);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jump-agent-'));
  const agent = spawn(
    process.execPath,
    [
      AGENT,
      ...['--console', ctx.console.url, '--serial', serial, '--model', 'Bench Linux Box'],
      ...['--state-dir', stateDir, '--interval', '5', '--log-level', 'info'],
      ...['--enrol-secret', ctx.proof.enrolSecret, '--claim-code', ctx.proof.claimCode],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The agent's last words, told with a failure of the phase.
  const said: string[] = [];
  const hear = (chunk: Buffer) => {
    said.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    said.splice(0, Math.max(0, said.length - AGENT_LINES_KEPT));
  };
  agent.stdout.on('data', hear);
  agent.stderr.on('data', hear);
  const api = await signIn(ctx.console.url, 'admin', ctx.settings.adminPassword);
  try {
    const deviceId = await until(
      async () => {
        const device = await ctx.console.request({ cmd: 'device', serial }).catch(() => undefined);
        return device?.online ? device.deviceId : undefined;
      },
      'the agent online',
      ONLINE_LIMIT_MS,
    );
    const added = await api.post(`${SETTINGS_API_ROOT}/agent/jumptoservices/create`, {
      id: deviceId,
      name: 'Bench download',
      type: 'HTTP',
      port,
    });
    if (added.status !== 200) throw new Error(`jumptoservices/create: ${added.status} ${added.body}`);
    await until(
      async () => {
        const state = JSON.parse((await api.get(`${SETTINGS_STATE_PATH}?id=${deviceId}`)).body) as {
          sections: { section: string; reported: { jumpServices?: { port: number }[] } | null }[];
        };
        const general = state.sections.find((s) => s.section === 'general');
        return general?.reported?.jumpServices?.some((s) => s.port === port) ? true : undefined;
      },
      'the agent holding the jump-to service',
      ONLINE_LIMIT_MS,
    );
    const jump = await enter(ctx, api, deviceId, port);

    const rssBefore = readProc(ctx.console.pid).rssBytes;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, readProc(ctx.console.pid).rssBytes);
    }, RSS_SAMPLE_MS);
    const begin = performance.now();
    const got = await get(`${jump.origin}/download`, { cookie: jump.cookie }).finally(() =>
      clearInterval(sampler),
    );
    const seconds = (performance.now() - begin) / 1000;
    if (got.status !== 200 || got.bytes !== mib * MIB)
      throw new Error(`the download brought ${got.bytes} bytes (HTTP ${got.status}), not ${mib * MIB}`);
    await sleep(1000);
    const rssAfter = readProc(ctx.console.pid).rssBytes;
    const figure: JumpFigure = {
      mib,
      seconds,
      mbitPerS: (got.bytes * 8) / 1e6 / seconds,
      rssBeforeMiB: rssBefore / MIB,
      rssPeakMiB: rssPeak / MIB,
      rssAfterMiB: rssAfter / MIB,
    };
    ctx.log(
      `  jump to device: ${mib} MiB in ${seconds.toFixed(2)} s = ${figure.mbitPerS.toFixed(1)} Mbit/s; console RSS ${figure.rssBeforeMiB.toFixed(0)} MiB before, ${figure.rssPeakMiB.toFixed(0)} at peak (+${(figure.rssPeakMiB - figure.rssBeforeMiB).toFixed(1)} for the open session), ${figure.rssAfterMiB.toFixed(0)} after`,
    );
    return figure;
  } catch (err) {
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}; the agent said:\n${said.join('\n')}`,
      {
        cause: err,
      },
    );
  } finally {
    api.close();
    agent.kill('SIGTERM');
    web.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}
