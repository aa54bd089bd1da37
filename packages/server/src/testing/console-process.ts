/**
 * The console as a child process (main.ts), for the faults a process suffers as a whole: SIGKILL, SIGTERM
 * under load, a restart on the same store. Signed-in fetch calls to it, and devices adopted through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  SETTINGS_API_ROOT,
  SETTINGS_STATE_PATH,
  type InventoryListResponse,
  type SettingsStateResponse,
} from '@edge/protocol';
import { startFleet, uniquePrefix, waitFor, type Child } from './devices.ts';
import { TEST_ENROL_SECRET } from './harness.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
export const PROCESS_PASSWORD = 'Admin-pass-1234';

/** Starts the console on `dataDir` (and `env`: DATABASE_URL, PORT ...); `url` resolves once it listens. */
export function startConsoleProcess(
  dataDir: string,
  env: Record<string, string> = {},
): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PROCESS_PASSWORD,
      LOG_LEVEL: 'info',
      HELPER_THREAD_NICE: '0',
      ENROL_SECRET: TEST_ENROL_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`console exited (${code}) before listening:\n${seen}`)));
  });
  return { child, url };
}

export type Call = (method: string, route: string, body?: unknown) => Promise<Response>;

/** Signs in as the administrator; calls carry the session cookie and CSRF header. */
export async function session(url: string): Promise<Call> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: PROCESS_PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return (method, route, body) =>
    fetch(`${url}${route}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Adopts the `count` (at most 40: one page) devices waiting in Discovery; resolves with their ids once all are online. */
export async function adoptWaiting(call: Call, count: number): Promise<string[]> {
  const waiting = await waitFor(
    async () => {
      const { list } = (await (await call('GET', '/api/v1/provision/discovery/list')).json()) as {
        list: { sn: string }[];
      };
      return list.length === count && list;
    },
    `${count} devices waiting in Discovery`,
    60_000,
  );
  for (const device of waiting) {
    const res = await call('POST', '/api/v1/provision/discovery/adopt', { id: device.sn });
    if (res.status !== 200) throw new Error(`adopt ${device.sn}: ${res.status}`);
  }
  return waitFor(
    async () => {
      const body = (await (await call('GET', `/api/v1/inventory/list?pageSize=40`)).json()) as {
        list: { id: string; status: string }[];
      };
      const online = body.list.filter((d) => d.status !== 'Offline');
      return online.length === count && online.map((d) => d.id);
    },
    `${count} devices online`,
    60_000,
  );
}

/** The settings call that renames a device: what the fault tests write while they break something. */
export const RENAME = `${SETTINGS_API_ROOT}/generalSetting/setting`;

/** Every device holds `name`, in sync with the console's latest version of its general section (the API's view). */
export const renamedEverywhere = (call: Call, ids: string[], name: string): Promise<boolean> =>
  inSyncWith(call, new Map(ids.map((id) => [id, name])));

/** Every device reports the name `expected` gives it, in sync with its latest desired version. */
export async function inSyncWith(call: Call, expected: Map<string, string>): Promise<boolean> {
  return (await sectionsOutOfSync(call, expected, 1)).length === 0;
}

/** The general sections (at most `upTo`) not yet in sync with the name `expected` gives their device. */
export async function sectionsOutOfSync(
  call: Call,
  expected: Map<string, string>,
  upTo = Infinity,
): Promise<unknown[]> {
  const behind: unknown[] = [];
  for (const [id, name] of expected) {
    if (behind.length >= upTo) break;
    const res = await call('GET', `${SETTINGS_STATE_PATH}?id=${id}&section=general`);
    if (res.status !== 200) {
      behind.push({ id, status: res.status });
      continue;
    }
    const view = ((await res.json()) as SettingsStateResponse).sections[0];
    const reported = (view?.reported as { deviceName?: string } | null)?.deviceName;
    if (view?.state !== 'in_sync' || view.reportedVersion !== view.desiredVersion || reported !== name)
      behind.push({ id, expected: name, ...view });
  }
  return behind;
}

/** Devices online by the inventory list (held in memory: it answers whatever the database is doing). */
export async function onlineCount(call: Call): Promise<number> {
  const res = await call('GET', '/api/v1/inventory/list?pageSize=40');
  const body = (await res.json()) as InventoryListResponse;
  if (res.status !== 200) throw new Error(`inventory list: ${res.status} ${JSON.stringify(body)}`);
  return body.numOnline;
}

/**
 * What a fault test started (processes, directories, mounts), undone after each test in reverse order, also
 * when it failed half-way. Returns the function that adds one.
 */
export function cleanupAfterEach(): (cleanup: () => Promise<unknown> | unknown) => void {
  let cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    cleanups = [];
  });
  return (cleanup) => void cleanups.push(cleanup);
}

/**
 * A console process on `dataDir` (and `env`) with a simulated fleet of `count` devices reporting every second,
 * adopted and online; `cleanup` (cleanupAfterEach's) stops both.
 */
export async function consoleWithFleet(
  cleanup: (work: () => unknown) => void,
  dataDir: string,
  count: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; call: Call; ids: string[]; fleet: Child }> {
  const started = startConsoleProcess(dataDir, env);
  cleanup(() => started.child.kill('SIGKILL'));
  const url = await started.url;
  const call = await session(url);
  const fleet = startFleet({ console: url, count, prefix: uniquePrefix(), interval: 1 });
  cleanup(() => fleet.stop());
  return { child: started.child, url, call, ids: await adoptWaiting(call, count), fleet };
}
