/**
 * Talking to one WireGuard interface: wireguard-go through its UAPI socket (/var/run/wireguard/IF.sock,
 * `set=1` / `get=1`), or the kernel's through `wg`. Both answer the same small set of operations, so the
 * overlay above does not care which one the machine has. Private keys go to the socket or to `wg` as a
 * file, never on a command line.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { keyBase64, keyHex } from './wg-keys.ts';

const run = promisify(execFile);

export interface WgPeerSet {
  publicKey: string;
  endpoint?: string | null;
  keepalive?: number;
  /** Replaces the peer's allowed IPs. */
  allowedIps?: string[];
}

export interface WgPeerDump {
  publicKey: string;
  endpoint: string | null;
  /** Seconds since the epoch; 0 never. */
  latestHandshake: number;
  rxBytes: number;
  txBytes: number;
  allowedIps: string[];
}

export interface WgControl {
  setDevice(d: { privateKey: string; privateKeyFile: string; listenPort: number }): Promise<void>;
  setPeer(peer: WgPeerSet): Promise<void>;
  removePeer(publicKey: string): Promise<void>;
  dump(): Promise<WgPeerDump[]>;
}

export const uapiSocket = (iface: string) => `/var/run/wireguard/${iface}.sock`;

/** One UAPI exchange: the request's lines, answered with key=value lines ending in errno= and a blank line. */
function uapi(iface: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(uapiSocket(iface));
    let answer = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('UAPI timed out')));
    socket.on('connect', () => socket.write(`${request}\n\n`));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (/errno=-?\d+\n\n$/.test(answer)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const errno = /errno=(-?\d+)/.exec(answer)?.[1];
      if (errno === '0') resolve(answer);
      else reject(new Error(`UAPI ${request.split('\n')[0]} failed (errno ${errno ?? 'none'})`));
    });
  });
}

export function parseUapiDump(text: string): WgPeerDump[] {
  const peers: WgPeerDump[] = [];
  let peer: WgPeerDump | undefined;
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const [key, value] = [line.slice(0, at), line.slice(at + 1)];
    if (key === 'public_key') {
      peer = {
        publicKey: keyBase64(value),
        endpoint: null,
        latestHandshake: 0,
        rxBytes: 0,
        txBytes: 0,
        allowedIps: [],
      };
      peers.push(peer);
    } else if (!peer) continue;
    else if (key === 'endpoint') peer.endpoint = value;
    else if (key === 'last_handshake_time_sec') peer.latestHandshake = Number(value);
    else if (key === 'rx_bytes') peer.rxBytes = Number(value);
    else if (key === 'tx_bytes') peer.txBytes = Number(value);
    else if (key === 'allowed_ip') peer.allowedIps.push(value);
  }
  return peers;
}

export function uapiControl(iface: string): WgControl {
  return {
    async setDevice(d) {
      await uapi(iface, `set=1\nprivate_key=${keyHex(d.privateKey)}\nlisten_port=${d.listenPort}`);
    },
    async setPeer(p) {
      const lines = [`set=1`, `public_key=${keyHex(p.publicKey)}`];
      if (p.endpoint) lines.push(`endpoint=${p.endpoint}`);
      if (p.keepalive !== undefined) lines.push(`persistent_keepalive_interval=${p.keepalive}`);
      if (p.allowedIps)
        lines.push('replace_allowed_ips=true', ...p.allowedIps.map((ip) => `allowed_ip=${ip}`));
      await uapi(iface, lines.join('\n'));
    },
    async removePeer(publicKey) {
      await uapi(iface, `set=1\npublic_key=${keyHex(publicKey)}\nremove=true`);
    },
    async dump() {
      return parseUapiDump(await uapi(iface, 'get=1'));
    },
  };
}

/** The kernel's WireGuard through wireguard-tools' `wg`. */
export function wgToolControl(iface: string): WgControl {
  const wg = (...args: string[]) => run('wg', args, { timeout: 10_000 });
  return {
    async setDevice(d) {
      await wg('set', iface, 'private-key', d.privateKeyFile, 'listen-port', String(d.listenPort));
    },
    async setPeer(p) {
      const args = ['set', iface, 'peer', p.publicKey];
      if (p.endpoint) args.push('endpoint', p.endpoint);
      if (p.keepalive !== undefined) args.push('persistent-keepalive', String(p.keepalive));
      if (p.allowedIps) args.push('allowed-ips', p.allowedIps.join(','));
      await wg(...args);
    },
    async removePeer(publicKey) {
      await wg('set', iface, 'peer', publicKey, 'remove');
    },
    async dump() {
      const { stdout } = await wg('show', iface, 'dump');
      // First line is the interface itself; peers: key psk endpoint allowed-ips handshake rx tx keepalive.
      return stdout
        .trim()
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => {
          const [publicKey, , endpoint, allowed, handshake, rx, tx] = line.split('\t');
          return {
            publicKey: publicKey!,
            endpoint: endpoint === '(none)' ? null : endpoint!,
            latestHandshake: Number(handshake),
            rxBytes: Number(rx),
            txBytes: Number(tx),
            allowedIps: allowed === '(none)' ? [] : allowed!.split(','),
          };
        });
    },
  };
}
