/**
 * The SD-WAN test network: three namespaces A, B and R (the relay), each with an uplink to the root
 * namespace where the console listens, and underlay links A-B, A-R and B-R. Each device has a "public"
 * address on its loopback, reached by the others over their direct underlay link only, so cutting A-B
 * leaves A and B reaching each other only through R. Sites' LAN addresses sit on A's and B's loopbacks.
 * A fourth namespace, "the internet", hangs off B only: a host there is reached from A's LAN only when B
 * is its site's exit node, and it knows no way back to A's LAN (B must send on under its own address).
 * With `consoleHost`, a fifth namespace C stands for the console's host as relay (SDWAN_RELAY_NAMESPACE):
 * A and B each reach its public address over a link of their own, as any device reaches its console.
 * Names are random per run; remove() deletes everything, also after a failure.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const ip = (...args: string[]): string =>
  execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function freeRange(): number {
  const routes = ip('-4', 'route', 'show', 'table', 'all');
  for (;;) {
    const n = 100 + Math.floor(Math.random() * 150);
    if (!routes.includes(`10.${n}.`)) return n;
  }
}

export type Which = 'a' | 'b' | 'r';

export interface OverlayTestNetwork {
  /** The console listens here (root namespace). */
  rootAddress: string;
  namespaces: Record<Which, string>;
  /** Each device's address as the others reach it (its SD-WAN endpoint). */
  publicAddress: Record<Which, string>;
  /** A's and B's LANs, and the LAN address each holds. */
  lan: { a: string; b: string; aHost: string; bHost: string };
  /** A range of no use to anything else: the tunnel subnet. */
  tunnelSubnet: string;
  /** The internet behind B: its namespace, a host address there, and B's address as that host sees it. */
  internet: { namespace: string; host: string; bSide: string };
  /** The console host's namespace and its public address (the relay's endpoint), when asked for. */
  consoleHost?: { namespace: string; publicAddress: string };
  /** Cuts (or restores) the A-B underlay link. */
  setDirect(up: boolean): void;
  remove(): void;
}

