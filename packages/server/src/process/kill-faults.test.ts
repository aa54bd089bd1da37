/**
 * SIGKILL under load, on SQLite and PostgreSQL: the console process is killed while operators rename
 * devices, started again on the same store and port, and the devices reconnect. Asserted: nothing a 2xx
 * answer acknowledged is lost, nothing the devices hold was never written, and every device is back online
 * and in sync with the console within a bound. Recovery times are printed so they can be quoted.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { SETTINGS_API_ROOT, SETTINGS_STATE_PATH, type SettingsStateResponse } from '@edge/protocol';
import { startFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { freePort } from '../gateway/mosquitto-process.ts';
import { DIALECTS, throwawayPostgres } from '../testing/harness.ts';
import { adoptWaiting, session, startConsoleProcess, type Call } from '../testing/console-process.ts';

const DEVICES = 8;
const WRITERS = 6;
/** Every device back online and in sync within this long of the restarted console listening. */
const RECOVERY_BOUND_MS = 60_000;

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  cleanups = [];
});

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

async function general(call: Call, id: string) {
  const res = await call('GET', `${SETTINGS_STATE_PATH}?id=${id}&section=general`);
  if (res.status !== 200) return undefined;
  return ((await res.json()) as SettingsStateResponse).sections[0];
}

describe.each(DIALECTS)('SIGKILL under load (%s)', (dialect) => {
  test('loses nothing acknowledged, and every device is back in sync within the bound', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-kill-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = dialect === 'postgres' ? await throwawayPostgres() : undefined;
    if (database) cleanups.push(() => database.drop());
    const env = { PORT: String(await freePort()), ...(database && { DATABASE_URL: database.url }) };

    const first = startConsoleProcess(dataDir, env);
    cleanups.push(() => first.child.kill('SIGKILL'));
    const url = await first.url;
    let call = await session(url);
    const fleet: Child = startFleet({ console: url, count: DEVICES, prefix: uniquePrefix(), interval: 1 });
    cleanups.push(() => fleet.stop());
    const ids = await adoptWaiting(call, DEVICES);

    // Operators rename devices; every name is unique, so what a device holds says which write it came from.
    const acknowledged = new Map<string, { name: string; version: number }>();
    const written = new Set<string>();
    let stop = false;
    let n = 0;
    const writers = Array.from({ length: WRITERS }, async () => {
      while (!stop) {
        const id = ids[n % ids.length]!;
        const name = `Kill-${n++}`;
        written.add(name);
        try {
          const res = await call('PATCH', `${SETTINGS_API_ROOT}/generalSetting/setting`, {
            id,
            deviceName: name,
          });
          if (res.status === 200) {
            const { section } = (await res.json()) as { section: { desiredVersion: number } };
            const before = acknowledged.get(id);
            if (!before || before.version < section.desiredVersion)
              acknowledged.set(id, { name, version: section.desiredVersion });
          }
        } catch {
          // The console died under this request: no answer, nothing acknowledged.
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.size).toBeGreaterThan(0);

    const startedAt = Date.now();
    const second = startConsoleProcess(dataDir, env);
    cleanups.push(() => second.child.kill('SIGKILL'));
    await second.url;
    const listeningAt = Date.now();
    call = await session(url);

    for (const [id, ack] of acknowledged) {
      const view = (await general(call, id))!;
      // A later write may have been stored without its answer arriving; an earlier version never.
      expect(view.desiredVersion).toBeGreaterThanOrEqual(ack.version);
    }
    const inSync = await waitFor(
      async () => {
        const views = await Promise.all(ids.map((id) => general(call, id)));
        return (
          views.every(
            (v) =>
              v && v.state === 'in_sync' && v.reportedVersion === v.desiredVersion && v.drift.length === 0,
          ) && views
        );
      },
      'every device back in sync',
      RECOVERY_BOUND_MS,
    ).catch(async (err: Error) => {
      const views = await Promise.all(ids.map((id) => general(call, id)));
      throw new Error(
        `${err.message}: ${JSON.stringify(views.map((v) => [v?.state, v?.desiredVersion, v?.reportedVersion]))}`,
      );
    });
    for (const view of inSync) {
      const name = (view!.reported as { deviceName: string }).deviceName;
      expect(written.has(name) || name === '').toBe(true);
    }
    console.log(
      `[faults SIGKILL ${dialect}] ${acknowledged.size} devices with acknowledged writes; listening ${listeningAt - startedAt} ms ` +
        `after the restart, every device online and in sync ${Date.now() - startedAt} ms after it`,
    );
  }, 240_000);
});
