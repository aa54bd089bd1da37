/**
 * Test networks of network namespaces joined by veth pairs, so real agents can run real network tools
 * against each other without any traffic leaving the machine. Names are random per run; every namespace,
 * link and route made here goes again in `remove()`, also after a failure.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const ip = (...args: string[]): string =>
  execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs a command inside a namespace and gives its output (a failing command's too). */
export function inNamespace(namespace: string, command: string[]): string {
  try {
    return execFileSync('ip', ['netns', 'exec', namespace, ...command], {
      encoding: 'utf8',
      timeout: 60_000,
    });
  } catch (err) {
    const failed = err as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

/** A 10.N.0.0/16 range no route of this machine covers. */
function freeRange(): number {
  const routes = ip('-4', 'route', 'show', 'table', 'all');
  for (;;) {
    const n = 100 + Math.floor(Math.random() * 150);
    if (!routes.includes(`10.${n}.`)) return n;
  }
}

/**
 * The root namespace, device A and device B in a line: root 10.N.1.1 -- 10.N.1.2 A 10.N.12.1 -- 10.N.12.2 B.
 * A forwards between its two links, so B reaches the root's address (where the console listens) through A,
 * one hop away; neither namespace has a default route.
 */
export interface TwoDeviceNetwork {
  /** The root namespace's address on A's uplink: the console listens here. */
  rootAddress: string;
  a: { namespace: string; uplinkAddress: string; address: string; link: string };
  b: { namespace: string; address: string; link: string };
  remove(): void;
}

export function twoDeviceNetwork(): TwoDeviceNetwork {
  const tag = randomBytes(3).toString('hex');
  const n = freeRange();
  const root = `eur${tag}`;
  const aUplink = `eua${tag}`;
  const net = {
    rootAddress: `10.${n}.1.1`,
    a: {
      namespace: `edge-a-${tag}`,
      uplinkAddress: `10.${n}.1.2`,
      address: `10.${n}.12.1`,
      link: `ela${tag}`,
    },
    b: { namespace: `edge-b-${tag}`, address: `10.${n}.12.2`, link: `elb${tag}` },
    remove(): void {
      for (const namespace of [net.a.namespace, net.b.namespace])
        try {
          ip('netns', 'del', namespace);
        } catch {
          // Not made, or gone already.
        }
      // Deleting A's namespace took its end of the uplink, and with it the root's end and route.
      try {
        ip('link', 'del', root);
      } catch {
        // Gone with the namespace.
      }
    },
  };
  const { a, b } = net;
  try {
    ip('netns', 'add', a.namespace);
    ip('netns', 'add', b.namespace);
    ip('link', 'add', root, 'type', 'veth', 'peer', 'name', aUplink);
    ip('link', 'set', aUplink, 'netns', a.namespace);
    ip('link', 'add', a.link, 'type', 'veth', 'peer', 'name', b.link);
    ip('link', 'set', a.link, 'netns', a.namespace);
    ip('link', 'set', b.link, 'netns', b.namespace);
    ip('addr', 'add', `${net.rootAddress}/30`, 'dev', root);
    ip('link', 'set', root, 'up');
    ip('route', 'add', `10.${n}.12.0/24`, 'via', a.uplinkAddress, 'dev', root);
    ip('-n', a.namespace, 'link', 'set', 'lo', 'up');
    ip('-n', a.namespace, 'addr', 'add', `${a.uplinkAddress}/30`, 'dev', aUplink);
    ip('-n', a.namespace, 'link', 'set', aUplink, 'up');
    ip('-n', a.namespace, 'addr', 'add', `${a.address}/24`, 'dev', a.link);
    ip('-n', a.namespace, 'link', 'set', a.link, 'up');
    ip('-n', b.namespace, 'link', 'set', 'lo', 'up');
    ip('-n', b.namespace, 'addr', 'add', `${b.address}/24`, 'dev', b.link);
    ip('-n', b.namespace, 'link', 'set', b.link, 'up');
    ip('-n', b.namespace, 'route', 'add', `10.${n}.1.0/30`, 'via', a.address);
    inNamespace(a.namespace, ['sysctl', '-qw', 'net.ipv4.ip_forward=1']);
  } catch (err) {
    net.remove();
    throw err;
  }
  return net;
}
