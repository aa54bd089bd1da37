/**
 * SIGTERM under load: the console process stops taking requests first, answers those in flight at once
 * (the devices they wait on are stopped, so without that they would wait their whole deadline) and exits
 * well inside a supervisor's 10-s stop timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startFleet, uniquePrefix, waitFor, type Child } from '../devices/testing.ts';
import { TEST_ENROL_SECRET } from '../testing/harness.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const PASSWORD = 'Admin-pass-1234';
const DEVICES = 6;
const WRITERS = 8;

function startConsoleProcess(dataDir: string): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'info',
      HELPER_THREAD_NICE: '0',
      ENROL_SECRET: TEST_ENROL_SECRET,
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

async function session(url: string) {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return (method: string, route: string, body?: unknown) =>
    fetch(`${url}${route}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-shutdown-'));
let fleet: Child | undefined;
let consoleProcess: ChildProcess | undefined;

afterAll(async () => {
  consoleProcess?.kill('SIGKILL');
  fleet?.process.kill('SIGCONT');
  await fleet?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM under load answers the requests in flight and exits within 5 s', async () => {
  const started = startConsoleProcess(dataDir);
  consoleProcess = started.child;
  const url = await started.url;
  const call = await session(url);
  // Reports every 30 s: stopped devices stay "online" for the whole test, so calls to them wait.
  fleet = startFleet({ console: url, count: DEVICES, prefix: uniquePrefix(), interval: 30 });
  const waiting = await waitFor(async () => {
    const { list } = (await (await call('GET', '/api/v1/provision/discovery/list')).json()) as {
      list: { sn: string }[];
    };
    return list.length === DEVICES && list;
  }, `${DEVICES} devices waiting in Discovery`);
  for (const device of waiting)
    expect((await call('POST', '/api/v1/provision/discovery/adopt', { id: device.sn })).status).toBe(200);
  const ids = await waitFor(async () => {
    const body = (await (await call('GET', '/api/v1/inventory/list?pageSize=40')).json()) as {
      list: { id: string; status: string }[];
    };
    const online = body.list.filter((d) => d.status !== 'Offline');
    return online.length === DEVICES && online.map((d) => d.id);
  }, `${DEVICES} devices online`);

  fleet.process.kill('SIGSTOP');
  let stopped = false;
  const inFlightAtSignal: Promise<number | 'no answer'>[] = [];
  let signalled = false;
  const writers = Array.from({ length: WRITERS }, async (_, n) => {
    for (let i = 0; !stopped; i++) {
      const answer = call('PATCH', '/api/v1/inventory/setIdle', { id: ids[(n + i) % ids.length], idle: i % 2 === 0 })
        .then((res) => res.status)
        .catch(() => 'no answer' as const);
      if (!signalled) inFlightAtSignal.push(answer);
      await Promise.race([answer, new Promise((r) => setTimeout(r, 20))]);
    }
  });
  await new Promise((r) => setTimeout(r, 500));

  const exited = new Promise<number | null>((resolve) => consoleProcess!.once('exit', (code) => resolve(code)));
  const signalAt = Date.now();
  signalled = true;
  consoleProcess.kill('SIGTERM');
  const code = await exited;
  const tookMs = Date.now() - signalAt;
  stopped = true;
  await Promise.all(writers);

  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(5_000);
  const answers = await Promise.all(inFlightAtSignal);
  expect(answers.length).toBeGreaterThan(WRITERS);
  expect(answers.filter((a) => a === 'no answer')).toEqual([]);
}, 90_000);
