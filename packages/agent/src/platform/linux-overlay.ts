/**
 * The overlay on a Linux device: one WireGuard interface, the kernel's when it has WireGuard, otherwise
 * wireguard-go (Debian's package) driven over its UAPI socket. The key pair is made here and stays here.
 * Applying a configuration sets the address, the peers (changing only what differs, so sessions survive),
 * a route per allowed IP, forwarding for relays and exits, for a site behind an exit node its LANs' policy
 * route, on the exit node the masquerade of the LANs it carries, and the links' LAN destination rules.
 * Every 2 s the device reads its peers' counters, moves a peer onto its relay when the direct path has gone
 * quiet (and back when it wakes), and pings each peer's tunnel address for the latency it reports.
 * The configuration is kept in the state directory so that 'on at boot' brings the tunnel up before the
 * console is reached.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  SDWAN_KEEPALIVE_S,
  overlayConfig,
  type OverlayConfig,
  type OverlayIdentity,
  type OverlayStatus,
} from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import type { OverlayPort } from '../ports/overlay.ts';
import {
  candidatesOf,
  effectiveAllowedIps,
  nextEndpoint,
  pathOf,
  usesRelay,
  type EndpointTrial,
  type LastHeard,
} from './overlay-paths.ts';
import { lanRuleLines } from './overlay-rules.ts';
import { uapiControl, uapiSocket, wgToolControl, type WgControl, type WgPeerDump } from './wg-control.ts';
import { loadOrMakeKeys, type WgKeys } from './wg-keys.ts';

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args, { timeout: 10_000 });
/** The table an exit node's LAN traffic is routed by (ip rule from LAN). */
const EXIT_TABLE = '51820';
const MONITOR_MS = 2000;
/** WireGuard drops a session this long after its handshake (Reject-After-Time) unless it is renewed. */
const SESSION_S = 180;
const inSession = (peer: WgPeerDump, now: number): boolean =>
  peer.latestHandshake > 0 && now / 1000 - peer.latestHandshake < SESSION_S;
const PROBE_EVERY_MS = 4000;

export interface LinuxOverlayOptions {
  serial: string;
  stateDir: string;
  log: AgentLog;
  /** wireguard-go's path; default from PATH. */
  wireguardGo?: string;
}

export class LinuxOverlay implements OverlayPort {
  /** Unique per device across namespaces: wireguard-go's sockets share /var/run/wireguard. */
  readonly iface: string;
  private keys: WgKeys | undefined;
  private control: WgControl | undefined;
  private backend: OverlayIdentity['backend'] | undefined;
  private child: ChildProcess | undefined;
  private config: OverlayConfig | undefined;
  private configuredAt = 0;
  private listenPort = 0;
  private routes = new Set<string>();
  private exitRules: string[] = [];
  /** An exit node's masquerade rules in force, by the LAN they carry (placeExitNat). */
  private natRules = new Set<string>();
  /** The LAN destination filter in force, as placed last (placeLanRules). */
  private lanRules = '[]';
  private readonly heard: LastHeard = new Map();
  private readonly lastRx = new Map<string, number>();
  private dump: WgPeerDump[] = [];
  private readonly latency = new Map<string, number | null>();
  private applied = new Map<string, string>();
  /** Per peer: its addresses, the one tried now (overlay-paths.ts nextEndpoint), and the one WireGuard was given. */
  private readonly trials = new Map<string, EndpointTrial>();
  private readonly endpointSet = new Map<string, string | null>();
  private timer: NodeJS.Timeout | undefined;
  private lastProbe = 0;
  private busy: Promise<unknown> = Promise.resolve();
  /** The rate limits in force, as placed last (placeRateLimits). */
  private rateLimits = '[]';

  constructor(private readonly options: LinuxOverlayOptions) {
    this.iface = `eo${createHash('sha256').update(options.serial).digest('hex').slice(0, 10)}`;
    process.once('exit', () => this.child?.kill('SIGTERM'));
    const saved = this.saved();
    if (saved?.enabled && saved.onBoot)
      this.apply(saved).catch((err: unknown) =>
        options.log.warn(`overlay: bringing the tunnel up at start failed: ${String(err)}`),
      );
  }

