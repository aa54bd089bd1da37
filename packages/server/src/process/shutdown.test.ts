/**
 * SIGTERM under load: the console process stops taking requests first, answers those in flight at once
 * (the devices they wait on are stopped, so without that they would wait their whole deadline) and exits
 * well inside a supervisor's 10-s stop timeout.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startFleet, uniquePrefix, type Child } from '../testing/devices.ts';
import { adoptWaiting, session, startConsoleProcess } from '../testing/console-process.ts';

const DEVICES = 6;
const WRITERS = 8;

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
  const ids = await adoptWaiting(call, DEVICES);

  fleet.process.kill('SIGSTOP');
  let stopped = false;
  const inFlightAtSignal: Promise<number | 'no answer'>[] = [];
  let signalled = false;
  const writers = Array.from({ length: WRITERS }, async (_, n) => {
    for (let i = 0; !stopped; i++) {
      const answer = call('PATCH', '/api/v1/inventory/setIdle', {
        id: ids[(n + i) % ids.length],
        idle: i % 2 === 0,
      })
        .then((res) => res.status)
        .catch(() => 'no answer' as const);
      if (!signalled) inFlightAtSignal.push(answer);
      await Promise.race([answer, new Promise((r) => setTimeout(r, 20))]);
    }
  });
  await new Promise((r) => setTimeout(r, 500));

  const exited = new Promise<number | null>((resolve) =>
    consoleProcess!.once('exit', (code) => resolve(code)),
  );
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
