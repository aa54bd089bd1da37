/**
 * Auth Connect: accounts for Wi-Fi hotspot and 802.1X users. The console keeps each password sealed
 * (crypto/secrets); a device gets the accounts meant for it (chosen directly or through its group) in its
 * Wi-Fi section's `accounts`, in the clear as it checks users with them, through the device configuration
 * path (stored as desired, applied, confirmed; License Lock refused there).
 */
import type { z } from 'zod';
import type { AuthConnectAccountView, WifiAccount } from '@edge/protocol';
import type { authConnectCreateRequest, authConnectEditRequest } from '@edge/protocol';
import { ApiFailure } from '@edge/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Secrets } from '../crypto/secrets.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/service.ts';
import { fail } from '../http/errors.ts';
import { ONE_BY_ONE_GATHER_MS, batcher } from '../lib/batcher.ts';
import type { AccountRow, AuthConnectStore, Targets } from './store.ts';

const PURPOSE = 'authConnect.password';

export interface AuthConnectDeps {
  store: AuthConnectStore;
  secrets: Secrets;
  devices: Pick<DeviceDirectory, 'scan' | 'get' | 'groups' | 'onChange'>;
  config: Pick<ConfigService, 'change' | 'current'>;
  log: FastifyBaseLogger;
  now?: () => number;
}

const viewOf = ({ sealedPassword: _sealed, ...row }: AccountRow): AuthConnectAccountView => row;

export function authConnectService(deps: AuthConnectDeps) {
  const { store, secrets, devices, log, now = Date.now } = deps;

  /** The devices an account's targets reach now. */
  function reached({ deviceIds, groupIds }: Targets): Set<string> {
    const ids = new Set(deviceIds.filter((id) => devices.get(id)));
    if (groupIds.length)
      for (const d of devices.scan())
        if (d.record.groupId !== null && groupIds.includes(d.record.groupId)) ids.add(d.record.id);
    return ids;
  }

  async function checkTargets({ deviceIds, groupIds }: Targets): Promise<void> {
    for (const id of deviceIds) if (!devices.get(id)) throw fail(404, 'deviceNotFound');
    for (const id of groupIds) if (!(await devices.groups.get(id))) throw fail(404, 'notFound');
  }

  /**
   * Sets each device's accounts to the ones meant for it now. A device the licence locks keeps what it
   * had (the configuration path refuses it) and is logged; the others are not held back by it.
   */
  async function push(deviceIds: Iterable<string>, user: string, accounts?: AccountRow[]): Promise<void> {
    accounts ??= await store.list();
    for (const deviceId of deviceIds) {
      const mine: WifiAccount[] = accounts
        .filter((a) => reached(a).has(deviceId))
        .map((a) => ({ name: a.name, password: secrets.open(a.sealedPassword, PURPOSE) }));
      try {
        // Already holding them: no new version (another replica, or a group move that changed nothing).
        const held = (await deps.config.current(deviceId, 'wifi')).accounts;
        if (JSON.stringify(held) === JSON.stringify(mine)) continue;
        await deps.config.change(deviceId, 'wifi', (doc) => ({ ...doc, accounts: mine }), user);
      } catch (err) {
        if (!(err instanceof ApiFailure) || err.statusCode !== 423) throw err;
        log.warn({ deviceId }, 'Auth Connect accounts not pushed: the device is License Lock');
      }
    }
  }

  /**
   * A device adopted into a group, or moved to another, gets the accounts of its group now (and loses
   * those of the group it left): groups are chosen, not the devices they held at the time.
   */
  const groupOf = new Map<string, number | null>();
  for (const d of devices.scan()) groupOf.set(d.record.id, d.record.groupId);
  // A fleet adopted or moved at once is looked at in batches: one read of the accounts per batch, not per device
  // (devices adopted one after another as they enrol wait a moment to share one).
  const regrouped = batcher<string>(
    (deviceId) => deviceId,
    async (deviceIds) => {
      const accounts = await store.list();
      if (accounts.some((a) => a.groupIds.length > 0)) await push(deviceIds, 'system', accounts);
    },
    500,
    ONE_BY_ONE_GATHER_MS,
  );
  const stopWatching = devices.onChange((change) => {
    if (change.type === 'removed') groupOf.delete(change.deviceId);
    if (change.type !== 'state') return;
    const now = change.device.groupId ?? null;
    if (groupOf.has(change.deviceId) && groupOf.get(change.deviceId) === now) return;
    groupOf.set(change.deviceId, now);
    regrouped
      .add(change.deviceId)
      .catch((err: unknown) =>
        log.warn({ err, deviceId: change.deviceId }, 'Auth Connect accounts not pushed'),
      );
  });

  async function find(id: number): Promise<AccountRow> {
    const found = (await store.list()).find((a) => a.id === id);
    if (!found) throw fail(404, 'notFound');
    return found;
  }

  return {
    stop: stopWatching,

    list: async () => ({ list: (await store.list()).map(viewOf) }),

    /** The names of every account (the profile's Wi-Fi authentication list shows them). */
    names: async () => (await store.list()).map(({ name }) => ({ name })),

    async create(
      body: z.output<typeof authConnectCreateRequest>,
      user: string,
    ): Promise<AuthConnectAccountView> {
      await checkTargets(body);
      if (await store.nameTaken(body.name)) throw fail(409, 'authConnectNameTaken');
      const id = await store.create({
        ...body,
        sealedPassword: secrets.seal(body.password, PURPOSE),
        at: now(),
      });
      await push(reached(body), user);
      return viewOf(await find(id));
    },

    async edit(body: z.output<typeof authConnectEditRequest>, user: string): Promise<AuthConnectAccountView> {
      const before = await find(body.id);
      await checkTargets(body);
      if (await store.nameTaken(body.name, body.id)) throw fail(409, 'authConnectNameTaken');
      await store.update(body.id, {
        ...body,
        ...(body.password && { sealedPassword: secrets.seal(body.password, PURPOSE) }),
        at: now(),
      });
      // Devices it left lose it; devices it reaches get it (renamed, or with its new password).
      await push(new Set([...reached(before), ...reached(body)]), user);
      return viewOf(await find(body.id));
    },

    async remove(id: number, user: string): Promise<void> {
      const before = await find(id);
      if (!(await store.remove(id))) throw fail(404, 'notFound');
      await push(reached(before), user);
    },
  };
}
export type AuthConnectService = ReturnType<typeof authConnectService>;
