/**
 * Telemetry history bench (issue 18), in one process against the store itself, time compressed (the
 * sampler's and the maintenance task's clock is simulated, the writes and reads are real):
 *
 * 1. History for the read targets through the console's own path: the first 20 devices' raw points (one a
 *    minute) for the 30 days before the fleet's window, written an hour at a time by the sampler's insert,
 *    and the scheduler's `telemetry.maintain` every 30 simulated minutes making the 5-minute and hourly
 *    rollups, the partitions and the pruning; the hourly rollups of the 11 months before that are written as
 *    rows (`--year`), not rolled up.
 * 2. The fleet: N devices report every 30 s for `--hours` simulated hours (24 is the issue's day; fewer
 *    keeps a run short), maintenance every 5 minutes as above. Bytes per device per day are each table's
 *    size over the devices and the simulated share of a day.
 * 3. Reads, timed `--runs` times each: the Statistics reads as the console makes them (aggregated in SQL).
 *
 *   npx tsx bench/src/telemetry-history.ts [--devices 10000] [--hours 24] [--postgres] [--runs 50]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import {
  insertBareDevices,
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
    hours: { type: 'string', default: '24' },
    'history-days': { type: 'string', default: '30' },
    year: { type: 'boolean', default: true },
  },
});
const DEVICES = Number(args.devices);
const RUNS = Number(args.runs);
const HOURS = Number(args.hours);
const HISTORY_DAYS = Number(args['history-days']);
const READERS = 20;
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

/**
 * The longest the event loop went without a turn while `run` ran (an HTTP request that arrived meanwhile
 * waited that long): Node's own loop-delay histogram, as the console's timeline (console-timeline.ts) keeps it.
 */
