/**
 * Changing the console host's interfaces with confirm-or-rollback, as devices do: a change is applied at
 * once and the previous settings come back by themselves unless the operator confirms within the window
 * (from the new address, when the change moved it). The pending change is stored before anything is
 * touched, so a console that stops mid-window rolls back when it starts again.
 */
import fs from 'node:fs/promises';
import {
  conflictsWithAnotherInterface,
  type ApplyNetworkRequest,
  type HostAddress,
  type HostInterface,
} from '@edge/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyValueStore } from '../db/key-value.ts';
import { fail } from '../http/errors.ts';
import { defaultGateway, readInterfaces, type HostCommands } from './host.ts';
import type { NetworkBackend } from './backend.ts';

const PENDING_KEY = 'network.pending';

/** What a rollback puts back. */
interface Pending {
  name: string;
  deadline: number;
  /** The backend's files before the change (its snapshot: the ifupdown file, or networkd's files). */
  previousFile: string;
  /** The interface was not in the files: its addresses and the default routes are put back by hand. */
  wasManaged: boolean;
  previousIpv4: HostAddress[];
  previousIpv6: HostAddress[];
  gateway4: string | null;
  gateway6: string | null;
  /** resolv.conf's text before the change (a DHCP client rewrites it); absent in a change stored before. */
  previousResolvConf?: string | null;
}

export function interfacesService(deps: {
  host: HostCommands;
  backend: NetworkBackend;
  settings: KeyValueStore;
  log: FastifyBaseLogger;
  /** The resolver file a DHCP client writes, put back as it was by a rollback. */
  resolvConf: string;
  now?: () => number;
}) {
  const { host, backend, settings, log } = deps;
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  // One change at a time: an apply, a confirm and the window's end never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const pending = async () => (await settings.get<Pending | null>(PENDING_KEY)) ?? null;

  async function interfaces(): Promise<HostInterface[]> {
    const managed = backend.managedIn(await backend.snapshot());
    return (await readInterfaces(host)).map((i) => ({ ...i, config: managed.get(i.name) ?? null }));
  }

  const readResolvConf = () => fs.readFile(deps.resolvConf, 'utf8').catch(() => null);

  async function restore(change: Pending): Promise<void> {
    await backend.restore(change.name, change.previousFile);
    // Written in place (not renamed over), as a DHCP client does: the file may be a bind mount or a link.
    const resolvConf = change.previousResolvConf;
    if (typeof resolvConf === 'string' && (await readResolvConf()) !== resolvConf)
      await fs.writeFile(deps.resolvConf, resolvConf);
    if (change.wasManaged) return;
    // `replace`: another file of the network manager may have put the same address back already.
    for (const a of change.previousIpv4)
      await host.exec('ip', ['addr', 'replace', `${a.address}/${a.prefix}`, 'dev', change.name]);
    for (const a of change.previousIpv6.filter((a) => !a.address.toLowerCase().startsWith('fe80:')))
      await host.exec('ip', [
        '-6',
        'addr',
        'replace',
        `${a.address}/${a.prefix}`,
        'dev',
        change.name,
        'nodad',
      ]);
    if (change.gateway4)
      await host
        .exec('ip', ['route', 'replace', 'default', 'via', change.gateway4])
        .catch((err: Error) => log.warn({ err }, 'default route not restored'));
    if (change.gateway6)
      await host
        .exec('ip', ['-6', 'route', 'replace', 'default', 'via', change.gateway6])
        .catch((err: Error) => log.warn({ err }, 'IPv6 default route not restored'));
  }

  const rollBack = (reason: string) =>
    serial(async () => {
      const change = await pending();
      if (!change) return false;
      log.warn({ interface: change.name, reason }, 'network change rolled back');
      await restore(change);
      await settings.put(PENDING_KEY, null);
      return true;
    });

  function arm(deadline: number) {
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        rollBack('not confirmed in time').catch((err: unknown) =>
          log.error({ err }, 'network rollback failed'),
        );
      },
      Math.max(0, deadline - now()),
    );
  }

  return {
    interfaces,
    pendingChange: async () => {
      const change = await pending();
      return change && { name: change.name, deadline: change.deadline };
    },
    available: () => backend.available(),

    apply: (request: ApplyNetworkRequest) =>
      serial(async () => {
        const { config } = request;
        if (await pending()) throw fail(409, 'networkChangePending');
        if (!(await backend.available())) throw fail(409, 'networkBackendMissing');
        const present = await interfaces();
        const target = present.find((i) => i.name === config.name);
        if (!target) throw fail(400, 'networkInterfaceUnknown');
        if (conflictsWithAnotherInterface(config, present)) throw fail(400, 'ipConflict');

        const previousFile = await backend.snapshot();
        const change: Pending = {
          name: config.name,
          deadline: now() + request.confirmSeconds * 1000,
          previousFile,
          wasManaged: backend.managedIn(previousFile).has(config.name),
          previousIpv4: target.ipv4,
          previousIpv6: target.ipv6,
          gateway4: await defaultGateway(host, '-4'),
          gateway6: await defaultGateway(host, '-6'),
          previousResolvConf: await readResolvConf(),
        };
        await settings.put(PENDING_KEY, change);
        try {
          await backend.apply(config, previousFile);
        } catch (err) {
          log.error({ err, interface: config.name }, 'network change failed; restoring');
          await restore(change).catch((again: unknown) => log.error({ err: again }, 'restore failed'));
          await settings.put(PENDING_KEY, null);
          throw fail(502, 'networkApplyFailed', (err as Error).message);
        }
        arm(change.deadline);
      }),

    confirm: () =>
      serial(async () => {
        if (!(await pending())) throw fail(409, 'networkNothingPending');
        clearTimeout(timer);
        await settings.put(PENDING_KEY, null);
      }),

    async rollback() {
      clearTimeout(timer);
      if (!(await rollBack('rolled back by the operator'))) throw fail(409, 'networkNothingPending');
    },

    /** A change left pending by a stop: its window goes on (or has ended, and it rolls back now). */
    async resume() {
      const change = await pending();
      if (change) arm(change.deadline);
    },

    stop() {
      clearTimeout(timer);
    },
  };
}

export type InterfacesService = ReturnType<typeof interfacesService>;
