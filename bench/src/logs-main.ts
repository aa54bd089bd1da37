/**
 * The log store's benchmark (issue 17): a fleet's lines for an hour of simulated time written as the
 * console writes them (a flush every 2 s, reboot bursts of 50 lines), then the table topped up to its
 * target size with earlier hours, then the Log grid's filtered queries timed (p50/p99), the function list,
 * and retention deleting the oldest hour in batches (longest single batch: how long the table is held).
 * Prints rows/s ingested and disk used, per backend.
 *
 *   npx tsx bench/src/logs-main.ts [--devices 10000] [--rows 5000000] [--backends sqlite,postgres]
 *                                  [--queries 200] [--reboot-share 0.05]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { LogQuery } from '@edge/protocol';
import {
  DELETE_BATCH,
  logService,
  logSettingsStore,
  logStore,
  openStore,
  programBook,
  consoleLog,
  hasKeywordIndex,
  deviceModeStore,
} from '@edge/server/logs';
import { adminQuery, PG_ADMIN_URL } from './backends.ts';
import { summarise } from './stats.ts';
import { rng, simulatedSpan } from './logs/lines.ts';
import { QUERY_KINDS } from './logs/queries.ts';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rows: { type: 'string', default: '5000000' },
    backends: { type: 'string', default: 'sqlite,postgres' },
    queries: { type: 'string', default: '200' },
    'reboot-share': { type: 'string', default: '0.05' },
  },
});
const DEVICES = Number(args.devices);
const ROWS = Number(args.rows);
const QUERIES = Number(args.queries);
const REBOOT_SHARE = Number(args['reboot-share']);
const FLUSH_MS = 2000;
const HOUR = 3_600_000;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (n: number) => n.toFixed(1);

async function run(backend: 'sqlite' | 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-log-bench-'));
  let databaseUrl: string | undefined;
  let database = '';
  if (backend === 'postgres') {
    database = `edge_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${database}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const store = await openStore({ dataDir: dir, databaseUrl });
  try {
    const indexed = await hasKeywordIndex(store.db, store.dialect);
    console.log(
      `key-word index: ${indexed ? (store.dialect === 'sqlite' ? 'FTS5 trigram' : 'pg_trgm GIN') : 'none (scan)'}`,
    );
    const lines = logStore(store.db, store.dialect, indexed);
    const programs = programBook(lines);
    const now = Date.now();
    // Each figure is printed as soon as it is known: a long run stopped early keeps what it measured.
    const out = { push: (...lines: string[]) => console.log(lines.join('\n')) };
    out.push(`\n## ${backend}: ${DEVICES} devices, table of ${ROWS.toLocaleString('en')} rows`);

    // 1. The hour, written flush by flush as the console would (lines and programs seen).
    const hourStart = now - HOUR;
    let written = 0;
    let busiest = 0;
    const t0 = performance.now();
    for (const batch of simulatedSpan({
      devices: DEVICES,
      start: hourStart,
      minutes: 60,
      windowMs: FLUSH_MS,
      rebootShare: REBOOT_SHARE,
      seed: 1,
    })) {
      for (const row of batch) programs.note(row.device_id, row.program, row.created_at);
      const b0 = performance.now();
      await lines.insert(batch);
      await programs.flush();
      busiest = Math.max(busiest, performance.now() - b0);
      written += batch.length;
    }
    const hourSecs = (performance.now() - t0) / 1000;
    out.push(
      `hour of simulated time: ${written.toLocaleString('en')} rows (1/device/min + ${REBOOT_SHARE * 100}% rebooting with 50-line bursts) ` +
        `in ${hourSecs.toFixed(1)} s = ${Math.round(written / hourSecs).toLocaleString('en')} rows/s ` +
        `(the fleet makes ${Math.round(written / 3600)} rows/s; slowest 2-s flush ${ms(busiest)} ms)`,
    );

    // 2. Pre-fill: earlier hours up to the target size (the same generator, an hour at a time, going back),
    // written through the store's own insert as a minute's lines at a time.
    const t1 = performance.now();
    let hour = 1;
    let topped = 0;
    while (written + topped < ROWS) {
      for (const batch of simulatedSpan({
        devices: DEVICES,
        start: hourStart - hour * HOUR,
        minutes: 60,
        windowMs: 60_000,
        rebootShare: REBOOT_SHARE,
        seed: 1 + hour,
      })) {
        const take = batch.slice(0, ROWS - written - topped);
        if (take.length === 0) break;
        await lines.insert(take);
        if (Math.floor((topped + take.length) / 1e6) > Math.floor(topped / 1e6))
          console.log(
            `  pre-fill: ${(topped + take.length).toLocaleString('en')} rows, ${((performance.now() - t1) / 1000).toFixed(0)} s`,
          );
        topped += take.length;
      }
      hour++;
    }
    const topSecs = (performance.now() - t1) / 1000;
    if (topped > 0)
      out.push(
        `pre-fill: ${topped.toLocaleString('en')} rows of ${hour - 1} earlier hours in ${topSecs.toFixed(1)} s = ` +
          `${Math.round(topped / topSecs).toLocaleString('en')} rows/s (the store's insert, a minute's lines a call)`,
      );
    if (backend === 'postgres') await sql`analyze device_logs`.execute(store.db);
    else await sql`analyze`.execute(store.db);

    // 3. Disk used.
    if (backend === 'sqlite') {
      const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
      const file = path.join(dir, 'console.sqlite');
      out.push(`disk: ${mib(size(file) + size(`${file}-wal`))} (database file and WAL)`);
    } else {
      const row = await sql<{
        table: string;
        db: string;
      }>`select pg_total_relation_size('device_logs')::text as table, pg_database_size(current_database())::text as db`.execute(
        store.db,
      );
      out.push(
        `disk: device_logs with its indexes ${mib(Number(row.rows[0]!.table))}, database ${mib(Number(row.rows[0]!.db))}`,
      );
    }

    // 4. The grid's queries.
    const service = logService({
      store: lines,
      devices: { get: () => undefined } as never,
      settings: logSettingsStore(store.db),
      programs,
      consoleLog: consoleLog(lines, programs),
      tellReportMode: async () => undefined,
      deviceModes: deviceModeStore(store.db),
      tellDevice: async () => false,
    });
    const oldest = hourStart - (hour - 1) * HOUR;
    const r = rng(42);
    out.push(
      `| query (page of 10 + pages ahead) | p50 ms | p99 ms | max ms |`,
      `| --- | ---: | ---: | ---: |`,
    );
    for (const kind of QUERY_KINDS) {
      const samples: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const { keyset, ...q } = kind.make(r, { devices: DEVICES, newest: now, oldest });
        let query = q as LogQuery;
        if (keyset) {
          // Walk to page 4 first; the timed call is page 5 after page 4's last row.
          let page = await service.list({ ...query, page: 1 });
          for (let p = 2; p <= 4 && page.pageID; p++)
            page = await service.list({ ...query, page: p, pageID: page.pageID });
          query = { ...query, page: 5, pageID: page.pageID || undefined };
        }
        const s = performance.now();
        await service.list(query);
        samples.push(performance.now() - s);
      }
      const sum = summarise(samples);
      out.push(`| ${kind.name} | ${ms(sum.p50)} | ${ms(sum.p99)} | ${ms(sum.max)} |`);
    }
    const programSamples: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const s = performance.now();
      await service.programs(i % 2 ? undefined : `bench-${r.int(DEVICES).toString(16).padStart(12, '0')}`);
      programSamples.push(performance.now() - s);
    }
    const ps = summarise(programSamples);
    out.push(`| function list (programList) | ${ms(ps.p50)} | ${ms(ps.p99)} | ${ms(ps.max)} |`);

    // 5. Retention: the oldest hour, in batches; the longest batch is how long writers wait at most.
    const cutoff = oldest + HOUR;
    const batchTimes: number[] = [];
    const t2 = performance.now();
    const deleted = await lines.deleteOlderThan(cutoff, (_n, took) => batchTimes.push(took));
    const bt = summarise(batchTimes);
    out.push(
      `retention: ${deleted.toLocaleString('en')} rows of the oldest hour in ${((performance.now() - t2) / 1000).toFixed(1)} s, ` +
        `${batchTimes.length} batches of ${DELETE_BATCH[backend].toLocaleString('en')} (p50 ${ms(bt.p50)} ms, longest ${ms(bt.max)} ms)`,
    );
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    if (database) await adminQuery(`drop database if exists ${database} with (force)`);
  }
}

for (const backend of args.backends!.split(',') as ('sqlite' | 'postgres')[]) await run(backend);