async function longestStall(run: () => Promise<unknown>): Promise<number> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  try {
    await run();
  } finally {
    loop.disable();
  }
  return loop.max / 1e6;
}

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
    const series = telemetryStore(db, store.dialect);
    const end = Math.floor(Date.now() / HOUR) * HOUR;
    const fleetStart = end - HOURS * HOUR;
    let clock = fleetStart - HISTORY_DAYS * DAY;
    const sampler = telemetrySampler(series, () => clock);
    const history = telemetryHistory(series, { graceMs: 2 * MINUTE, now: () => clock });
    const ids = Array.from({ length: DEVICES }, (_, i) => `bench${String(i).padStart(11, '0')}`);
    const readers = ids.slice(0, READERS);
    // The fleet's devices as the console holds them: a fleet-wide read walks the devices table.
    await insertBareDevices(db, ids);
    const sample = (d: number, step: number) => {
      const phase = (d * 7 + step) % 100;
      return {
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
      };
    };
    /** `devices` report every 30 s from `from` for `minutes`; the sampler writes a minute, maintenance every 5. */
    const report = async (devices: number, from: number, minutes: number) => {
      let writeMs = 0;
      const maintainTimes: number[] = [];
      const maintainStalls: number[] = [];
      for (let step = 0; step < 2 * minutes; step++) {
        clock = from + step * 30_000;
        for (let d = 0; d < devices; d++) sampler.add(ids[d]!, sample(d, step));
        if (step % 2 === 1) {
          const start = performance.now();
          await sampler.flush();
          writeMs += performance.now() - start;
        }
        if (step % 10 === 9) {
          let took = 0;
          const stall = await longestStall(async () => {
            const start = performance.now();
            await history.maintain();
            took = performance.now() - start;
          });
          maintainTimes.push(took);
          maintainStalls.push(stall);
        }
      }
      return {
        writeMs,
        maintainTimes: maintainTimes.sort((a, b) => a - b),
        maintainStalls: maintainStalls.sort((a, b) => a - b),
      };
    };

    // 1. The read targets' history, through the sampler's insert and the maintenance task.
    let wall = performance.now();
    if (args.year) {
      const rows = [];
      for (const device_id of readers)
        for (let b = clock - (365 - HISTORY_DAYS) * DAY; b < clock; b += HOUR)
          rows.push({ device_id, bucket: b, samples: 60, cpu_usage: 50, memory_usage: 40, clients: 3 });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('telemetry_rollups')
          .values(rows.slice(i, i + 500))
          .execute();
    }
    // An hour of the readers' raw points at a time through the sampler's write (store.insertPoints: one
    // point a minute, the average of two 30-s samples), the maintenance task every 30 simulated minutes
    // (it rolls up every finished 5-minute bucket, as every 5 minutes would; fewer calls keep the run short).
    for (let hour = clock; hour < fleetStart; hour += HOUR) {
      const rows = [];
      for (let m = 0; m < 60; m++) {
        const step = (hour - clock) / 30_000 + 2 * m;
        for (let d = 0; d < READERS; d++) {
          const [a, b] = [sample(d, step), sample(d, step + 1)];
          rows.push({
            device_id: ids[d]!,
            ts: hour + m * MINUTE + 59_000,
            ...Object.fromEntries(
              Object.keys(a).map((k) => [k, (a[k as keyof typeof a] + b[k as keyof typeof b]) / 2]),
            ),
          });
        }
      }
      await series.insertPoints(rows);
      for (const at of [hour + 30 * MINUTE, hour + HOUR]) {
        clock = at;
        await history.maintain();
      }
    }
    clock = fleetStart;
    const historyS = (performance.now() - wall) / 1000;
    console.error(`history of the read targets written (${historyS.toFixed(0)} s); the fleet reports`);

    // 2. The fleet.
    wall = performance.now();
    const before = await tableBytes(store.dialect, db);
    const fleet = await report(DEVICES, fleetStart, HOURS * 60);
    clock = end + 10 * MINUTE;
    await history.maintain();
    const wallS = (performance.now() - wall) / 1000;
    console.error(`fleet window written (${wallS.toFixed(0)} s); reads`);
    const { maintainTimes, maintainStalls } = fleet;
    const after = await tableBytes(store.dialect, db);
    // Raw: bytes per row times a device's 1,440 rows a day (the raw table holds the fleet's window and
    // what retention keeps of the readers'); rollups: what the fleet's window added, over a day.
    const rawRows = Number(
      (
        await db
          .selectFrom('telemetry_points')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const dayShare = HOURS / 24;
    const perDeviceDay = {
      raw: (after.telemetry_points / rawRows) * 1440,
      fine: (after.telemetry_rollups_5m - before.telemetry_rollups_5m) / DEVICES / dayShare,
      hour: (after.telemetry_rollups - before.telemetry_rollups) / DEVICES / dayShare,
    };
    await sql`analyze`.execute(db);

    // 3. Reads, at `end`: the Statistics reads aggregate in SQL (store.aggregate); a comparison makes one
    // query per target (statistics/service.ts).
    const to = end;
    const range = (days: number) => ({ from: to - days * DAY, to });
    const chosen = (days: number) => history.resolutionFor(range(days));
    const one = (days: number, resolution: '5m' | 'hour', aggregates: ('avg' | 'sum' | 'p95')[] = ['avg']) =>
      history.aggregate(resolution, 'cpuUsage', [readers[0]!], range(days), aggregates);
    const compare = (days: number, resolution: '5m' | 'hour') =>
      Promise.all(readers.map((id) => history.aggregate(resolution, 'cpuUsage', [id], range(days), ['avg'])));
    const fleetHours = Math.min(HOURS, 24);
    const reads: [string, number, () => Promise<unknown>][] = [
      [
        `one device, 30 days at 5 min, one indicator (${(await one(30, '5m')).length} buckets)`,
        RUNS,
        () => one(30, '5m'),
      ],
      [
        `one device, 30 days as Statistics picks it (${chosen(30)}, ${(await one(30, 'hour')).length} buckets)`,
        RUNS,
        () => one(30, chosen(30) as 'hour'),
      ],
      [
        `one device, a year hourly (${(await one(365, 'hour')).length} buckets)`,
        RUNS,
        () => one(365, 'hour'),
      ],
      [
        "one device, 30 days at 5 min, every metric (the device dashboard's history)",
        RUNS,
        () => history.history(readers[0]!, range(30), '5m'),
      ],
      [
        'one device, 7 days, every metric, as the dashboard picks it',
        RUNS,
        () => history.history(readers[0]!, range(7)),
      ],
      [`${READERS} devices compared over 7 days at 5 min (the issue's query)`, RUNS, () => compare(7, '5m')],
      [
        `${READERS} devices compared over 7 days as Statistics picks it (${chosen(7)})`,
        RUNS,
        () => compare(7, chosen(7) as 'hour'),
      ],
      [
        `overview of ${READERS} devices over 7 days (${chosen(7)}): sum, avg, p95 per bucket`,
        RUNS,
        () => history.aggregate(chosen(7), 'cpuUsage', readers, range(7), ['sum', 'avg', 'p95']),
      ],
      [
        `overview of the fleet (${DEVICES} devices), last ${fleetHours} h at 5 min: avg, p95 per bucket`,
        Math.min(RUNS, 5),
        () =>
          history.aggregate('5m', 'cpuUsage', null, { from: end - fleetHours * HOUR, to }, ['avg', 'p95']),
      ],
    ];
    // A read that found nothing would time nothing: the fleet-wide one must see every bucket of its hours.
    const fleetBuckets = (
      await history.aggregate('5m', 'cpuUsage', null, { from: end - fleetHours * HOUR, to }, ['avg'])
    ).length;
    if (fleetBuckets < fleetHours * 12 - 1)
      throw new Error(`the fleet overview found ${fleetBuckets} buckets`);
    const timedReads = [];
    for (const [label, runs, run] of reads) timedReads.push({ label, runs, ...(await timed(runs, run)) });

    const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
    console.log(
      `\ntelemetry history, ${store.dialect}, ${DEVICES} devices, 30-s reports for ${HOURS} simulated hour(s)${HOURS < 24 ? " (shortened from the issue's day to fit the run; sizes scaled to a day)" : ''}`,
    );
    console.log(
      `  read targets' history (${READERS} devices, ${HISTORY_DAYS} days of raw points written an hour at a time by the sampler's insert, rolled up by the maintenance task every 30 simulated minutes${args.year ? `; hourly rollups of the ${365 - HISTORY_DAYS} days before written as rows` : ''}): ${historyS.toFixed(0)} s`,
    );
    console.log(
      `  ingest: wall time ${wallS.toFixed(0)} s; raw writes ${(fleet.writeMs / 1000).toFixed(1)} s in total, ${ms(fleet.writeMs / (HOURS * 60))} per simulated minute (${DEVICES} rows)`,
    );
    console.log(
      `  maintenance (partitions, rollups, prune) every 5 min: p50 ${ms(pct(maintainTimes, 50))}, p99 ${ms(pct(maintainTimes, 99))}, total ${(maintainTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  longest single stall of the event loop during a maintenance run (what a request waits behind): p50 ${ms(pct(maintainStalls, 50))}, p99 ${ms(pct(maintainStalls, 99))}, max ${ms(maintainStalls.at(-1)!)}`,
    );
    console.log(
      `  bytes per device per day: raw ${kib(perDeviceDay.raw)}, 5-min ${kib(perDeviceDay.fine)}, hourly ${kib(perDeviceDay.hour)} (tables with their indexes)`,
    );
    console.log(
      `  kept at steady state per device (raw 1 day${store.dialect === 'postgres' ? ' (up to 2: whole day partitions)' : ''} + 5-min 31 days + hourly 365 days): ${kib(perDeviceDay.raw + 31 * perDeviceDay.fine + 365 * perDeviceDay.hour)}`,
    );
    for (const r of timedReads)
      console.log(`  ${r.label}: p50 ${ms(r.p50)}, p99 ${ms(r.p99)} (${r.runs} runs)`);
    console.log(
      `  machine load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores)`,
    );
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
      // A partitioned table has no storage of its own: sum its partitions (pg_partition_tree has no rows for a
      // plain table, whose own size is taken then).
      const { rows } = await sql<{ n: string }>`select coalesce(
          (select sum(pg_total_relation_size(relid)) from pg_partition_tree(${table}::regclass)),
          pg_total_relation_size(${table}::regclass)) as n`.execute(db);
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
