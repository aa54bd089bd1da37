/**
 * The console host's network as iproute2 reports it: interfaces with their addresses, the default
 * gateways, and the resolvers. Every command runs in the configured network namespace when one is set
 * (config.network.namespace), so a test acts on a namespace it made and never on the machine's own.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import type { HostAddress, HostInterface } from '@edge/protocol';

const run = promisify(execFile);

export interface HostCommands {
  /** Runs a program (in the namespace); rejects with its stderr when it fails. */
  exec(program: string, args: readonly string[]): Promise<string>;
}

export function hostCommands(namespace: string | undefined): HostCommands {
  return {
    async exec(program, args) {
      const [file, argv] = namespace
        ? ['ip', ['netns', 'exec', namespace, program, ...args]]
        : [program, [...args]];
      try {
        const { stdout } = await run(file, argv, { timeout: 60_000, env: { ...process.env, LC_ALL: 'C' } });
        return stdout;
      } catch (err) {
        const failed = err as { stderr?: string; message: string };
        throw new Error((failed.stderr || failed.message).trim(), { cause: err });
      }
    },
  };
}

interface IpAddrEntry {
  ifname: string;
  address?: string;
  link_type?: string;
  flags?: string[];
  addr_info?: { family: string; local: string; prefixlen: number; scope: string }[];
}

const addresses = (entry: IpAddrEntry, family: 'inet' | 'inet6'): HostAddress[] =>
  (entry.addr_info ?? [])
    .filter((a) => a.family === family)
    .map((a) => ({ address: a.local, prefix: a.prefixlen }));

/** Every interface but loopback, with what it holds now; `config` is filled by the caller. */
export async function readInterfaces(host: HostCommands): Promise<Omit<HostInterface, 'config'>[]> {
  const entries = JSON.parse(await host.exec('ip', ['-j', 'addr', 'show'])) as IpAddrEntry[];
  return entries
    .filter((e) => e.link_type !== 'loopback')
    .map((e) => ({
      name: e.ifname,
      mac: e.address ?? '',
      up: (e.flags ?? []).includes('UP'),
      ipv4: addresses(e, 'inet'),
      ipv6: addresses(e, 'inet6'),
    }));
}

export async function defaultGateway(host: HostCommands, family: '-4' | '-6'): Promise<string | null> {
  const routes = JSON.parse(await host.exec('ip', ['-j', family, 'route', 'show', 'default'])) as {
    gateway?: string;
  }[];
  return routes.find((r) => r.gateway)?.gateway ?? null;
}

/** The resolvers of resolv.conf, in order; none when it cannot be read. */
export async function resolvers(file: string): Promise<string[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => /^\s*nameserver\s+(\S+)/.exec(line)?.[1])
    .filter((server): server is string => Boolean(server));
}
