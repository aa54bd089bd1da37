/**
 * Diagnose between two real agents: each `edge-agent` runs in a network namespace of its own (testing/
 * netns.ts: root -- A -- B, no traffic leaves the machine), driven through the console's HTTP API as an
 * operator would (POST /api/v1/diagnose/run, one job per test). What the console keeps must be what the
 * tools say when run by hand in the same namespaces: ping's counts, traceroute's hop addresses, iperf3's
 * throughput to within an order of magnitude; the speedtest runs against the console's own endpoint. The
 * tools are installed first when missing (never skipped).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DIAGNOSE_API,
  DIAGNOSE_SPEEDTEST_PATH,
  type DiagnoseParams,
  type DiagnoseResult,
  type DiagnoseTest,
  type JobDetail,
  type StepView,
} from '@edge/protocol';
import { TEST_CLAIM_CODE, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startAgent, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { jobFinished } from '../testing/jobs.ts';
import { inNamespace, twoDeviceNetwork, type TwoDeviceNetwork } from '../testing/netns.ts';
import { speedtestTokens } from '../diagnose/speedtest-token.ts';

const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-debian-packages.sh');
const TOOLS = [
  '/usr/bin/iperf3=iperf3',
  '/usr/bin/ping=iputils-ping',
  '/usr/bin/traceroute=traceroute',
  '/usr/bin/curl=curl',
];

let net: TwoDeviceNetwork | undefined;
let edge: TestConsole | undefined;
const agents: Child[] = [];
const stateDirs: string[] = [];
const ids = { a: '', b: '' };
/** The console as the agents and the operator reach it. */
let url = '';
let session: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  execFileSync('bash', [ENSURE, ...TOOLS], { stdio: 'inherit' });
  net = twoDeviceNetwork();
  edge = await startTestConsole('sqlite');
  await edge.app.listen({ host: net.rootAddress, port: 0 });
  url = `http://${net.rootAddress}:${(edge.app.server.address() as AddressInfo).port}`;
  session = await signIn(edge);
  // Each output line of each step as the jobs feature passed it on, and when.
  edge.jobs.onChange((change) => {
    if (change.type !== 'step' || !change.step.note || change.step.state !== 'running') return;
    const seen = notesByStep.get(change.step.id) ?? [];
    if (seen.at(-1) !== change.step.note) seen.push(change.step.note);
    notesByStep.set(change.step.id, seen);
    if (!arrivals.has(change.step.note)) arrivals.set(change.step.note, Date.now());
  });
  const prefix = uniquePrefix();
  const serials = { a: `${prefix}-A`, b: `${prefix}-B` };
  await edge.enrolment.provision(
    Object.values(serials).map((serial) => ({ serial, claimCode: TEST_CLAIM_CODE })),
  );
  for (const which of ['a', 'b'] as const) {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-diag-agent-'));
    stateDirs.push(stateDir);
    agents.push(
      startAgent({
        console: url,
        serial: serials[which],
        stateDir,
        interval: 5,
        namespace: net[which].namespace,
      }),
    );
  }
  await waitFor(
    () => {
      const online = edge!.devices.list().filter((d) => d.online && d.capabilities.length > 0);
      ids.a = online.find((d) => d.serial === serials.a)?.id ?? '';
      ids.b = online.find((d) => d.serial === serials.b)?.id ?? '';
      return ids.a && ids.b;
    },
    'both agents online',
    60_000,
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.stop()));
  await edge?.destroy();
  net?.remove();
  for (const dir of stateDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** When each output line first reached the console, by line. */
const arrivals = new Map<string, number>();
/** Step id -> the lines it streamed, in order. */
const notesByStep = new Map<number, string[]>();

/** Starts a test on one agent as the operator does, over HTTP; resolves with the job. */
async function start<T extends DiagnoseTest>(
  device: 'a' | 'b',
  test: T,
  params: DiagnoseParams<T>,
): Promise<JobDetail> {
  const res = await fetch(`${url}${DIAGNOSE_API}/run`, {
    method: 'POST',
    headers: { ...session.headers(true), 'content-type': 'application/json' },
    body: JSON.stringify({ test, params, deviceIds: [ids[device]] }),
  });
  const body = (await res.json()) as JobDetail;
  if (res.status !== 200) throw new Error(`diagnose/run: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The step of a started test once it ended, and the lines it streamed meanwhile. */
async function finished(job: JobDetail): Promise<{ step: StepView; notes: string[] }> {
  const done = await jobFinished(edge!.jobs, job.job.id, 120_000);
  const step = done.steps[0]!;
  return { step, notes: notesByStep.get(step.id) ?? [] };
}

/** Runs a test to its end; fails the test when the step did not succeed. */
async function call<T extends DiagnoseTest>(
  device: 'a' | 'b',
  test: T,
  params: DiagnoseParams<T>,
  notes: string[] = [],
): Promise<DiagnoseResult<T>> {
  const { step, notes: streamed } = await finished(await start(device, test, params));
  if (step.state !== 'succeeded')
    throw new Error(`${test} ${step.state}: ${step.reason} ${JSON.stringify(step.result)}`);
  notes.push(...streamed);
  return step.result as DiagnoseResult<T>;
}

/** Until something in A listens on this TCP port (iperf3 says so only with its first interval). */
const listening = (port: number) =>
  waitFor(
    () => inNamespace(net!.a.namespace, ['ss', '-Hltn', `sport = :${port}`]).includes(`:${port}`),
    `a listener on port ${port} in A`,
  );

/** iperf3's TCP pace in these tests, Mbit/s. */
const RATE = 200;

const orderOfMagnitude = (a: number, b: number) => Math.abs(Math.log10(a / b));

describe('Diagnose on real agents in network namespaces', () => {
  test('ping from B to A: the console gets what ping prints, line by line as it comes', async () => {
    const notes: string[] = [];
    const result = await call('b', 'ping', { target: net!.a.address, count: 3, interval: 0.2 }, notes);
    expect(result).toMatchObject({ target: net!.a.address, transmitted: 3, received: 3, lossPercent: 0 });
    expect(notes).toHaveLength(3);
    notes.forEach((note, n) =>
      expect(note).toMatch(new RegExp(`^64 bytes from ${net!.a.address}: icmp_seq=${n + 1} `)),
    );
    expect(result.lines).toEqual(expect.arrayContaining(notes));

    const byHand = inNamespace(net!.b.namespace, ['ping', '-n', '-c', '3', '-i', '0.2', net!.a.address]);
    expect(byHand).toMatch(/3 packets transmitted, 3 received, 0% packet loss/);
    const handAvg = Number(/= [\d.]+\/([\d.]+)\//.exec(byHand)![1]);
    // Both measure one veth hop: well under a millisecond, give or take the machine's load.
    expect(result.rttMs!.avg).toBeLessThan(20);
    expect(handAvg).toBeLessThan(20);
  });

  test('traceroute from B to the console: the same hops, by address, as traceroute run by hand', async () => {
    // The root namespace answers the last hop's probes with port unreachables, which the kernel sends
    // at most about one a second (burst six): two hops a run, and a pause between the runs, stay within it.
    const byHand = inNamespace(net!.b.namespace, ['traceroute', '-n', '-m', '2', net!.rootAddress]);
    await new Promise((r) => setTimeout(r, 3000));
    const notes: string[] = [];
    const result = await call('b', 'traceroute', { target: net!.rootAddress, maxTtl: 2 }, notes);
    const handHops = byHand
      .split('\n')
      .map((line) => /^\s*\d+\s+(\d+\.\d+\.\d+\.\d+)/.exec(line)?.[1])
      .filter(Boolean);
    expect(handHops).toEqual([net!.a.address, net!.rootAddress]);
    expect(result.hops.map((h) => h.host)).toEqual(handHops);
    expect(result.hops.map((h) => h.ttl)).toEqual([1, 2]);
    expect(notes).toHaveLength(2);
  });

  test('iperf3: A serves, B connects; both ends agree, and a run by hand is of the same order', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const serverNotes: string[] = [];
    const serving = call('a', 'iperf', { mode: 'server', port, durationSeconds: 3 }, serverNotes);
    serving.catch(() => undefined);
    await listening(port);
    const clientNotes: string[] = [];
    const client = await call(
      'b',
      'iperf',
      // Paced: flat out, iperf3 takes both of the machine's cores from the agents and the console.
      { mode: 'client', server: net!.a.address, port, bandwidthMbps: RATE, durationSeconds: 3 },
      clientNotes,
    );
    const answeredAt = Date.now();
    const server = await serving;

    expect(client).toMatchObject({ mode: 'client', protocol: 'tcp', peer: net!.a.address });
    // Live: the first second's line came while the test still had two seconds to run.
    const firstInterval = clientNotes.find((n) => /\s0\.00-1\.0\d\s+sec/.test(n))!;
    expect(answeredAt - arrivals.get(firstInterval)!).toBeGreaterThan(1500);
    expect(server).toMatchObject({ mode: 'server', protocol: 'tcp', peer: net!.b.address });
    expect(client.intervals).toHaveLength(3);
    expect(client.retransmits).not.toBeNull();
    // The interval lines streamed before the answer: one note each, as iperf3 printed them.
    expect(clientNotes.filter((n) => /\d+\.\d+-\d+\.\d+\s+sec/.test(n)).length).toBeGreaterThanOrEqual(5);
    // The client's receiver line is the server's own report of the same transfer.
    expect(orderOfMagnitude(client.receivedMbps, server.receivedMbps)).toBeLessThan(0.05);
    expect(client.sentMbps).toBeGreaterThan(0);

    const handPort = port + 1;
    const handServer = spawn('ip', [
      'netns',
      'exec',
      net!.a.namespace,
      'iperf3',
      '-s',
      '-1',
      '-p',
      `${handPort}`,
    ]);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const byHand = JSON.parse(
        inNamespace(net!.b.namespace, [
          'iperf3',
          ...['-c', net!.a.address, '-p', `${handPort}`, '-b', `${RATE}M`, '-t', '2', '-J'],
        ]),
      ) as { end: { sum_received: { bits_per_second: number } } };
      const handMbps = byHand.end.sum_received.bits_per_second / 1e6;
      expect(orderOfMagnitude(client.receivedMbps, handMbps)).toBeLessThan(1);
    } finally {
      handServer.kill();
    }
  });

  test('iperf3 over UDP at a set rate: what arrives, jitter and loss', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const serving = call('a', 'iperf', { mode: 'server', port, durationSeconds: 2 });
    serving.catch(() => undefined);
    await listening(port);
    const client = await call('b', 'iperf', {
      mode: 'client',
      server: net!.a.address,
      port,
      protocol: 'udp',
      bandwidthMbps: 5,
      durationSeconds: 2,
    });
    const server = await serving;
    expect(client).toMatchObject({ protocol: 'udp', retransmits: null });
    expect(server.protocol).toBe('udp');
    expect(client.sentMbps).toBeGreaterThan(4);
    expect(client.sentMbps).toBeLessThan(6);
    expect(client.lossPercent).not.toBeNull();
    expect(client.jitterMs).not.toBeNull();
    expect(server.receivedMbps).toBeGreaterThan(4);
  });

  test("speedtest from B over its interface against the console's own endpoint", async () => {
    const notes: string[] = [];
    const bytes = 2 * 1024 * 1024;
    const result = await call('b', 'speedtest', { iface: net!.b.link, bytes }, notes);
    // The result names the endpoint, not the link made for the device.
    expect(result).toMatchObject({
      server: `${url}${DIAGNOSE_SPEEDTEST_PATH}`,
      iface: net!.b.link,
      drops: 0,
    });
    expect(result.downloadMbps).toBeGreaterThan(1);
    expect(result.uploadMbps).toBeGreaterThan(1);
    expect(result.latencyMs).toBeLessThan(50);
    expect(notes).toEqual([
      expect.stringMatching(/^Latency /),
      expect.stringMatching(/^Download /),
      expect.stringMatching(/^Upload /),
    ]);
    expect(result.lines).toEqual(notes);
    // The upload came from B's own address, through the console's endpoint.
    const uploads = await edge!.store.db
      .selectFrom('activity')
      .select(['ip', 'status_code'])
      .where('action', '=', 'diagnose.speedtest.upload')
      .execute();
    expect(uploads).toContainEqual({ ip: net!.b.address, status_code: 200 });

    // By hand from B, curl pulls the same bytes from a link of the console's: the endpoint is what it says.
    const link = speedtestTokens(edge!.secrets).make({ deviceId: ids.b, until: Date.now() + 60_000 });
    // Not inNamespace: that blocks this process, and the console answering curl runs in it.
    const { stdout: byHand } = await promisify(execFile)('ip', [
      ...['netns', 'exec', net!.b.namespace, 'curl'],
      ...['-s', '-o', '/dev/null', '-w', '%{size_download} %{speed_download} %{http_code}'],
      `${url}${DIAGNOSE_SPEEDTEST_PATH}/${link}/download?bytes=${bytes}`,
    ]);
    const [size, bytesPerSecond, status] = byHand.trim().split(' ').map(Number);
    expect([status, size], byHand).toEqual([200, bytes]);
    expect(size).toBe(bytes);
    expect(orderOfMagnitude(result.downloadMbps, (bytesPerSecond! * 8) / 1e6)).toBeLessThan(1.5);
  });

  test('the cell scanner on a machine without ModemManager says unsupported, plainly', async () => {
    const { step } = await finished(await start('a', 'cellScan', {}));
    expect(step).toMatchObject({ state: 'failed', reason: 'diagnoseUnsupported' });
    expect((step.result as { detail: string }).detail).toContain('This device has no cellular modem.');
  });

  test('a target that is not a host name or address never reaches the agent', async () => {
    const res = await fetch(`${url}${DIAGNOSE_API}/run`, {
      method: 'POST',
      headers: { ...session.headers(true), 'content-type': 'application/json' },
      body: JSON.stringify({ test: 'ping', params: { target: '-f' }, deviceIds: [ids.b] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ err_code: 'diagnoseTargetInvalid' });
  });
});
