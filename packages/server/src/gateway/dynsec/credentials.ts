/**
 * Device credentials as Mosquitto dynamic-security clients: username = device id, client id = deviceClientId
 * (the id and a digest of the key), password = the agent's key. The plugin takes passwords only in clear and the console keeps only digests, so the
 * client is created, disabled, while a waiting agent presents its key (stage), and adoption enables it with
 * the device's own role (grant). Removal deletes client and role; Mosquitto then closes the connection.
 */
import { createHash } from 'node:crypto';
import { isDeviceId } from '@edge/protocol';
import { deviceClientId } from '@edge/protocol/device-client-id';
import type { BrokerCredentials, BusLog } from '../bus.ts';
import { DYNSEC_ERRORS, type DynsecAdmin, type DynsecCommand } from './admin.ts';
import { deviceAcls, deviceRole, ensureRole, roleDevice } from './roles.ts';

/** A client as listClients/getClient describe it. */
interface BrokerClient {
  username: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
}

export interface DynsecCredentials extends BrokerCredentials {
  /**
   * Brings the broker in line with the database at start (idempotent): enables devices adopted while this
   * console was not there to do it, and deletes the clients and roles of devices removed meanwhile.
   */
  resync(adoptedIds: () => Promise<string[]>): Promise<void>;
}

/** Commands per message in a re-sync of a large fleet. */
const BATCH = 200;

const hasRole = (client: BrokerClient, rolename: string) =>
  client.roles?.some((r) => r.rolename === rolename) ?? false;

export function dynsecCredentials(admin: DynsecAdmin, log: BusLog): DynsecCredentials {
  /**
   * Which key this process last handed over per device: a waiting agent repeats its request every few
   * seconds, and the broker need not hear the same key again each time.
   */
  const staged = new Map<string, string>();
  const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex');

  async function getClient(username: string): Promise<BrokerClient | null> {
    const found = await admin.one({ command: 'getClient', username }, [DYNSEC_ERRORS.clientNotFound]);
    return found.error ? null : ((found.data?.client as BrokerClient | undefined) ?? null);
  }

  async function grant(deviceId: string, known?: BrokerClient): Promise<boolean> {
    const client = known ?? (await getClient(deviceId));
    if (!client) {
      log.warn({ deviceId }, 'adopted device has no key in the broker yet; it is told once it asks again');
      return false;
    }
    await ensureRole(admin, deviceRole(deviceId), deviceAcls(deviceId));
    const steps: DynsecCommand[] = [];
    if (!hasRole(client, deviceRole(deviceId)))
      steps.push({ command: 'addClientRole', username: deviceId, rolename: deviceRole(deviceId) });
    if (client.disabled) steps.push({ command: 'enableClient', username: deviceId });
    const failed = (await admin.run(steps)).find((r) => r.error);
    if (failed) throw new Error(`dynamic-security ${failed.command} for ${deviceId} failed: ${failed.error}`);
    return true;
  }

  async function revoke(deviceId: string): Promise<void> {
    staged.delete(deviceId);
    const [client, role] = await admin.run([
      { command: 'deleteClient', username: deviceId },
      { command: 'deleteRole', rolename: deviceRole(deviceId) },
    ]);
    if (client?.error && client.error !== DYNSEC_ERRORS.clientNotFound)
      throw new Error(`dynamic-security deleteClient for ${deviceId} failed: ${client.error}`);
    if (role?.error && role.error !== DYNSEC_ERRORS.roleNotFound)
      throw new Error(`dynamic-security deleteRole for ${deviceId} failed: ${role.error}`);
  }

  return {
    async stage(deviceId, key) {
      const print = fingerprint(key);
      if (staged.get(deviceId) === print) return;
      // Bound to the client id only the key's holder names (deviceClientId): the shared enrolment user
      // could otherwise connect with the device's client id and drop the device's connection.
      const clientid = deviceClientId(deviceId, key);
      const created = await admin.one(
        { command: 'createClient', username: deviceId, password: key, clientid },
        [DYNSEC_ERRORS.clientExists],
      );
      // A new client stays refused until adoption; an existing one (a new key while waiting) keeps its state.
      if (created.error) {
        await admin.one({ command: 'setClientPassword', username: deviceId, password: key });
        await admin.one({ command: 'setClientId', username: deviceId, clientid });
      } else await admin.one({ command: 'disableClient', username: deviceId });
      staged.set(deviceId, print);
    },

    grant: (deviceId) => grant(deviceId),
    revoke,

    async resync(adoptedIds) {
      // The broker first, then the database: a device another replica adopts meanwhile is in the database
      // by the time its client holds its role, so it is never taken for a removed one.
      const listed = await admin.one({ command: 'listClients', verbose: true, count: -1 });
      const clients = ((listed.data?.clients as BrokerClient[] | undefined) ?? []).filter((c) =>
        isDeviceId(c.username),
      );
      const roles = ((await admin.one({ command: 'listRoles', count: -1 })).data?.roles ?? []) as string[];
      const adopted = new Set(await adoptedIds());
      const byId = new Map(clients.map((c) => [c.username, c]));

      let granted = 0;
      for (const id of adopted) {
        const client = byId.get(id);
        if (!client)
          log.warn(
            { deviceId: id },
            'adopted device has no credential in the broker: remove it and provision it again',
          );
        else if (client.disabled || !hasRole(client, deviceRole(id))) {
          await grant(id, client);
          granted++;
        }
      }
      // A disabled client without a role is a waiting agent's staged key: it stays.
      const removed = clients
        .filter((c) => !adopted.has(c.username) && (!c.disabled || hasRole(c, deviceRole(c.username))))
        .map((c) => c.username);
      const goneClients = new Set(removed);
      const orphanRoles = roles.filter((r) => {
        const id = roleDevice(r);
        return id !== null && !adopted.has(id) && !goneClients.has(id);
      });
      const commands: DynsecCommand[] = [
        ...removed.flatMap((id) => [
          { command: 'deleteClient', username: id },
          { command: 'deleteRole', rolename: deviceRole(id) },
        ]),
        ...orphanRoles.map((rolename) => ({ command: 'deleteRole', rolename })),
      ];
      for (let i = 0; i < commands.length; i += BATCH) await admin.run(commands.slice(i, i + BATCH));
      log.info(
        { granted, revoked: removed.length, orphanRoles: orphanRoles.length },
        'device credentials in the broker re-synced',
      );
    },
  };
}