export function overlayTestNetwork(options: { consoleHost?: boolean } = {}): OverlayTestNetwork {
  const tag = randomBytes(3).toString('hex');
  const n = freeRange();
  const ids: Which[] = ['a', 'b', 'r'];
  const index = { a: 1, b: 2, r: 3 } as const;
  const namespaces = { a: `sdw-a-${tag}`, b: `sdw-b-${tag}`, r: `sdw-r-${tag}` };
  const internet = { namespace: `sdw-i-${tag}`, host: `10.${n}.250.1`, bSide: `10.${n}.24.1` };
  const publicAddress = { a: `10.${n}.100.1`, b: `10.${n}.100.2`, r: `10.${n}.100.3` };
  const rootLinks = ids.map((w) => `sr${w}${tag}`);
  const abLink = `sab${tag}`;
  const net: OverlayTestNetwork = {
    rootAddress: `10.${n}.1.1`,
    namespaces,
    publicAddress,
    lan: { a: `10.${n}.201.0/24`, b: `10.${n}.202.0/24`, aHost: `10.${n}.201.1`, bHost: `10.${n}.202.1` },
    tunnelSubnet: `10.${n}.64.0/24`,
    internet,
    setDirect(up) {
      ip('-n', namespaces.a, 'link', 'set', abLink, up ? 'up' : 'down');
      if (up)
        ip(
          '-n',
          namespaces.a,
          'route',
          'replace',
          publicAddress.b,
          'via',
          `10.${n}.12.2`,
          'src',
          publicAddress.a,
        );
    },
    remove() {
      const all = [...Object.values(namespaces), internet.namespace, net.consoleHost?.namespace];
      for (const ns of all.filter((name) => name !== undefined))
        try {
          ip('netns', 'del', ns);
        } catch {
          // Not made, or gone already.
        }
      for (const link of rootLinks)
        try {
          ip('link', 'del', link);
        } catch {
          // Went with its namespace.
        }
    },
  };
  try {
    for (const w of ids) {
      ip('netns', 'add', namespaces[w]);
      ip('-n', namespaces[w], 'link', 'set', 'lo', 'up');
      ip('-n', namespaces[w], 'addr', 'add', `${publicAddress[w]}/32`, 'dev', 'lo');
      // Uplink to the root namespace: 10.n.{1,2,3}.0/30, the console at 10.n.1.1 reached through each.
      const i = index[w];
      const root = `sr${w}${tag}`;
      const inside = `su${w}${tag}`;
      ip('link', 'add', root, 'type', 'veth', 'peer', 'name', inside);
      ip('link', 'set', inside, 'netns', namespaces[w]);
      ip('addr', 'add', `10.${n}.${i}.1/30`, 'dev', root);
      ip('link', 'set', root, 'up');
      ip('-n', namespaces[w], 'addr', 'add', `10.${n}.${i}.2/30`, 'dev', inside);
      ip('-n', namespaces[w], 'link', 'set', inside, 'up');
      if (w !== 'a')
        ip('-n', namespaces[w], 'route', 'add', `${net.rootAddress}/32`, 'via', `10.${n}.${i}.1`);
    }
    // Underlay links: x-y on 10.n.{xy}.0/30, x .1 and y .2; each public address reached over its own link.
    const pairs: [Which, Which, string, string][] = [
      ['a', 'b', abLink, '12'],
      ['a', 'r', `sar${tag}`, '13'],
      ['b', 'r', `sbr${tag}`, '23'],
    ];
    for (const [x, y, name, net24] of pairs) {
      const other = `${name}p`;
      ip('link', 'add', name, 'type', 'veth', 'peer', 'name', other);
      ip('link', 'set', name, 'netns', namespaces[x]);
      ip('link', 'set', other, 'netns', namespaces[y]);
      ip('-n', namespaces[x], 'addr', 'add', `10.${n}.${net24}.1/30`, 'dev', name);
      ip('-n', namespaces[y], 'addr', 'add', `10.${n}.${net24}.2/30`, 'dev', other);
      ip('-n', namespaces[x], 'link', 'set', name, 'up');
      ip('-n', namespaces[y], 'link', 'set', other, 'up');
      ip(
        '-n',
        namespaces[x],
        'route',
        'add',
        publicAddress[y],
        'via',
        `10.${n}.${net24}.2`,
        'src',
        publicAddress[x],
      );
      ip(
        '-n',
        namespaces[y],
        'route',
        'add',
        publicAddress[x],
        'via',
        `10.${n}.${net24}.1`,
        'src',
        publicAddress[y],
      );
    }
    // The internet: B's uplink to it on 10.n.24.0/30 (B .1, the internet .2), a host at 10.n.250.1 there;
    // the internet knows only B's side of that link, no way to the sites' LANs.
    ip('netns', 'add', internet.namespace);
    ip('-n', internet.namespace, 'link', 'set', 'lo', 'up');
    ip('-n', internet.namespace, 'addr', 'add', `${internet.host}/32`, 'dev', 'lo');
    ip('link', 'add', `sbi${tag}`, 'type', 'veth', 'peer', 'name', `sbi${tag}p`);
    ip('link', 'set', `sbi${tag}`, 'netns', namespaces.b);
    ip('link', 'set', `sbi${tag}p`, 'netns', internet.namespace);
    ip('-n', namespaces.b, 'addr', 'add', `${internet.bSide}/30`, 'dev', `sbi${tag}`);
    ip('-n', internet.namespace, 'addr', 'add', `10.${n}.24.2/30`, 'dev', `sbi${tag}p`);
    ip('-n', namespaces.b, 'link', 'set', `sbi${tag}`, 'up');
    ip('-n', internet.namespace, 'link', 'set', `sbi${tag}p`, 'up');
    ip('-n', namespaces.b, 'route', 'add', `${internet.host}/32`, 'via', `10.${n}.24.2`);
    if (options.consoleHost) {
      // The console host C: a link from A (10.n.15.0/30) and from B (10.n.25.0/30), its public address on lo.
      const host = { namespace: `sdw-c-${tag}`, publicAddress: `10.${n}.100.4` };
      net.consoleHost = host;
      ip('netns', 'add', host.namespace);
      ip('-n', host.namespace, 'link', 'set', 'lo', 'up');
      ip('-n', host.namespace, 'addr', 'add', `${host.publicAddress}/32`, 'dev', 'lo');
      for (const [w, net24] of [
        ['a', '15'],
        ['b', '25'],
      ] as const) {
        const name = `s${w}c${tag}`;
        ip('link', 'add', name, 'type', 'veth', 'peer', 'name', `${name}p`);
        ip('link', 'set', name, 'netns', namespaces[w]);
        ip('link', 'set', `${name}p`, 'netns', host.namespace);
        ip('-n', namespaces[w], 'addr', 'add', `10.${n}.${net24}.1/30`, 'dev', name);
        ip('-n', host.namespace, 'addr', 'add', `10.${n}.${net24}.2/30`, 'dev', `${name}p`);
        ip('-n', namespaces[w], 'link', 'set', name, 'up');
        ip('-n', host.namespace, 'link', 'set', `${name}p`, 'up');
        ip('-n', namespaces[w], 'route', 'add', host.publicAddress, 'via', `10.${n}.${net24}.2`);
        ip('-n', host.namespace, 'route', 'add', publicAddress[w], 'via', `10.${n}.${net24}.1`);
      }
    }
    // The sites' LAN addresses (a host each on A and B).
    ip('-n', namespaces.a, 'addr', 'add', `${net.lan.aHost}/32`, 'dev', 'lo');
    ip('-n', namespaces.b, 'addr', 'add', `${net.lan.bHost}/32`, 'dev', 'lo');
  } catch (err) {
    net.remove();
    throw err;
  }
  return net;
}
