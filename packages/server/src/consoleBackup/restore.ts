/**
 * Restores a console backup into a store: first the whole archive is read through and checked (format,
 * passphrase, signature, schema version, every file name) with nothing written; then, in one transaction,
 * every table is emptied and refilled; then the files and the secret key are put in place. A store never
 * migrated (a fresh install from the command line) is first migrated only as far as the backup's schema,
 * filled, then migrated up to this version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { ApiFailure, type ConsoleRestoreProgress } from '@edge/protocol';
import type { Db, Dialect } from '../db/schema.ts';
import { migrations as known } from '../db/migrations/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { KEY_FILE } from '../crypto/secrets.ts';
import { deriveKeys, readArchive, readHeader, unwrapKey, type ArchiveHeader } from './archive.ts';
import { NOT_BACKED_UP, appliedMigrations, tablesOf, type TableInfo } from './tables.ts';
import { RESTORE_WORK_DIR, isSafeDataPath } from './data-files.ts';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Parameters per statement stay far below both dialects' limits (SQLite 32766, PostgreSQL 65535). */
const MAX_PARAMS = 20_000;
const MAX_BATCH = 500;

export interface RestoreTarget {
  db: Db;
  dialect: Dialect;
  dataDir: string;
}

export interface Verified {
  header: ArchiveHeader;
  secretKey: Buffer;
  tables: { table: string; columns: string[]; rows: number }[];
  files: { file: string; size: number }[];
  rowsTotal: number;
}

/** Reads the archive through and refuses it, with nothing written, unless all of it can be restored here. */
export async function verifyArchive(file: string, passphrase: string): Promise<Verified> {
  const header = await readHeader(file);
  const unknown = header.migrations.find((name) => !(name in known));
  if (unknown !== undefined)
    throw new ApiFailure(
      400,
      'consoleBackupNewer',
      `This backup comes from a newer version of the console (${header.appVersion}, schema ${unknown}). Upgrade this console first, then restore it.`,
    );
  const keys = await deriveKeys(passphrase, header.kdf);
  const secretKey = unwrapKey(header.key, keys);
  const tables: Verified['tables'] = [];
  const files: Verified['files'] = [];
  for await (const item of readArchive(file, keys.mac)) {
    if (item.kind === 'table') {
      if (NOT_BACKED_UP.has(item.table) || tables.some((t) => t.table === item.table))
        throw new ApiFailure(400, 'consoleBackupDamaged');
      tables.push({ table: item.table, columns: item.columns, rows: item.rows });
    } else if (item.kind === 'row') {
      if (item.values.length !== tables.at(-1)!.columns.length)
        throw new ApiFailure(400, 'consoleBackupDamaged');
    } else if (item.kind === 'file') {
      if (!isSafeDataPath(item.file)) throw new ApiFailure(400, 'consoleBackupUnsafePath');
      files.push({ file: item.file, size: item.size });
    }
  }
  if (secretKey.length !== 32) throw new ApiFailure(400, 'consoleBackupDamaged');
  return { header, secretKey, tables, files, rowsTotal: tables.reduce((n, t) => n + t.rows, 0) };
}

export function migratorFor(db: AnyDb, dialect: Dialect): Migrator {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(known)) all[name] = make(dialect);
      return all;
    },
  };
  return new Migrator({ db, provider });
}

/** Whether the store holds a console already (a migrated schema), as opposed to a store never started. */
export async function holdsConsole(target: Pick<RestoreTarget, 'db' | 'dialect'>): Promise<boolean> {
  const db = target.db as unknown as AnyDb;
  return (await appliedMigrations(db, target.dialect, await tablesOf(db, target.dialect))).length > 0;
}

/**
 * Restores a verified archive. `onProgress` hears each step. On an unmigrated store the schema is built to
 * the backup's level first and migrated up after; on a console's store its rows are replaced as they are.
 */
