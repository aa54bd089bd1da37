/**
 * A simulated device's overlay: a real key pair (only the public key leaves, as on Linux), the
 * configuration the console sent, and per peer a plausible path, latency and traffic. All simulated devices
 * of one fleet share one underlay (simulatedUnderlay), so cutting a device's uplink (fleet control `cut`)
 * fails its links on both ends, falls back to a relay where one is configured and reachable, and heals
 * when the cut ends.
 */
import { createHash } from 'node:crypto';
import type { OverlayConfig, OverlayIdentity, OverlayPeer, OverlayStatus, SdwanPath } from '@edge/protocol';
import type { OverlayPort } from '../ports/overlay.ts';
import { makeKeys, type WgKeys } from './wg-keys.ts';

/** The fleet's shared underlay: which devices (by public key) are cut off, until when. */
class SimulatedUnderlay {
  private readonly cutUntil = new Map<string, number>();
  private readonly keyOf = new Map<string, string>();

  register(serial: string, publicKey: string): void {
    this.keyOf.set(serial, publicKey);
  }

  /** Cuts a device's uplink for `ms`; false when the device has no overlay key yet. */
  cut(serial: string, ms: number, now = Date.now()): boolean {
    const key = this.keyOf.get(serial);
    if (!key) return false;
    this.cutUntil.set(key, now + ms);
    return true;
  }

  up(publicKey: string, now = Date.now()): boolean {
    return (this.cutUntil.get(publicKey) ?? 0) <= now;
  }
}

export const simulatedUnderlay = new SimulatedUnderlay();

/** A number in [0, 1) fixed per text: the same pair of devices always has the same distance. */
const unit = (text: string): number => createHash('sha1').update(text).digest().readUInt32BE(0) / 2 ** 32;

export class SimulatedOverlay implements OverlayPort {
  private keys: WgKeys | undefined;
  private config: OverlayConfig | undefined;
  private configuredAt = 0;
  private readonly counters = new Map<string, { at: number; rx: number; tx: number; handshake: number }>();

  constructor(
    private readonly serial: string,
    private readonly now: () => number = Date.now,
  ) {}

  private ownKeys(): WgKeys {
    if (!this.keys) {
      this.keys = makeKeys();
      simulatedUnderlay.register(this.serial, this.keys.publicKey);
    }
    return this.keys;
  }

  async identity(): Promise<OverlayIdentity> {
    const n = Math.floor(unit(this.serial) * 250) + 2;
    return {
      publicKey: this.ownKeys().publicKey,
      listenPort: this.config?.listenPort ?? 51820,
      addresses: [`198.51.100.${n}`, `203.0.113.${n}`],
      backend: 'simulated',
    };
  }

  async apply(config: OverlayConfig): Promise<void> {
    this.ownKeys();
    this.config = config.enabled ? config : undefined;
    this.configuredAt = this.now();
  }

  private pathOf(peer: OverlayPeer, now: number): SdwanPath {
    const self = this.ownKeys().publicKey;
    if (!simulatedUnderlay.up(self, now)) return 'none';
    const peerUp = simulatedUnderlay.up(peer.publicKey, now);
    if (!peer.relayOnly && peerUp) return 'direct';
    if (peer.relay && peerUp && simulatedUnderlay.up(peer.relay, now)) return 'relay';
    return 'none';
  }

  async status(): Promise<OverlayStatus> {
    const config = this.config;
    if (!config) return { peers: [] };
    const now = this.now();
    const self = this.ownKeys().publicKey;
    return {
      peers: config.peers.map((peer) => {
        const path = this.pathOf(peer, now);
        const pair = [self, peer.publicKey].sort().join('');
        const c = this.counters.get(peer.publicKey) ?? { at: this.configuredAt, rx: 0, tx: 0, handshake: 0 };
        const seconds = Math.max(0, (now - c.at) / 1000);
        if (path !== 'none') {
          // Each pair has its own mean rate (20 KB/s to 2 MB/s) that swells and ebbs over minutes.
          const mean = 20_000 + unit(`${pair}rate`) * 2_000_000;
          const rate = mean * (0.6 + 0.4 * Math.sin(now / 90_000 + unit(pair) * 6.28));
          c.rx += Math.round(rate * seconds * (0.4 + unit(`${pair}${self}`) * 0.6));
          c.tx += Math.round(rate * seconds * (0.4 + unit(`${pair}${peer.publicKey}`) * 0.6));
          if (now / 1000 - c.handshake > 120) c.handshake = Math.floor(now / 1000);
        }
        c.at = now;
        this.counters.set(peer.publicKey, c);
        // 4-80 ms between the pair, a relay adds its detour, plus a little jitter.
        const base = 4 + unit(`${pair}latency`) * 76;
        const latency = base * (path === 'relay' ? 1.6 : 1) + Math.random() * base * 0.1;
        return {
          name: peer.name,
          publicKey: peer.publicKey,
          path,
          endpoint: path === 'direct' ? peer.endpoint : null,
          latestHandshake: c.handshake || null,
          rxBytes: c.rx,
          txBytes: c.tx,
          latencyMs: path === 'none' ? null : Math.round(latency * 10) / 10,
        };
      }),
    };
  }
}
