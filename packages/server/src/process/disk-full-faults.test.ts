/**
 * A full disk under load, as an operator's host has it: the console's data directory is a small tmpfs of its
 * own, and it fills (a file takes every free block) while devices report every second and operators rename
 * devices. Asserted: a write the disk cannot take answers 507 with the diskFull words and is not stored, a
 * write answered 200 is stored with its activity row, the console stays up (devices connected, reads
 * answer), it takes writes again by itself once space returns and delivers them, and a stop on a full disk is
 * clean. The unit-level cases (max_page_count) are db/disk-full.test.ts and deviceSettings/disk-full.test.ts.
 * Recovery times are printed so they can be quoted. Mounting needs root: skipped otherwise.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from 'vitest';
import { messages } from '@edge/protocol';
import { waitFor } from '../testing/devices.ts';
import {
  RENAME,
  cleanupAfterEach,
  consoleWithFleet,
  onlineCount,
  renamedEverywhere,
} from '../testing/console-process.ts';

const DEVICES = 6;
const WRITERS = 4;
/** Room for the console's store, its keys and a fleet's first minutes; small enough to fill in a moment. */
const DISK_SIZE = '48m';
/** How long the disk stays full once the first write was refused; writers and devices go on meanwhile. */
const FULL_MS = 6_000;

const cleanup = cleanupAfterEach();

/** Takes every free block of the file system under `dir` with one file; removing it gives the space back. */
function fillUp(file: string): void {
  const chunk = Buffer.alloc(1 << 20);
  const fd = fs.openSync(file, 'a');
  try {
    for (let size = chunk.length; size >= 512;) {
      try {
        fs.writeSync(fd, chunk, 0, size);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        size >>= 1;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

// Mounting the small tmpfs needs root, as the network-namespace tests do: without it the mount fails the
// test with mount's own words rather than skipping it.
test('a data directory that fills under load: 507 with the disk-full words, up all along, recovers with space', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-full-disk-'));
  cleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_SIZE}`, 'tmpfs', dataDir]);
  cleanup(() => execFileSync('umount', ['-l', dataDir]));
  const filler = path.join(dataDir, 'filler');

  const { child, call, ids } = await consoleWithFleet(cleanup, dataDir, DEVICES);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  // Operators rename devices with names never used twice: what is stored says which answer it belongs to.
  const answered = new Map<string, number>();
  let stop = false;
  let n = 0;
  let firstRefusalAt: number | undefined;
  const writers = Array.from({ length: WRITERS }, async () => {
    while (!stop) {
      const name = `Full-${n++}`;
      const res = await call('PATCH', RENAME, { id: ids[n % ids.length], deviceName: name });
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status === 507) {
        expect(body).toEqual({ err_message: messages.diskFull, err_code: 'diskFull' });
        firstRefusalAt ??= Date.now();
      } else expect(res.status, JSON.stringify(body)).toBe(200);
      answered.set(name, res.status);
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  const filledAt = Date.now();
  fillUp(filler);
  await waitFor(() => firstRefusalAt, 'a write refused for the full disk', 30_000);
  await new Promise((r) => setTimeout(r, FULL_MS));

  // Still up while full: the process runs, reads answer, every device is still connected.
  expect(child.exitCode).toBeNull();
  expect(await onlineCount(call)).toBe(DEVICES);

  fs.rmSync(filler);
  const freedAt = Date.now();
  const refusedBefore = [...answered.values()].filter((s) => s === 507).length;
  await waitFor(
    async () => (await call('PATCH', RENAME, { id: ids[0], deviceName: 'Space again' })).status === 200,
    'a write accepted once space returned',
    30_000,
  );
  const writableAt = Date.now();
  stop = true;
  await Promise.all(writers);
  for (const id of ids)
    expect((await call('PATCH', RENAME, { id, deviceName: 'Space again' })).status).toBe(200);
  await waitFor(() => renamedEverywhere(call, ids, 'Space again'), 'every write delivered', 60_000);
  const deliveredAt = Date.now();

  // What the store holds matches the answers: no refused name was stored, every accepted one has its row.
  const file = new SQLite(path.join(dataDir, 'console.sqlite'), { readonly: true });
  cleanup(() => file.close());
  const refused = [...answered].filter(([, s]) => s === 507).map(([name]) => name);
  const accepted = [...answered].filter(([, s]) => s === 200).map(([name]) => name);
  expect(refused.length).toBeGreaterThan(0);
  const storedNames = new Set(
    (
      file.prepare(`select desired from device_sections where section = 'general'`).all() as {
        desired: string;
      }[]
    ).map((r) => (JSON.parse(r.desired) as { deviceName: string }).deviceName),
  );
  for (const name of refused) expect(storedNames.has(name)).toBe(false);
  const recorded = (
    file
      .prepare(
        `select count(*) as n from activity where action = ? and status_code = 200 and created_at >= ?`,
      )
      .get('inventory.settings.generalSetting.setting', filledAt - 1000) as { n: number }
  ).n;
  // Accepted writes of the run, plus the ones once space returned (the probe's and one per device).
  expect(recorded).toBeGreaterThanOrEqual(accepted.filter((name) => name.startsWith('Full-')).length);

  // A stop on a full disk is clean.
  fillUp(filler);
  child.kill('SIGTERM');
  expect(await exitOf(child)).toBe(0);
  expect(output.join('')).not.toContain('shutdown failed');

  console.log(
    `[faults full disk] first refusal ${firstRefusalAt! - filledAt} ms after the disk filled; ` +
      `${refusedBefore} writes refused (507), ${accepted.length} accepted meanwhile; after space returned ` +
      `writes accepted in ${writableAt - freedAt} ms, every write delivered in ${deliveredAt - freedAt} ms`,
  );
}, 180_000);