  private get keyFile(): string {
    return path.join(this.options.stateDir, 'overlay.key');
  }
  private get configFile(): string {
    return path.join(this.options.stateDir, 'overlay.json');
  }

  private saved(): OverlayConfig | undefined {
    try {
      return overlayConfig.parse(JSON.parse(fs.readFileSync(this.configFile, 'utf8')));
    } catch {
      return undefined;
    }
  }

  private ownKeys(): WgKeys {
    this.keys ??= loadOrMakeKeys(this.keyFile);
    return this.keys;
  }

  async identity(): Promise<OverlayIdentity> {
    return {
      publicKey: this.ownKeys().publicKey,
      listenPort: this.config?.listenPort ?? this.saved()?.listenPort ?? 51820,
      addresses: ownAddresses(),
      backend: this.backend ?? ((await kernelHasWireGuard()) ? 'kernel' : 'wireguard-go'),
    };
  }

  /** One change at a time: the monitor and the console's calls both reconfigure the interface. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.busy.then(fn, fn);
    this.busy = next.catch(() => undefined);
    return next;
  }

  apply(config: OverlayConfig): Promise<void> {
    return this.serial(async () => {
      if (!config.enabled) {
        await this.down();
      } else {
        await this.up(config);
      }
      fs.mkdirSync(this.options.stateDir, { recursive: true });
      fs.writeFileSync(this.configFile, JSON.stringify(config), { mode: 0o600 });
    });
  }

  private async ensureInterface(): Promise<WgControl> {
    if (this.control) return this.control;
    if (
      await ip('link', 'add', this.iface, 'type', 'wireguard').then(
        () => true,
        () => false,
      )
    ) {
      this.backend = 'kernel';
      this.control = wgToolControl(this.iface);
    } else {
      this.backend = 'wireguard-go';
      await this.startWireguardGo();
      this.control = uapiControl(this.iface);
    }
    this.listenPort = 0;
    this.rateLimits = '[]';
    this.applied.clear();
    this.endpointSet.clear();
    return this.control;
  }

  private async startWireguardGo(): Promise<void> {
    const socket = uapiSocket(this.iface);
    // A wireguard-go of an earlier run of this agent: its interface is ours.
    if (fs.existsSync(socket)) await ip('link', 'del', this.iface).catch(() => undefined);
    const child = spawn(this.options.wireguardGo ?? 'wireguard-go', ['-f', this.iface], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, WG_PROCESS_FOREGROUND: '1' },
    });
    let failed: Error | undefined;
    child.on('error', (err) => (failed = err));
    child.on('exit', (code) => {
      if (this.child === child) {
        this.options.log.warn(`overlay: wireguard-go exited (${code})`);
        this.child = undefined;
        this.control = undefined;
      }
    });
    this.child = child;
    for (let waited = 0; waited < 5000; waited += 50) {
      if (failed) throw new Error(`wireguard-go could not start: ${failed.message}`);
      if (fs.existsSync(socket)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('wireguard-go did not open its control socket');
  }

  private async up(config: OverlayConfig): Promise<void> {
    const control = await this.ensureInterface();
    const keys = this.ownKeys();
    if (this.listenPort !== config.listenPort) {
      await control.setDevice({
        privateKey: keys.privateKey,
        privateKeyFile: this.keyFile,
        listenPort: config.listenPort,
      });
      this.listenPort = config.listenPort;
    }
    const wanted = new Set(config.peers.map((p) => p.publicKey));
    for (const key of this.applied.keys())
      if (!wanted.has(key)) {
        await control.removePeer(key);
        this.applied.delete(key);
        this.endpointSet.delete(key);
      }
    for (const key of this.trials.keys()) if (!wanted.has(key)) this.trials.delete(key);
    const changedPeers = !this.config || JSON.stringify(this.config.peers) !== JSON.stringify(config.peers);
    if (changedPeers) this.configuredAt = Date.now();
    this.config = config;
    const now = Date.now();
    for (const peer of config.peers) {
      const candidates = candidatesOf(peer);
      const had = this.trials.get(peer.publicKey);
      // New addresses start from the first; the same ones keep the one found to answer.
      if (!had || JSON.stringify(had.candidates) !== JSON.stringify(candidates))
        this.trials.set(peer.publicKey, { candidates, index: 0, since: now });
      const endpoint = candidates[this.trials.get(peer.publicKey)!.index] ?? null;
      // Given again only when it changed: WireGuard may have learned a better one from the peer itself.
      const set = this.endpointSet.get(peer.publicKey) !== endpoint;
      await control.setPeer({
        publicKey: peer.publicKey,
        ...(set ? { endpoint } : {}),
        keepalive: SDWAN_KEEPALIVE_S,
      });
      this.endpointSet.set(peer.publicKey, endpoint);
    }
    await this.placeAllowedIps();

    await ip('address', 'replace', config.address, 'dev', this.iface);
    await ip('link', 'set', this.iface, 'up');
    await this.placeRoutes(config);
    await this.placeExitNat(config.exitFor);
    await this.placeLanRules(lanRuleLines(config));
    await this.placeRateLimits(config);
    if (config.forward) fs.writeFileSync('/proc/sys/net/ipv4/ip_forward', '1');
    this.timer ??= setInterval(
      () => void this.serial(() => this.monitor()).catch(() => undefined),
      MONITOR_MS,
    );
    this.timer.unref?.();
  }

  /** Gives each WireGuard peer the allowed IPs of the paths in use, touching only peers whose set changed. */
  private async placeAllowedIps(): Promise<void> {
    const config = this.config;
    if (!config || !this.control) return;
    const now = Date.now();
    const wanted = effectiveAllowedIps(config, (peer) => usesRelay(peer, this.heard, now, this.configuredAt));
    // Peers losing addresses first: an address may only be on one peer, and must not bounce back.
    const order = [...wanted].sort(([, a], [, b]) => a.length - b.length);
    for (const [key, ips] of order) {
      const text = ips.join(',');
      if (this.applied.get(key) === text) continue;
      await this.control.setPeer({ publicKey: key, allowedIps: ips });
      this.applied.set(key, text);
    }
  }

