/**
 * The "host network" the browser tests' console manages in Settings > Network: a network namespace of this
 * run with two interfaces (a veth pair inside it), so the page changes a real interface and never the
 * machine's own. Removed with the namespace at the end.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ip = (...args: string[]) => execFileSync('ip', args, { encoding: 'utf8' });

export interface HostNetwork {
  /** The demo's environment: NETWORK_NAMESPACE and the ifupdown file and state of this run. */
  env: Record<string, string>;
  /** The interface the spec changes, its address now and the /24 it lies in (10.N.1). */
  link: string;
  subnet: string;
  remove(): void;
}

export function hostNetwork(): HostNetwork {
  const tag = randomBytes(3).toString('hex');
  const namespace = `edge-e2e-${tag}`;
  const link = `e2a${tag}`;
  const n = 100 + Math.floor(Math.random() * 150);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-e2e-network-'));
  fs.writeFileSync(path.join(work, 'resolv.conf'), 'nameserver 10.0.0.53\n');
  ip('netns', 'add', namespace);
  ip('-n', namespace, 'link', 'add', link, 'type', 'veth', 'peer', 'name', `e2b${tag}`);
  ip('-n', namespace, 'addr', 'add', `10.${n}.1.2/24`, 'dev', link);
  ip('-n', namespace, 'addr', 'add', `10.${n}.2.1/24`, 'dev', `e2b${tag}`);
  ip('-n', namespace, 'link', 'set', link, 'up');
  ip('-n', namespace, 'link', 'set', `e2b${tag}`, 'up');
  return {
    env: {
      NETWORK_NAMESPACE: namespace,
      // The namespace is driven with ifupdown whatever the machine itself runs.
      NETWORK_BACKEND: 'ifupdown',
      NETWORK_INTERFACES_FILE: path.join(work, 'interfaces'),
      NETWORK_STATE_DIR: path.join(work, 'state'),
      RESOLV_CONF: path.join(work, 'resolv.conf'),
    },
    link,
    subnet: `10.${n}.1`,
    remove() {
      try {
        ip('netns', 'del', namespace);
      } catch {
        // Gone already.
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
