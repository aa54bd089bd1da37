/**
 * Telemetry history bench (issue 18), in one process against the store itself: N devices report every 30 s
 * for a simulated day (time compressed: the sampler's and the rollups' clock is simulated, the writes are
 * real), with the 5-minute maintenance task run as the scheduler would; then 30 days of 5-minute rollups
 * and a year of hourly ones are written for 20 devices, and the two Statistics reads are timed: one
 * device's 30 days at 5-minute resolution, and 20 devices compared over 7 days. Prints the figures and the
 * bytes the history costs per device per day.
 *
 *   npx tsx bench/src/telemetry-history.ts [--devices 10000] [--postgres] [--runs 50]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import {
  aggregateByBucket,
  openStore,
  telemetryHistory,
  telemetrySampler,
  telemetryStore,
} from '@edge/server/telemetry';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    postgres: { type: 'boolean', default: false },
    runs: { type: 'string', default: '50' },
  },
});
const DEVICES = Number(args.devices);
const RUNS = Number(args.runs);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
async function timed(runs: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), max: times.at(-1)! };
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-bench-history-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => undefined;
  if (args.postgres) {
    const name = `edge_bench_history_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const store = await openStore({ dataDir, databaseUrl });
  try {
    const db = store.db;
    const series = telemetryStore(db);
    const dayStart = Math.floor((Date.now() - DAY) / HOUR) * HOUR;
    let clock = dayStart;
    const sampler = telemetrySampler(series, () => clock);
    const history = telemetryHistory(series, { graceMs: 2 * MINUTE, now: () => clock });
    const ids = Array.from({ length: DEVICES }, (_, i) => `bench${String(i).padStart(11, '0')}`);

    // A day of 30-s reports: two samples per one-minute window, as the console's sampler takes them.
    let writeMs = 0;
    let maintainMs = 0;
    const maintainTimes: number[] = [];
    const wall = performance.now();
    for (let step = 0; step < 2 * 24 * 60; step++) {
      clock = dayStart + step * 30_000;
      for (let d = 0; d < DEVICES; d++) {
        const phase = (d * 7 + step) % 100;
        sampler.add(ids[d]!, {
          cpu_usage: phase,
          memory_usage: 30 + (phase % 40),
          disk_usage: 55,
          cpu_temp: 45 + (phase % 10),
          signal_rsrp: -90 - (phase % 20),
          signal_rsrq: -10 - (phase % 5),
          signal_snr: 12 + (phase % 8),
          uptime: 3600 + step * 30,
          clients: phase % 12,
          ethernet_rx: phase * 1.5,
          ethernet_tx: phase * 0.5,
          wifi_rx: phase * 0.8,
          wifi_tx: phase * 0.2,
        });
      }
      if (step % 2 === 1) {
        const start = performance.now();
        await sampler.flush();
        writeMs += performance.now() - start;
      }
      if (step % 10 === 9) {
        const start = performance.now();
        await history.maintain();
        const took = performance.now() - start;
        maintainMs += took;
        maintainTimes.push(took);
      }
    }
    clock = dayStart + DAY + 10 * MINUTE;
    await history.maintain();
    const wallS = (performance.now() - wall) / 1000;
    maintainTimes.sort((a, b) => a - b);

    const bytes = await tableBytes(store.dialect, db);
    const perDeviceDay = {
      raw: bytes.telemetry_points / DEVICES,
      fine: bytes.telemetry_rollups_5m / DEVICES,
      hour: bytes.telemetry_rollups / DEVICES,
    };

    // History for the reads: 30 days of 5-minute rollups and a year of hourly ones for 20 devices.
    const readers = ids.slice(0, 20);
    const metrics = {
      cpu_usage: 50,
      memory_usage: 40,
      disk_usage: 55,
      clients: 3,
      ethernet_rx: 20,
      ethernet_tx: 5,
    };
    for (const [table, width, span] of [
      ['telemetry_rollups_5m', 5 * MINUTE, 30 * DAY],
      ['telemetry_rollups', HOUR, 365 * DAY],
    ] as const) {
      const rows = [];
      for (const device_id of readers)
        for (let b = dayStart - span; b < dayStart; b += width)
          rows.push({ device_id, bucket: b, samples: 5, ...metrics });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto(table)
          .values(rows.slice(i, i + 500))
          .execute();
    }
    if (store.dialect === 'postgres') await sql`analyze`.execute(db);

    const to = clock;
    const oneDevice = await timed(RUNS, async () =>
      aggregateByBucket(
        await series.metricOf('5m', 'cpu_usage', [readers[0]!], to - 30 * DAY, to),
        5 * MINUTE,
        ['avg'],
      ),
    );
    const oneDeviceAll = await timed(RUNS, () =>
      history.history(readers[0]!, { from: to - 30 * DAY, to }, '5m'),
    );
    const compare = await timed(RUNS, () =>
      Promise.all(
        readers.map(async (id) =>
          aggregateByBucket(await series.metricOf('5m', 'cpu_usage', [id], to - 7 * DAY, to), 5 * MINUTE, [
            'avg',
          ]),
        ),
      ),
    );
    const points = (await history.history(readers[0]!, { from: to - 30 * DAY, to }, '5m')).points.length;

    const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
    console.log(
      `\ntelemetry history, ${store.dialect}, ${DEVICES} devices, 30-s reports for a simulated day`,
    );
    console.log(
      `  wall time ${wallS.toFixed(0)} s; raw writes ${(writeMs / 1000).toFixed(1)} s in total (${ms(writeMs / 1440)} per minute of the day)`,
    );
    console.log(
      `  maintenance (rollups + prune) every 5 min: p50 ${ms(pct(maintainTimes, 50))}, p99 ${ms(pct(maintainTimes, 99))}, total ${(maintainMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  bytes per device per day: raw ${kib(perDeviceDay.raw)}, 5-min ${kib(perDeviceDay.fine)}, hourly ${kib(perDeviceDay.hour)} (tables with their indexes)`,
    );
    console.log(
      `  kept at steady state per device (raw 1 day + 5-min 31 days + hourly 365 days): ${kib(perDeviceDay.raw + 31 * perDeviceDay.fine + 365 * perDeviceDay.hour)}`,
    );
    console.log(
      `  one device, 30 days at 5 min, one indicator as Statistics reads it (${points} points): p50 ${ms(oneDevice.p50)}, p99 ${ms(oneDevice.p99)}`,
    );
    console.log(
      `  the same with every metric (the device dashboard's history): p50 ${ms(oneDeviceAll.p50)}, p99 ${ms(oneDeviceAll.p99)}`,
    );
    console.log(
      `  machine load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    console.log(`  20 devices compared over 7 days at 5 min: p50 ${ms(compare.p50)}, p99 ${ms(compare.p99)}`);
  } finally {
    await store.close();
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Bytes of each history table with its indexes. */
async function tableBytes(dialect: string, db: Awaited<ReturnType<typeof openStore>>['db']) {
  const tables = ['telemetry_points', 'telemetry_rollups_5m', 'telemetry_rollups'] as const;
  const out = {} as Record<(typeof tables)[number], number>;
  for (const table of tables) {
    if (dialect === 'postgres') {
      const { rows } = await sql<{ n: string }>`select pg_total_relation_size(${table}) as n`.execute(db);
      out[table] = Number(rows[0]!.n);
    } else {
      // dbstat: pages of the table and of every index on it.
      const { rows } = await sql<{ n: number }>`select coalesce(sum(pgsize), 0) as n from dbstat
        where name = ${table} or name in (select name from sqlite_master where type = 'index' and tbl_name = ${table})`.execute(
        db,
      );
      out[table] = Number(rows[0]!.n);
    }
  }
  return out;
}

await main();