  private async placeRoutes(config: OverlayConfig): Promise<void> {
    const wanted = new Set(config.peers.flatMap((p) => p.allowedIps).filter((c) => c !== '0.0.0.0/0'));
    for (const cidr of wanted)
      if (!this.routes.has(cidr))
        await ip('route', 'replace', cidr, 'dev', this.iface).catch(() => undefined);
    for (const cidr of this.routes)
      if (!wanted.has(cidr)) await ip('route', 'del', cidr, 'dev', this.iface).catch(() => undefined);
    this.routes = wanted;
    // An exit node: only the site LANs' traffic takes the tunnel as default route, never the agent's own.
    for (const lan of this.exitRules)
      await ip('rule', 'del', 'from', lan, 'table', EXIT_TABLE).catch(() => undefined);
    this.exitRules = [];
    if (config.exitVia) {
      await ip('route', 'replace', 'default', 'dev', this.iface, 'table', EXIT_TABLE);
      // A site node's own LANs; on a relay, those of the relayed sites whose exit it passes traffic on to.
      for (const lan of [...config.lans, ...config.exitLans]) {
        await ip('rule', 'add', 'from', lan, 'table', EXIT_TABLE);
        this.exitRules.push(lan);
      }
    }
  }

  /**
   * An exit node sends the other sites' internet traffic on out of its own uplinks under its own address:
   * a masquerade rule per carried LAN for what leaves by any interface but the tunnel. Only the rules that
   * changed are touched.
   */
  private async placeExitNat(lans: readonly string[]): Promise<void> {
    const rule = (lan: string) => ['POSTROUTING', '-s', lan, '!', '-o', this.iface, '-j', 'MASQUERADE'];
    const iptables = (...args: string[]) =>
      run('iptables', ['-w', '-t', 'nat', ...args], { timeout: 10_000 });
    const wanted = new Set(lans);
    for (const lan of this.natRules)
      if (!wanted.has(lan)) {
        await iptables('-D', ...rule(lan)).catch(() => undefined);
        this.natRules.delete(lan);
      }
    for (const lan of wanted)
      if (!this.natRules.has(lan)) {
        // Left by an earlier run of the agent: kept, not doubled.
        if (
          !(await iptables('-C', ...rule(lan)).then(
            () => true,
            () => false,
          ))
        )
          await iptables('-A', ...rule(lan));
        this.natRules.add(lan);
      }
  }

