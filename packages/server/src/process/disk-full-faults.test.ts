/**
 * A full disk under load, as an operator's host has it: the console's data directory is a small tmpfs of its
 * own, and it fills (a file takes every free block) while devices report every second and operators rename
 * devices (a settings write), create groups and create roles. Asserted: every write the disk cannot take
 * answers 507 with the diskFull words, whatever its kind, and is neither stored nor applied; every write
 * answered 2xx is stored with exactly one activity row; the write-ahead log is checkpointed all along (never
 * past its size limit); the console stays up (devices connected, reads answer), takes writes again by itself
 * once space returns, and every device ends in sync with the last name it was acknowledged; a stop on a full
 * disk is clean and the database reopens intact. The unit-level cases (max_page_count) are
 * db/disk-full.test.ts and deviceSettings/disk-full.test.ts. Recovery times are printed so they can be
 * quoted. Mounting needs root.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from 'vitest';
import { messages } from '@edge/protocol';
import { waitFor } from '../testing/devices.ts';
import { cleanupAfterEach, consoleWithFleet, inSyncWith, onlineCount } from '../testing/console-process.ts';
import { lastAccepted, operatorLoad, spread, verdict } from '../testing/operator-load.ts';

const DEVICES = 12;
const WRITERS = 4;
/** Room for the console's store, its keys and a fleet's first minutes; small enough to fill in a moment. */
const DISK_SIZE = '48m';
/** How long the disk stays full once the first write was refused; writers and devices go on meanwhile. */
const FULL_MS = 8_000;
/** The store's journal_size_limit (db/database.ts): a checkpointed log is never longer. */
const WAL_LIMIT_BYTES = 16 * 1024 * 1024;

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
test('a data directory that fills under load: 507 with the disk-full words for every kind of write, the store matching the answers, up all along, recovers with space', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-full-disk-'));
  cleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_SIZE}`, 'tmpfs', dataDir]);
  cleanup(() => execFileSync('umount', ['-l', dataDir]));
  const filler = path.join(dataDir, 'filler');
  const databaseFile = path.join(dataDir, 'console.sqlite');

  const { child, call, ids } = await consoleWithFleet(cleanup, dataDir, DEVICES);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  // The write-ahead log's size, sampled all through the run.
  let walMax = 0;
  const sampler = setInterval(() => {
    const size = fs.statSync(`${databaseFile}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    walMax = Math.max(walMax, size);
  }, 100);
  cleanup(() => clearInterval(sampler));

  const load = operatorLoad(call, ids, WRITERS, 'Full');
  cleanup(() => load.stop());
  await waitFor(() => load.answers.filter((a) => a.status === 200).length >= 30, 'writes before', 30_000);

  const filledAt = Date.now();
  fillUp(filler);
  await waitFor(
    () => load.answers.some((a) => a.status === 507),
    'a write refused for the full disk',
    30_000,
  );
  const firstRefusalAt = load.answers.find((a) => a.status === 507)!.at;
  await new Promise((r) => setTimeout(r, FULL_MS));

  // Still up while full: the process runs, reads answer, every device is still connected.
  expect(child.exitCode).toBeNull();
  expect(await onlineCount(call)).toBe(DEVICES);

  fs.rmSync(filler);
  const freedAt = Date.now();
  const writableAt = await load.acceptedAgain(freedAt);
  await new Promise((r) => setTimeout(r, 2000));
  const answers = await load.stop();

  // Every answer was a success or the disk-full words; each kind of write met the full disk.
  for (const a of answers) {
    if (a.status === 507) expect(a.body).toEqual({ err_message: messages.diskFull, err_code: 'diskFull' });
    else
      expect(
        a.status,
        `${JSON.stringify(a)}\n${output.filter((l) => l.includes('request failed')).join('')}`,
      ).toBe(200);
  }
  for (const kind of ['rename', 'group', 'role'])
    expect(
      answers.some((a) => a.kind === kind && a.status === 507),
      `a ${kind} refused`,
    ).toBe(true);
  const refusal = spread(answers.filter((a) => a.status === 507).map((a) => a.ms));

  // Nothing refused was applied: every device ends in sync with the last name it was acknowledged.
  const expected = lastAccepted(answers);
  expect(expected.size).toBeGreaterThanOrEqual(DEVICES / 2);
  await waitFor(
    () => inSyncWith(call, expected),
    'every device in sync with its last acknowledged name',
    60_000,
  );
  const inSyncAt = Date.now();

  // What the store holds matches the answers, row for row.
  const file = new SQLite(databaseFile, { readonly: true });
  cleanup(() => file.close());
  const names = (query: string) =>
    new Set((file.prepare(query).all() as { name: string }[]).map((r) => r.name));
  const recorded = new Map(
    (
      file
        .prepare(`select action, count(*) as n from activity where status_code = 200 group by action`)
        .all() as { action: string; n: number }[]
    ).map((r) => [r.action, r.n]),
  );
  const desired = file
    .prepare(
      `select device_id, desired from device_sections where section = 'general' and desired is not null`,
    )
    .all() as { device_id: string; desired: string }[];
  verdict(answers, {
    groups: names(`select name from device_groups where name like 'Full-%'`),
    roles: names(`select name from roles where name like 'Full-%'`),
    desired: new Map(
      desired.map((r) => [r.device_id, (JSON.parse(r.desired) as { deviceName: string }).deviceName]),
    ),
    recorded: (action) => recorded.get(action) ?? 0,
  });
  expect(
    (
      file
        .prepare(`select count(*) as n from device_sections where state in ('pending', 'applying')`)
        .get() as { n: number }
    ).n,
  ).toBe(0);
  file.close();

  // The write-ahead log was checkpointed all along: never past its limit on a 48-MB disk.
  expect(walMax).toBeLessThanOrEqual(WAL_LIMIT_BYTES);

  // A stop on a full disk is clean, and the database reopens intact.
  fillUp(filler);
  child.kill('SIGTERM');
  expect(await exitOf(child)).toBe(0);
  expect(output.join('')).not.toContain('shutdown failed');
  fs.rmSync(filler);
  const reopened = new SQLite(databaseFile);
  cleanup(() => reopened.close());
  expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
  reopened.close();

  console.log(
    `[faults full disk, ${DEVICES} devices, ${WRITERS} writers] first refusal ${firstRefusalAt - filledAt} ms after the disk filled; ` +
      `${answers.filter((a) => a.status === 507).length} writes refused with 507 diskFull in median ${refusal.median.toFixed(0)} ms, ` +
      `max ${refusal.max.toFixed(0)} ms; ${answers.filter((a) => a.status === 200).length} accepted in all; ` +
      `write-ahead log at most ${(walMax / 1024 / 1024).toFixed(1)} MiB; after space returned writes accepted in ` +
      `${writableAt - freedAt} ms, every device in sync with its last acknowledged name in ${inSyncAt - freedAt} ms`,
  );
}, 240_000);
