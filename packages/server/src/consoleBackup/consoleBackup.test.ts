/**
 * Console backup and restore: a backup taken while a simulated fleet reports and an operator writes through
 * the API restores onto a fresh SQLite data directory and a fresh PostgreSQL database with every row of the
 * snapshot (counts per table, a sample of rows compared), files and the secret key (a sealed secret still
 * opens). Bad archives (newer schema, wrong passphrase, altered, not a backup, too large, zip-slip names)
 * are refused with their message and nothing written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { CONSOLE_BACKUP_MAGIC, type ConsoleBackupView, type ConsoleRestoreProgress } from '@edge/protocol';
import {
  signIn,
  startTestConsole,
  throwawayPostgres,
  DIALECTS,
  type TestConsole,
} from '../testing/harness.ts';
import { caller } from '../testing/accounts.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { multipart } from '../testing/files.ts';
import { openedSmtpPassword, saveSmtpPassword } from '../testing/sealed-smtp.ts';
import { openStore } from '../db/database.ts';
import { deriveKeys, readArchive, readHeader } from './archive.ts';
import { migratorFor, restoreArchive } from './restore.ts';
import { migrations as knownMigrations } from '../db/migrations/index.ts';
import { NOT_BACKED_UP, tablesOf } from './tables.ts';

const PASSPHRASE = 'backup-passphrase-1';
const SMTP_PASSWORD = 'Smtp-secret-99';
const BASE = '/api/v1/settings/consoleBackup';
/** What the restored console, running, writes by itself right after the restore (the restore's own log line too). */
const RUNNING_CONSOLE_WRITES = ['activity', 'schedule_occurrences'];
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Content {
  tables: Map<string, { columns: string[]; rows: unknown[][] }>;
  files: Map<string, Buffer>;
}

/** What an archive holds, read with its passphrase (the test's own reading of it, small enough to hold). */
async function contentOf(file: string): Promise<Content> {
  const header = await readHeader(file);
  const keys = await deriveKeys(PASSPHRASE, header.kdf);
  const content: Content = { tables: new Map(), files: new Map() };
  for await (const item of readArchive(file, keys.mac)) {
    if (item.kind === 'table') content.tables.set(item.table, { columns: item.columns, rows: [] });
    else if (item.kind === 'row') content.tables.get(item.table)!.rows.push(item.values);
    else if (item.kind === 'file') content.files.set(item.file, Buffer.alloc(0));
    else content.files.set(item.file, Buffer.concat([content.files.get(item.file)!, item.bytes]));
  }
  return content;
}

/** Every backed-up table of a store: its row count equals the archive's, and sampled rows are equal. */
async function expectSameRows(
  db: AnyDb,
  dialect: 'sqlite' | 'postgres',
  content: Content,
  /** Tables a console running on the store adds its own rows to meanwhile (its scheduler's claims, the activity log). */
  selfWritten: string[] = [],
) {
  const here = (await tablesOf(db, dialect)).filter((t) => !NOT_BACKED_UP.has(t.name));
  expect(here.map((t) => t.name).sort()).toEqual([...content.tables.keys()].sort());
  for (const [table, { columns, rows }] of content.tables) {
    const { rows: counted } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    if (selfWritten.includes(table))
      expect(Number(counted[0]!.n), `rows of ${table}`).toBeGreaterThanOrEqual(rows.length);
    else expect(Number(counted[0]!.n), `rows of ${table}`).toBe(rows.length);
    // A sample: the first, the middle and the last row of the archive, found whole in the store.
    const sample = [...new Set([0, Math.floor(rows.length / 2), rows.length - 1])].filter(
      (i) => i >= 0 && i < rows.length,
    );
    for (const index of sample) {
      const values = rows[index]!;
      let query = db.selectFrom(table).selectAll();
      columns.forEach((column, i) => {
        const value = values[i];
        query =
          value === null
            ? query.where(column, 'is', null)
            : typeof value === 'number' && !Number.isInteger(value)
              ? query.where(sql`abs(${sql.ref(column)} - ${value})`, '<', 1e-6 * Math.max(1, Math.abs(value)))
              : query.where(column, '=', value);
      });
      const found = await query.execute();
      expect(found.length, `row ${index} of ${table}`).toBeGreaterThanOrEqual(1);
    }
  }
}

async function upload(edge: TestConsole, bytes: Buffer, session: Awaited<ReturnType<typeof signIn>>) {
  const body = multipart(bytes, 'console.edgebackup');
  return edge.app.inject({
    method: 'POST',
    url: `${BASE}/upload`,
    payload: body.payload,
    headers: { ...body.headers, ...session.headers() },
  });
}