  /**
   * Links' LAN destination rules (overlay-rules.ts): a chain of this interface's own, reached from OUTPUT
   * and FORWARD for what leaves by the tunnel, filled again when the rules change, unhooked when none.
   */
  private async placeLanRules(lines: string[][]): Promise<void> {
    const text = JSON.stringify(lines);
    if (text === this.lanRules) return;
    this.lanRules = text;
    const chain = `${this.iface}-lan`;
    const iptables = (...args: string[]) => run('iptables', ['-w', ...args], { timeout: 10_000 });
    const hook = (parent: string) => [parent, '-o', this.iface, '-j', chain];
    for (const parent of ['OUTPUT', 'FORWARD'])
      for (let hooked = true; hooked;)
        hooked = await iptables('-D', ...hook(parent)).then(
          () => true,
          () => false,
        );
    await iptables('-F', chain).catch(() => undefined);
    await iptables('-X', chain).catch(() => undefined);
    if (!lines.length) return;
    await iptables('-N', chain);
    for (const line of lines) await iptables('-A', chain, ...line);
    for (const parent of ['OUTPUT', 'FORWARD']) await iptables('-I', ...hook(parent));
  }

  /**
   * A link's rate limit shapes what this node sends to the peer: an HTB class per limited peer on the
   * tunnel interface, chosen by destination (the peer's allowed IPs); everything else is unlimited.
   */
  private async placeRateLimits(config: OverlayConfig): Promise<void> {
    const limited = config.peers.filter((p) => p.rateLimitMbps !== null);
    const text = JSON.stringify(limited.map((p) => [p.allowedIps, p.rateLimitMbps]));
    if (text === this.rateLimits) return;
    this.rateLimits = text;
    const tc = (...args: string[]) => run('tc', args, { timeout: 10_000 });
    await tc('qdisc', 'del', 'dev', this.iface, 'root').catch(() => undefined);
    if (!limited.length) return;
    await tc('qdisc', 'add', 'dev', this.iface, 'root', 'handle', '1:', 'htb', 'default', '1');
    await tc('class', 'add', 'dev', this.iface, 'parent', '1:', 'classid', '1:1', 'htb', 'rate', '10gbit');
    for (const [i, peer] of limited.entries()) {
      const classId = `1:${(i + 10).toString(16)}`;
      const rate = `${peer.rateLimitMbps}mbit`;
      await tc(
        'class',
        'add',
        'dev',
        this.iface,
        'parent',
        '1:',
        'classid',
        classId,
        'htb',
        'rate',
        rate,
        'ceil',
        rate,
      );
      for (const cidr of peer.allowedIps)
        await tc(
          'filter',
          'add',
          'dev',
          this.iface,
          'parent',
          '1:',
          'protocol',
          'ip',
          'prio',
          '1',
          'u32',
          'match',
          'ip',
          'dst',
          cidr,
          'flowid',
          classId,
        );
    }
  }

