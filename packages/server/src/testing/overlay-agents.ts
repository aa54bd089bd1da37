/**
 * Real agents on a namespaced SD-WAN test network (netns-overlay.ts), enrolled in a test console that
 * listens in the root namespace, and what the namespaced overlay tests do with them: the SD-WAN API as an
 * operator calls it, a ping from one site's LAN to the other's, and the WireGuard peers an interface lists.
 * Packages the tests need are installed first when missing (never skipped).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SDWAN_PATH, type SdwanLinkView, type SdwanTopology } from '@edge/protocol';
import type { Config } from '../config.ts';
import { TEST_CLAIM_CODE, signIn, startTestConsole, type TestConsole } from './harness.ts';
import { startAgent, uniquePrefix, waitFor, type Child } from './devices.ts';
import { inNamespace } from './netns.ts';
import { overlayTestNetwork, type OverlayTestNetwork, type Which } from './netns-overlay.ts';

const run = promisify(execFile);
const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-test-packages.sh');

export interface OverlayAgents {
  net: OverlayTestNetwork;
  edge: TestConsole;
  agents: Map<Which, Child>;
  stateDirs: Map<Which, string>;
  /** Device ids by namespace. */
  ids: Record<Which, string>;
  /** The console's log, at the level asked for. */
  logLines: string[];
  api<T>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** An SD-WAN call that must succeed: its answer (SPEC 8 message, id). */
  ok(method: string, route: string, body?: unknown): Promise<{ message: string; id: number }>;
  topology(): Promise<SdwanTopology>;
  link(id: number): Promise<SdwanLinkView>;
  stop(): Promise<void>;
}

/** Starts the network, the console (listening on the root side of the uplinks) and an agent per namespace. */
export async function startOverlayAgents(options: {
  which: Which[];
  consoleHost?: boolean;
  overrides?: (net: OverlayTestNetwork) => Partial<Config>;
}): Promise<OverlayAgents> {
  execFileSync('bash', [ENSURE], { stdio: 'inherit' });
  const net = overlayTestNetwork({ consoleHost: options.consoleHost });
  const logLines: string[] = [];
  const agents = new Map<Which, Child>();
  const stateDirs = new Map<Which, string>();
  let edge: TestConsole | undefined;
  const stop = async () => {
    await Promise.all([...agents.values()].map((agent) => agent.stop()));
    await edge?.destroy();
    net.remove();
    for (const dir of stateDirs.values()) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    edge = await startTestConsole(
      'sqlite',
      { logLevel: 'debug', ...options.overrides?.(net) },
      { write: (line) => void logLines.push(line) },
    );
    await edge.app.listen({ host: net.rootAddress, port: 0 });
    const url = `http://${net.rootAddress}:${(edge.app.server.address() as AddressInfo).port}`;
    const session = await signIn(edge);
    const prefix = uniquePrefix();
    const serial = (w: Which) => `${prefix}-${w.toUpperCase()}`;
    await edge.enrolment.provision(
      options.which.map((w) => ({ serial: serial(w), claimCode: TEST_CLAIM_CODE })),
    );
    for (const w of options.which) {
      const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `edge-sdwan-${w}-`));
      stateDirs.set(w, stateDir);
      agents.set(
        w,
        startAgent({ console: url, serial: serial(w), stateDir, interval: 5, namespace: net.namespaces[w] }),
      );
    }
    const ids = { a: '', b: '', r: '' };
    const started = edge;
    await waitFor(
      () => {
        const online = started.devices.list().filter((d) => d.online && d.capabilities.length > 0);
        for (const w of options.which) ids[w] = online.find((d) => d.serial === serial(w))?.id ?? '';
        return options.which.every((w) => ids[w]);
      },
      'the agents online',
      60_000,
    );
    const api = async <T>(method: string, route: string, body?: unknown) => {
      const res = await fetch(`${url}${SDWAN_PATH}/${route}`, {
        method,
        headers: {
          ...session.headers(method !== 'GET'),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as T };
    };
    const topology = async () => (await api<SdwanTopology>('GET', 'topology')).body;
    return {
      net,
      edge,
      agents,
      stateDirs,
      ids,
      logLines,
      api,
      async ok(method, route, body) {
        const res = await api<{ message: string; id: number }>(method, route, body);
        if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
      topology,
      link: async (id) => (await topology()).links.find((l) => l.id === id)!,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Pings `to` from A's LAN address: the traffic of the sites, not of the routers. Not inNamespace, which
 * blocks this process, where the console the agents talk to runs.
 */
export async function lanPing(net: OverlayTestNetwork, to: string, count = 3, size = 56): Promise<string> {
  const { stdout } = await run('ip', [
    ...['netns', 'exec', net.namespaces.a, 'ping', '-n', '-c', String(count), '-i', '0.2', '-W', '2'],
    ...['-s', String(size), '-I', net.lan.aHost, to],
  ]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  return stdout;
}

/** The WireGuard interface an overlay made in a namespace, and its peers as `wg show IF dump` lists them. */
export function wgPeers(
  namespace: string,
): { publicKey: string; endpoint: string; handshake: number; rx: number; tx: number }[] {
  const iface = /\d+: (eo[0-9a-f]{10})[:@]/.exec(inNamespace(namespace, ['ip', '-o', 'link', 'show']))?.[1];
  if (!iface) return [];
  return inNamespace(namespace, ['wg', 'show', iface, 'dump'])
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map((f) => ({
      publicKey: f[0]!,
      endpoint: f[2]!,
      handshake: Number(f[4]),
      rx: Number(f[5]),
      tx: Number(f[6]),
    }));
}