/** Uploads the archive to a fresh console, restores it through the API and waits for the end. */
async function restoreThroughApi(target: TestConsole, archive: Buffer): Promise<void> {
  const session = await signIn(target);
  const admin = caller(target, session);
  const uploaded = await upload(target, archive, session);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const { id } = uploaded.json<ConsoleBackupView>();
  const seen: ConsoleRestoreProgress[] = [];
  target.consoleBackup.onProgress((p) => seen.push(p));
  let restored = false;
  target.consoleBackup.onRestored(() => (restored = true));
  const started = await admin('POST', `${BASE}/restore`, { id, passphrase: PASSPHRASE });
  expect(started.statusCode, started.body).toBe(200);
  await waitFor(() => restored || seen.some((p) => p.phase === 'failed'), 'the restore to end', 120_000);
  expect(seen.find((p) => p.phase === 'failed')).toBeUndefined();
  expect(seen.some((p) => p.phase === 'restoring' && p.table)).toBe(true);
  expect(seen.at(-1)?.phase).toBe('done');
}

describe('console backup under load', () => {
  let source: TestConsole;
  let fleet: Child;
  let archive: Buffer;
  let content: Content;
  let groupsBefore: string[];
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const started = await startConsoleWithFleet('sqlite', { count: 6, prefix: uniquePrefix(), interval: 1 });
    source = started.edge;
    fleet = started.fleet;
    const admin = caller(source, started.session);
    await saveSmtpPassword(admin, SMTP_PASSWORD);
    groupsBefore = [];
    for (let i = 0; i < 5; i++) {
      const r = await admin('POST', '/api/v1/inventory/group/create', { name: `Before ${i}` });
      expect(r.statusCode, r.body).toBe(200);
      groupsBefore.push(`Before ${i}`);
    }
    fs.mkdirSync(path.join(source.config.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(
      path.join(source.config.dataDir, 'uploads', 'device-1.bin'),
      Buffer.from('encrypted-bytes'),
    );
    await source.flushDevices();

    // An operator keeps writing through the API while the backup is taken; the fleet keeps reporting.
    let writing = true;
    let written = 0;
    const operator = (async () => {
      while (writing) {
        const r = await admin('POST', '/api/v1/inventory/group/create', { name: `During ${written}` });
        if (r.statusCode === 200) written++;
      }
    })();
    const created = await admin('POST', `${BASE}/create`, { passphrase: PASSPHRASE });
    writing = false;
    await operator;
    expect(created.statusCode, created.body).toBe(200);
    expect(written).toBeGreaterThan(0);
    const view = created.json<ConsoleBackupView>();
    const listed = await admin('GET', `${BASE}/list`);
    expect(listed.json<{ list: ConsoleBackupView[] }>().list.map((b) => b.id)).toContain(view.id);
    const download = await admin('GET', `${BASE}/download?id=${view.id}`);
    expect(download.statusCode).toBe(200);
    archive = download.rawPayload;
    expect(archive.length).toBe(view.size);
    content = await contentOf(source.consoleBackup.fileFor(view.id));
  }, 300_000);

  afterAll(async () => {
    await fleet?.stop();
    await source?.destroy();
    for (const step of cleanup) await step();
  });

  it('holds every table with the rows written before it began', () => {
    expect(content.tables.get('devices')!.rows.length).toBe(6);
    const groups = content.tables.get('device_groups')!;
    const name = groups.columns.indexOf('name');
    for (const g of groupsBefore) expect(groups.rows.some((r) => r[name] === g)).toBe(true);
    expect(content.tables.get('users')!.rows.length).toBeGreaterThan(0);
    expect(content.tables.has('sessions')).toBe(false);
    expect(content.files.get('uploads/device-1.bin')?.toString()).toBe('encrypted-bytes');
  });

  it.each(DIALECTS)(
    'restores on a fresh %s console with nothing missing, its sealed secrets opening',
    async (dialect) => {
      let target = await startTestConsole(dialect);
      cleanup.push(() => target.destroy());
      await restoreThroughApi(target, archive);
      // As restored, before a console runs on it (a running one marks the absent fleet offline, and so on).
      await expectSameRows(target.store.db as unknown as AnyDb, dialect, content, RUNNING_CONSOLE_WRITES);
      // The restart that follows a restore (main.ts) reads everything back, the restored secret key too.
      target = await target.reopen();
      const restoredBy = await target.store.db
        .selectFrom('activity')
        .select('user_name')
        .where('action', '=', 'consoleBackup.restored')
        .execute();
      expect(restoredBy.map((r) => r.user_name)).toEqual(['admin']);
      const devices = await target.store.db.selectFrom('devices').select('serial').execute();
      expect(devices.length).toBe(content.tables.get('devices')!.rows.length);
      expect(await openedSmtpPassword(target)).toBe(SMTP_PASSWORD);
      expect(fs.readFileSync(path.join(target.config.dataDir, 'uploads', 'device-1.bin'), 'utf8')).toBe(
        'encrypted-bytes',
      );
      // The source's administrator signs in to the restored console with the source's password.
      await signIn(target);
    },
    300_000,
  );

  it('restores from the command line engine onto a PostgreSQL database never started, then migrates it up', async () => {
    if (!DIALECTS.includes('postgres')) return;
    const database = await throwawayPostgres();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-restore-'));
    cleanup.push(async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const file = path.join(dataDir, 'in.edgebackup');
    fs.writeFileSync(file, archive);
    const store = await openStore({ dataDir, databaseUrl: database.url, migrate: false });
    try {
      await restoreArchive({ db: store.db, dialect: store.dialect, dataDir }, file, PASSPHRASE);
      await expectSameRows(store.db as unknown as AnyDb, 'postgres', content);
    } finally {
      await store.close();
    }
  }, 300_000);
});

describe.each(DIALECTS)('console backup refusals (%s)', (dialect) => {
  let edge: TestConsole;
  let session: Awaited<ReturnType<typeof signIn>>;
  let good: Buffer;

  beforeAll(async () => {
    edge = await startTestConsole(dialect, { consoleBackupMaxBytes: 256 * 1024 });
    session = await signIn(edge);
    const created = await caller(edge, session)('POST', `${BASE}/create`, { passphrase: PASSPHRASE });
    expect(created.statusCode, created.body).toBe(200);
    good = fs.readFileSync(edge.consoleBackup.fileFor(created.json<ConsoleBackupView>().id));
  }, 120_000);
  afterAll(() => edge?.destroy());

  /** The store and the backup folder are as they were: nothing written by a refusal. */
  async function unchanged<T>(work: () => Promise<T>): Promise<T> {
    const users = () =>
      edge.store.db.selectFrom('users').select(['id', 'name', 'password_hash']).orderBy('id').execute();
    const keyFile = path.join(edge.config.dataDir, 'secret.key');
    const before = {
      users: await users(),
      key: fs.readFileSync(keyFile, 'utf8'),
      list: (await edge.consoleBackup.list()).length,
    };
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await users()).toEqual(before.users);
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(before.key);
    return result;
  }

  /** Rewrites the archive's lines and signs them again with the passphrase: a well-formed, signed archive. */
  async function resigned(edit: (lines: string[]) => string[]): Promise<Buffer> {
    const lines = gunzipSync(good).toString('utf8').trimEnd().split('\n');
    const body = edit(lines.slice(0, -1));
    const header = JSON.parse(body[1]!) as Parameters<typeof deriveKeys>[1];
    const keys = await deriveKeys(
      PASSPHRASE,
      (header as unknown as { kdf: Parameters<typeof deriveKeys>[1] }).kdf,
    );
    const mac = createHmac('sha256', keys.mac);
    for (const line of body) mac.update(line).update('\n');
    return gzipSync(
      Buffer.from([...body, JSON.stringify({ end: true, mac: mac.digest('hex') })].join('\n') + '\n'),
    );
  }

  async function refusedRestore(bytes: Buffer, passphrase = PASSPHRASE) {
    const admin = caller(edge, session);
    const up = await upload(edge, bytes, session);
    expect(up.statusCode, up.body).toBe(200);
    return unchanged(() =>
      admin('POST', `${BASE}/restore`, { id: up.json<ConsoleBackupView>().id, passphrase }),
    );
  }

  it('refuses a wrong passphrase', async () => {
    const res = await refusedRestore(good, 'not-the-passphrase');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ err_code: 'consoleBackupWrongPassphrase' });
  });

  it('refuses a backup from a newer version', async () => {
    const bytes = await resigned((lines) => {
      const header = JSON.parse(lines[1]!) as { migrations: string[]; appVersion: string };
      header.migrations.push('9999_from_the_future');
      header.appVersion = '99.0.0';
      return [lines[0]!, JSON.stringify(header), ...lines.slice(2)];
    });
    const res = await refusedRestore(bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ err_code: 'consoleBackupNewer' });
    expect(res.json<{ err_message: string }>().err_message).toContain('newer version');
  });

  it('refuses an altered or foreign-signed archive', async () => {
    const lines = gunzipSync(good).toString('utf8').trimEnd().split('\n');
    const users = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    lines[users + 1] = lines[users + 1]!.replace('admin', 'admim');
    const res = await refusedRestore(gzipSync(Buffer.from(lines.join('\n') + '\n')));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ err_code: 'consoleBackupDamaged' });
  });

  it('refuses file names that leave DATA_DIR (zip-slip) with nothing written', async () => {
    for (const name of ['../escaped.txt', '/etc/evil', 'uploads/../../x', 'secret.key', 'a\\..\\b']) {
      const bytes = await resigned((lines) => [
        ...lines,
        JSON.stringify({ file: name, size: 4 }),
        JSON.stringify(Buffer.from('evil').toString('base64')),
      ]);
      const res = await refusedRestore(bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ err_code: 'consoleBackupUnsafePath' });
    }
    expect(fs.existsSync(path.join(edge.config.dataDir, '..', 'escaped.txt'))).toBe(false);
  });

  it('refuses an upload that is not a console backup, or too large, keeping nothing', async () => {
    for (const bytes of [
      Buffer.from('PK\x03\x04 not ours'),
      gzipSync('hello\n'),
      gzipSync(`${CONSOLE_BACKUP_MAGIC}\n{}\n`),
    ]) {
      const res = await unchanged(() => upload(edge, bytes, session));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ err_code: 'consoleBackupNotArchive' });
    }
    const big = Buffer.concat([good, Buffer.alloc(300 * 1024)]);
    const res = await unchanged(() => upload(edge, big, session));
    expect(res.statusCode).toBe(413);
    const leftovers = fs
      .readdirSync(path.join(edge.config.dataDir, 'console-backups'))
      .filter((n) => n.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  /** Restores the archive onto a SQLite data directory never started (the command line engine's way). */
  async function restoreOntoUnstarted(bytes: Buffer): Promise<string[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-restore-'));
    try {
      const file = path.join(dataDir, 'in.edgebackup');
      fs.writeFileSync(file, bytes);
      const store = await openStore({ dataDir, migrate: false });
      try {
        await restoreArchive({ db: store.db, dialect: 'sqlite', dataDir }, file, PASSPHRASE);
        const users = await store.db.selectFrom('users').select('name').execute();
        expect(users.map((u) => u.name)).toContain('admin');
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          store.db,
        );
        return applied.rows.map((r) => r.name);
      } finally {
        await store.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('restores onto a SQLite data directory never started (the command line engine)', async () => {
    expect(await restoreOntoUnstarted(good)).toEqual(Object.keys(knownMigrations).sort());
  });

  it('restores a backup of an older schema, then migrates it up', async () => {
    const names = Object.keys(knownMigrations).sort();
    const older = names.at(-2)!;
    // The schema as the older version had it: its tables and their columns.
    const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-older-'));
    const scratch = await openStore({ dataDir: scratchDir, migrate: false });
    const { error } = await migratorFor(scratch.db as unknown as AnyDb, 'sqlite').migrateTo(older);
    expect(error).toBeUndefined();
    const thenTables = new Map(
      (await tablesOf(scratch.db as unknown as AnyDb, 'sqlite')).map((t) => [t.name, t.columns]),
    );
    await scratch.close();
    fs.rmSync(scratchDir, { recursive: true, force: true });
    const bytes = await resigned((lines) => {
      const header = JSON.parse(lines[1]!) as { migrations: string[] };
      header.migrations = header.migrations.filter((m) => m <= older);
      const out = [lines[0]!, JSON.stringify(header)];
      let keep: number[] | null = null;
      let left = 0;
      for (const line of lines.slice(2)) {
        if (left > 0) {
          left--;
          if (keep) out.push(JSON.stringify(keep.map((i) => (JSON.parse(line) as unknown[])[i])));
          continue;
        }
        const entry = JSON.parse(line) as { table?: string; columns?: string[]; rows?: number };
        if (entry.table && entry.columns && entry.rows !== undefined) {
          left = entry.rows;
          const columns = thenTables.get(entry.table);
          keep = columns ? entry.columns.flatMap((c, i) => (columns.includes(c) ? [i] : [])) : null;
          if (keep) out.push(JSON.stringify({ ...entry, columns: keep.map((i) => entry.columns![i]) }));
          continue;
        }
        out.push(line);
      }
      return out;
    });
    expect(await restoreOntoUnstarted(bytes)).toEqual(names);
  });

  it('checks the permission on every route', async () => {
    const anonymous = caller(edge);
    for (const [method, url] of [
      ['GET', `${BASE}/list`],
      ['POST', `${BASE}/create`],
      ['GET', `${BASE}/download?id=x`],
      ['POST', `${BASE}/restore`],
      ['DELETE', `${BASE}/delete`],
    ] as const)
      expect((await anonymous(method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
  });

  it('deletes a backup and logs who did', async () => {
    const admin = caller(edge, session);
    const [first] = await edge.consoleBackup.list();
    const res = await admin('DELETE', `${BASE}/delete`, { id: first!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await edge.consoleBackup.list()).map((b) => b.id)).not.toContain(first!.id);
    const logged = await edge.store.db
      .selectFrom('activity')
      .select('action')
      .where('action', 'like', 'consoleBackup.%')
      .execute();
    expect(logged.map((r) => r.action)).toEqual(
      expect.arrayContaining(['consoleBackup.create', 'consoleBackup.delete']),
    );
  });
});
