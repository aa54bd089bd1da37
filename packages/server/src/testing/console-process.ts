/**
 * The console as a child process (main.ts), for the faults a process suffers as a whole: SIGKILL, SIGTERM
 * under load, a restart on the same store. Signed-in fetch calls to it, and devices adopted through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from './devices.ts';
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