export async function restoreArchive(
  target: RestoreTarget,
  file: string,
  passphrase: string,
  onProgress: (progress: ConsoleRestoreProgress) => void = () => undefined,
  /** The archive as verifyArchive read it just before, when the caller did. */
  checked?: Verified,
): Promise<Verified> {
  onProgress({ phase: 'verifying', rowsDone: 0, rowsTotal: 0 });
  const verified = checked ?? (await verifyArchive(file, passphrase));
  const db = target.db as unknown as AnyDb;
  const fresh = !(await holdsConsole(target));
  if (fresh && verified.header.migrations.length > 0) {
    const { error } = await migratorFor(db, target.dialect).migrateTo(verified.header.migrations.at(-1)!);
    if (error) throw error;
  }
  const here = new Map((await tablesOf(db, target.dialect)).map((t) => [t.name, t]));
  for (const table of verified.tables) {
    const mine = here.get(table.table);
    const missing = table.columns.find((c) => !mine?.columns.includes(c));
    if (!mine || missing !== undefined) throw new ApiFailure(400, 'consoleBackupNewer');
  }
  const work = path.join(target.dataDir, RESTORE_WORK_DIR);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true, mode: 0o700 });
  try {
    const keys = await deriveKeys(passphrase, verified.header.kdf);
    await db.transaction().execute(async (trx) => {
      const order = [...here.values()].filter((t) => !t.name.startsWith('kysely_'));
      if (target.dialect === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
      // Nobody else reads or writes the console's tables until the restored rows are all in.
      else
        await sql`lock table ${sql.join(order.map((t) => sql.table(t.name)))} in access exclusive mode`.execute(
          trx,
        );
      for (const table of [...order].reverse()) await trx.deleteFrom(table.name).execute();
      let rowsDone = 0;
      let batch: Record<string, unknown>[] = [];
      let current: { table: string; columns: string[]; size: number } | null = null;
      let out: { fd: number; file: string } | null = null;
      const flush = async () => {
        if (current && batch.length > 0) {
          await trx.insertInto(current.table).values(batch).execute();
          rowsDone += batch.length;
          onProgress({ phase: 'restoring', table: current.table, rowsDone, rowsTotal: verified.rowsTotal });
        }
        batch = [];
      };
      // The signature is checked again on this second read: what is written is what was verified.
      for await (const item of readArchive(file, keys.mac)) {
        if (item.kind === 'table') {
          await flush();
          const size = Math.max(
            1,
            Math.min(MAX_BATCH, Math.floor(MAX_PARAMS / Math.max(1, item.columns.length))),
          );
          current = { table: item.table, columns: item.columns, size };
          onProgress({ phase: 'restoring', table: item.table, rowsDone, rowsTotal: verified.rowsTotal });
        } else if (item.kind === 'row' && current) {
          const row: Record<string, unknown> = {};
          current.columns.forEach((c, i) => (row[c] = item.values[i]));
          batch.push(row);
          if (batch.length >= current.size) await flush();
        } else if (item.kind === 'file') {
          await flush();
          current = null;
          if (out) fs.closeSync(out.fd);
          const staged = path.join(work, String(verified.files.findIndex((f) => f.file === item.file)));
          out = { fd: fs.openSync(staged, 'w', 0o600), file: staged };
          onProgress({ phase: 'files', rowsDone, rowsTotal: verified.rowsTotal });
        } else if (item.kind === 'bytes' && out) {
          fs.writeSync(out.fd, item.bytes);
        }
      }
      await flush();
      if (out) fs.closeSync(out.fd);
      if (target.dialect === 'postgres') await resetSequences(trx, order);
    });
    // The rows are in: now the files and the key, each swapped into place whole.
    verified.files.forEach(({ file: name }, index) => {
      const dest = path.join(target.dataDir, ...name.split('/'));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.renameSync(path.join(work, String(index)), dest);
    });
    const keyFile = path.join(target.dataDir, KEY_FILE);
    const staged = path.join(work, 'key');
    fs.writeFileSync(staged, verified.secretKey.toString('base64') + '\n', { mode: 0o600 });
    fs.renameSync(staged, keyFile);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (fresh) await migrateToLatest(target.db, target.dialect);
  onProgress({ phase: 'done', rowsDone: verified.rowsTotal, rowsTotal: verified.rowsTotal });
  return verified;
}

/** Serial columns continue after the restored ids. */
async function resetSequences(trx: AnyDb, tables: TableInfo[]): Promise<void> {
  for (const table of tables) {
    if (!table.columns.includes('id')) continue;
    const { rows } = await sql<{
      seq: string | null;
    }>`select pg_get_serial_sequence(${table.name}, 'id') as seq`.execute(trx);
    const seq = rows[0]?.seq;
    if (!seq) continue;
    await sql`select setval(${seq}::regclass, coalesce((select max(id) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}
