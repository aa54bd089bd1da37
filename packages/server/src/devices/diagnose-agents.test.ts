/**
 * Diagnose between two real agents: each `edge-agent` runs in a network namespace of its own (testing/
 * netns.ts: root -- A -- B, no traffic leaves the machine) and the console calls the real tools on them.
 * What the console gets must be what the tools say when run by hand in the same namespaces: ping's counts,
 * traceroute's hop addresses, iperf3's throughput to within an order of magnitude. The tools are installed
 * first when missing (never skipped).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CLAIM_CODE, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startAgent, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { inNamespace, twoDeviceNetwork, type TwoDeviceNetwork } from '../testing/netns.ts';
import { DeviceRpcError } from './rpc.ts';

const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-debian-packages.sh');
const TOOLS = ['/usr/bin/iperf3=iperf3', '/usr/bin/ping=iputils-ping', '/usr/bin/traceroute=traceroute'];

let net: TwoDeviceNetwork | undefined;
let edge: TestConsole | undefined;
const agents: Child[] = [];
const stateDirs: string[] = [];
const ids = { a: '', b: '' };

beforeAll(async () => {
  execFileSync('bash', [ENSURE, ...TOOLS], { stdio: 'inherit' });
  net = twoDeviceNetwork();
  edge = await startTestConsole('sqlite');
  await edge.app.listen({ host: net.rootAddress, port: 0 });
  const url = `http://${net.rootAddress}:${(edge.app.server.address() as AddressInfo).port}`;
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

/** When each progress note arrived, by note. */
const arrivals = new Map<string, number>();

/** Calls a device, keeping the progress notes it streams (and when they came, in `arrivals`). */
async function call<M extends 'ping' | 'traceroute' | 'iperf' | 'speedtest' | 'cellScan'>(
  device: 'a' | 'b',
  method: M,
  params: Parameters<TestConsole['rpc']['call']>[2] & object,
  notes: string[] = [],
) {
  return edge!.rpc.call(ids[device], method, params as never, {
    deadlineMs: 90_000,
    onProgress: (_percent, note) => {
      if (!note) return;
      notes.push(note);
      arrivals.set(note, Date.now());
    },
  });
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

  test('speedtest from B over its interface against an HTTP endpoint in the root namespace', async () => {
    const seen: string[] = [];
    const endpoint = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} from ${req.socket.remoteAddress}`);
      const url = new URL(req.url!, 'http://x');
      if (req.method === 'GET' && url.pathname === '/speed/download') {
        const bytes = Number(url.searchParams.get('bytes'));
        res.writeHead(200, { 'content-length': bytes });
        return res.end(Buffer.alloc(bytes));
      }
      if (req.method === 'POST' && url.pathname === '/speed/upload') {
        let received = 0;
        req.on('data', (chunk: Buffer) => (received += chunk.length));
        return req.on('end', () => res.end(JSON.stringify({ received })));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => endpoint.listen(0, net!.rootAddress, resolve));
    try {
      const server = `http://${net!.rootAddress}:${(endpoint.address() as AddressInfo).port}/speed`;
      const notes: string[] = [];
      const result = await call(
        'b',
        'speedtest',
        { server, iface: net!.b.link, bytes: 2 * 1024 * 1024 },
        notes,
      );
      expect(result).toMatchObject({ server, iface: net!.b.link, drops: 0 });
      expect(result.downloadMbps).toBeGreaterThan(1);
      expect(result.uploadMbps).toBeGreaterThan(1);
      expect(result.latencyMs).toBeLessThan(50);
      expect(notes).toEqual([
        expect.stringMatching(/^Latency /),
        expect.stringMatching(/^Download /),
        expect.stringMatching(/^Upload /),
      ]);
      expect(seen).toContain(`GET /speed/download?bytes=${2 * 1024 * 1024} from ${net!.b.address}`);
      expect(seen).toContain(`POST /speed/upload from ${net!.b.address}`);
      expect(seen.filter((s) => s.startsWith('GET /speed/download?bytes=0 '))).toHaveLength(10);
    } finally {
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });

  test('the cell scanner on a machine without ModemManager says unsupported, plainly', async () => {
    const scan = call('a', 'cellScan', {});
    await expect(scan).rejects.toBeInstanceOf(DeviceRpcError);
    await expect(scan).rejects.toMatchObject({
      remoteCode: 'unsupported',
      message: expect.stringContaining('This device has no cellular modem.'),
    });
  });
});