  private async monitor(): Promise<void> {
    if (!this.control || !this.config) return;
    const now = Date.now();
    try {
      this.dump = await this.control.dump();
    } catch {
      return;
    }
    for (const peer of this.dump) {
      if (peer.rxBytes !== this.lastRx.get(peer.publicKey)) {
        // The first reading is a baseline, not a sign of life; nor are bytes outside a session: a peer whose
        // handshakes never complete (both ends' initiations crossing, a one-way path) still sends
        // initiations, and those must not keep its traffic off the relay.
        if (this.lastRx.has(peer.publicKey) && inSession(peer, now)) this.heard.set(peer.publicKey, now);
        this.lastRx.set(peer.publicKey, peer.rxBytes);
      }
    }
    await this.placeAllowedIps();
    await this.tryNextEndpoints(now);
    // A peer on its relay: poke the direct path (setting the keepalive sends one at once) to notice its return.
    for (const peer of this.config.peers)
      if (peer.relay && !peer.relayOnly && usesRelay(peer, this.heard, now, this.configuredAt))
        await this.control
          .setPeer({ publicKey: peer.publicKey, keepalive: SDWAN_KEEPALIVE_S })
          .catch(() => undefined);
    if (now - this.lastProbe >= PROBE_EVERY_MS) {
      this.lastProbe = now;
      for (const peer of this.config.peers) void this.probe(peer.publicKey, peer.address);
    }
  }

  /**
   * Multi-addresses: a peer that has not answered on the address tried for ENDPOINT_TRY_MS is given its next
   * one (setting the keepalive with it sends a handshake there at once), until one answers.
   */
  private async tryNextEndpoints(now: number): Promise<void> {
    for (const [key, trial] of this.trials) {
      const next = nextEndpoint(trial, this.heard, key, now);
      if (next === undefined) continue;
      const endpoint = trial.candidates[next]!;
      this.trials.set(key, { ...trial, index: next, since: now });
      this.endpointSet.set(key, endpoint);
      this.options.log.info(`overlay: trying the next address of a peer (${endpoint})`);
      await this.control!.setPeer({ publicKey: key, endpoint, keepalive: SDWAN_KEEPALIVE_S }).catch(
        () => undefined,
      );
    }
  }

  private async probe(key: string, target: string): Promise<void> {
    try {
      const { stdout } = await run('ping', ['-n', '-c', '1', '-W', '2', target], { timeout: 5000 });
      const ms = /time=([\d.]+) ms/.exec(stdout)?.[1];
      this.latency.set(key, ms === undefined ? null : Number(ms));
    } catch {
      this.latency.set(key, null);
    }
  }

  async status(): Promise<OverlayStatus> {
    const config = this.config;
    if (!config) return { peers: [] };
    const now = Date.now();
    const dump = new Map(this.dump.map((p) => [p.publicKey, p]));
    return {
      peers: config.peers.map((peer) => {
        const path = pathOf(peer, this.heard, now, this.configuredAt);
        const counted = dump.get(path === 'relay' && peer.relay ? peer.relay : peer.publicKey);
        return {
          name: peer.name,
          publicKey: peer.publicKey,
          path,
          endpoint: path === 'none' ? null : (counted?.endpoint ?? null),
          latestHandshake: counted?.latestHandshake ? counted.latestHandshake : null,
          rxBytes: counted?.rxBytes ?? 0,
          txBytes: counted?.txBytes ?? 0,
          latencyMs: path === 'none' ? null : (this.latency.get(peer.publicKey) ?? null),
        };
      }),
    };
  }

  private async down(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const lan of this.exitRules)
      await ip('rule', 'del', 'from', lan, 'table', EXIT_TABLE).catch(() => undefined);
    this.exitRules = [];
    await this.placeExitNat([]);
    await this.placeLanRules([]);
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGTERM');
    await ip('link', 'del', this.iface).catch(() => undefined);
    this.control = undefined;
    this.config = undefined;
    this.routes.clear();
    this.applied.clear();
    this.trials.clear();
    this.endpointSet.clear();
    this.rateLimits = '[]';
  }
}

async function kernelHasWireGuard(): Promise<boolean> {
  return fs.existsSync('/sys/module/wireguard');
}

/** The device's own IPv4 addresses, loopback left out: candidates for its endpoint. */
function ownAddresses(): string[] {
  return Object.entries(os.networkInterfaces())
    .filter(([name]) => !name.startsWith('eo'))
    .flatMap(([, list]) =>
      (list ?? []).filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address),
    );
}
