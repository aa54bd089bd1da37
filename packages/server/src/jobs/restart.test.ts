/**
 * A console killed with SIGKILL mid-job and started again on the same data: the steps it was running are
 * interrupted (the probe kind is not idempotent), the rest run, and no step is lost or run twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { fleetSerial } from '@edge/protocol';
import { openStore, type Store } from '../db/database.ts';
import {
  ADMIN_PASSWORD,
  DIALECTS,
  TEST_CLAIM_CODE,
  TEST_ENROL_SECRET,
  throwawayPostgres,
} from '../testing/harness.ts';
import { digest } from '../auth/tokens.ts';
import { startFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { jobStore } from './store.ts';
import { PROBE_KIND } from '../testing/jobs.ts';
import { reasons } from './runner.ts';

const ENTRY = path.resolve(import.meta.dirname, '../testing/jobs-console.ts');
// Fewer than the fleet tests: what is checked is the restart, and it needs a whole second console start.
const COUNT = 20;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

function startConsole(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const keep = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('test console listening')) resolve(child);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.once('exit', (code) => reject(new Error(`console exited (${code}) before listening:\n${seen}`)));
  });
}

describe.each(DIALECTS)('a console killed mid-job (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-jobs-restart-'));
  const runLog = path.join(dataDir, 'runs.log');
  let store: Store | undefined;
  let database: Awaited<ReturnType<typeof throwawayPostgres>> | undefined;
  let edge: ChildProcess | undefined;
  let fleet: Child | undefined;

  afterAll(async () => {
    edge?.kill('SIGKILL');
    await fleet?.stop();
    await store?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('no step is lost or run twice', async () => {
    database = dialect === 'postgres' ? await throwawayPostgres() : undefined;
    store = await openStore({ dataDir, databaseUrl: database?.url });
    const prefix = uniquePrefix();
    const serials = Array.from({ length: COUNT }, (_, i) => fleetSerial(prefix, i + 1));
    await store.db
      .insertInto('provision_serials')
      // Listed with the claim code the test fleet presents, so each is adopted as it enrols.
      .values(
        serials.map((serial) => ({ serial, claim_hash: digest(TEST_CLAIM_CODE), created_at: Date.now() })),
      )
      .execute();
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      ENROL_SECRET: TEST_ENROL_SECRET,
      LOG_LEVEL: 'warn',
      HELPER_THREAD_NICE: '0',
      JOB_LEASE_MS: '2000',
      JOB_TICK_MS: '300',
      JOB_RUN_LOG: runLog,
    };
    edge = await startConsole(env);
    fleet = startFleet({ console: `http://127.0.0.1:${port}`, count: COUNT, prefix });
    const deviceIds = await waitFor(
      async () => {
        const rows = await store!.db
          .selectFrom('devices')
          .select('id')
          .where('adoption', '=', 'adopted')
          .execute();
        return rows.length === COUNT && rows.map((r) => r.id);
      },
      `${COUNT} devices adopted`,
      60_000,
    );

    const jobs = jobStore(store.db, store.dialect);
    const jobId = await jobs.create(
      {
        kind: PROBE_KIND,
        title: 'restart',
        params: { pings: 6 },
        createdBy: 'system',
        createdByName: 'test',
        options: { concurrency: 5, canaryShare: 0, maxFailedShare: 1, deadlineMs: 120_000 },
        deviceIds,
      },
      Date.now(),
    );
    // Killed while steps run: some done, some in flight, the rest not started.
    await waitFor(
      async () => {
        const counts = await jobs.counts(jobId);
        return counts.succeeded >= 5 && counts.running > 0;
      },
      'five steps done and more running',
      60_000,
    );
    edge.kill('SIGKILL');
    await new Promise((resolve) => edge!.once('exit', resolve));
    const runningAtKill = (await jobs.steps(jobId))
      .filter((s) => s.state === 'running')
      .map((s) => s.deviceId);
    expect(runningAtKill.length).toBeGreaterThan(0);

    edge = await startConsole(env);
    const done = await waitFor(
      async () => (await jobs.view(jobId))?.finishedAt != null && (await jobs.steps(jobId)),
      'the job to finish after the restart',
      60_000,
    );
    const interrupted = done.filter((s) => s.state === 'interrupted');
    expect(interrupted.map((s) => s.deviceId).sort()).toEqual([...runningAtKill].sort());
    expect(interrupted.every((s) => s.reason === reasons.consoleDied)).toBe(true);
    // What else a step ended as, should one not succeed (said in the failure).
    const others = done.filter((s) => s.state !== 'succeeded' && s.state !== 'interrupted');
    expect(
      done.filter((s) => s.state === 'succeeded'),
      JSON.stringify(others.map((s) => [s.deviceId, s.state, s.reason])),
    ).toHaveLength(COUNT - runningAtKill.length);
    // No step started twice across both processes: the succeeded ones once each, and an interrupted one at
    // most once (its console may have died between the claim and the call).
    const runs = fs.readFileSync(runLog, 'utf8').split('\n').filter(Boolean);
    expect(new Set(runs).size).toBe(runs.length);
    const succeeded = done.filter((s) => s.state === 'succeeded').map((s) => s.deviceId);
    expect(succeeded.every((id) => runs.includes(id))).toBe(true);
    expect(runs.every((id) => succeeded.includes(id) || runningAtKill.includes(id))).toBe(true);
    expect(done.every((s) => s.attempts === 1)).toBe(true);
  }, 180_000);
});
