/**
 * MQTT_DEVICE_AUTH=dynsec: the console, connected to an external Mosquitto as a dynamic-security admin
 * (the user of MQTT_URL), makes the broker enforce what the embedded one does: per-device credentials
 * issued at adoption, each device on its own topics, a removed device refused and disconnected at once.
 */
import { ENROL_PASSWORD, ENROL_USERNAME } from '@edge/protocol';
import type { Bus, BusLog } from '../bus.ts';
import { DYNSEC_ERRORS, dynsecAdmin, type DynsecAdmin } from './admin.ts';
import { dynsecCredentials } from './credentials.ts';
import { CONSOLE_ROLE, ENROL_ROLE, consoleAcls, enrolAcls, ensureRole } from './roles.ts';

export interface DynamicSecurityOptions {
  /** The console's own username on the broker (from MQTT_URL): the plugin's admin. */
  adminUsername: string;
  /** The adopted devices according to the database, for the re-sync at start. */
  adoptedIds: () => Promise<string[]>;
  log: BusLog;
}

/** How long to wait for the answer to a change of the console's own roles (see ensureOwnRole). */
const OWN_ROLE_ANSWER_MS = 3000;

async function hasClientRole(admin: DynsecAdmin, username: string, rolename: string): Promise<boolean> {
  const found = await admin.one({ command: 'getClient', username });
  const roles = (found.data?.client as { roles?: { rolename: string }[] } | undefined)?.roles ?? [];
  return roles.some((r) => r.rolename === rolename);
}

/** Gives `client` the role unless it has it already (adding it twice is an error in the plugin). */
async function ensureClientRole(admin: DynsecAdmin, username: string, rolename: string): Promise<void> {
  if (!(await hasClientRole(admin, username, rolename)))
    await admin.one({ command: 'addClientRole', username, rolename });
}

/**
 * The console's own role. Mosquitto closes the connection of a client whose roles change, so that its new
 * rights apply, before the answer goes out: the bus reconnects, and the role is checked again.
 */
async function ensureOwnRole(admin: DynsecAdmin, username: string, rolename: string): Promise<void> {
  if (await hasClientRole(admin, username, rolename)) return;
  await admin.run([{ command: 'addClientRole', username, rolename }], OWN_ROLE_ANSWER_MS).catch(() => {});
  if (!(await hasClientRole(admin, username, rolename)))
    throw new Error(`cannot give the console's MQTT user ${username} the role ${rolename}`);
}

/** The shared user of agents without credentials yet (see ENROL_PASSWORD). */
async function ensureEnrolClient(admin: DynsecAdmin): Promise<void> {
  const created = await admin.one(
    {
      command: 'createClient',
      username: ENROL_USERNAME,
      password: ENROL_PASSWORD,
      roles: [{ rolename: ENROL_ROLE }],
    },
    [DYNSEC_ERRORS.clientExists],
  );
  if (!created.error) return;
  await ensureClientRole(admin, ENROL_USERNAME, ENROL_ROLE);
  await admin.one({ command: 'enableClient', username: ENROL_USERNAME });
}

/** Sets the broker up (idempotent, every start) and returns the bus with its `credentials`. */
export async function enableDynamicSecurity(bus: Bus, opts: DynamicSecurityOptions): Promise<Bus> {
  const admin = await dynsecAdmin(bus);
  // The console's own rights come first: it subscribes to device topics as soon as this returns.
  await ensureRole(admin, CONSOLE_ROLE, consoleAcls());
  await ensureOwnRole(admin, opts.adminUsername, CONSOLE_ROLE);
  await ensureRole(admin, ENROL_ROLE, enrolAcls());
  await ensureEnrolClient(admin);
  const credentials = dynsecCredentials(admin, opts.log);
  await credentials.resync(opts.adoptedIds);
  opts.log.info({ admin: opts.adminUsername }, 'device credentials kept by the broker (dynamic security)');
  return Object.assign(bus, {
    credentials,
    // Deleting the client (credentials.revoke) already made Mosquitto close the connection.
    disconnectDevice() {},
  });
}
