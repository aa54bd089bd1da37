/**
 * Takes a console backup while the console runs: every table read in one consistent snapshot (SQLite: a
 * read transaction on a connection of its own, so the console's writers carry on through the write-ahead
 * log; PostgreSQL: one REPEATABLE READ transaction read through cursors), then the files of DATA_DIR, the
 * secret key wrapped by the passphrase. Rows are streamed into the archive, never held all at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { CONSOLE_BACKUP_FORMAT, CONSOLE_BACKUP_MAGIC } from '@edge/protocol';
import type { Db, Dialect } from '../db/schema.ts';
import { KEY_FILE } from '../crypto/secrets.ts';
import { archiveWriter, deriveKeys, encodeValue, newKdf, wrapKey, type ArchiveHeader } from './archive.ts';
import {
  NOT_BACKED_UP,
  appliedMigrations,
  inDependencyOrder as orderTables,
  tablesOf,
  sqliteDataTables,
  SQLITE_TABLES,
  type SqliteMasterRow,
  type TableInfo,
} from './tables.ts';
import { dataFilesOf } from './data-files.ts';

const PAGE_ROWS = 500;
const FILE_PIECE = 48 * 1024;
export const SQLITE_FILE = 'console.sqlite';

export interface SnapshotSource {
  db: Db;
  dialect: Dialect;
  dataDir: string;
  appVersion: string;
}

type Writer = ReturnType<typeof archiveWriter>;
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Writes the backup to `file` and answers its header; a failure leaves no file behind. */
export async function takeSnapshot(
  source: SnapshotSource,
  passphrase: string,
  file: string,
  now = Date.now(),
): Promise<ArchiveHeader> {
  const kdf = newKdf();
  const keys = await deriveKeys(passphrase, kdf);
  const keyFile = path.join(source.dataDir, KEY_FILE);
  if (!fs.existsSync(keyFile))
    throw new Error(`${keyFile} does not exist: DATA_DIR is not a console's data directory`);
  const secretKey = Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64');
  const writer = archiveWriter(file, keys.mac);
  try {
    const begin = async (migrations: string[]) => {
      const header: ArchiveHeader = {
        format: CONSOLE_BACKUP_FORMAT,
        appVersion: source.appVersion,
        createdAt: now,
        dialect: source.dialect,
        migrations,
        kdf,
        key: wrapKey(secretKey, keys),
      };
      await writer.raw(CONSOLE_BACKUP_MAGIC);
      await writer.line(header);
      return header;
    };
    const header =
      source.dialect === 'sqlite'
        ? await sqliteSnapshot(path.join(source.dataDir, SQLITE_FILE), writer, begin)
        : await postgresSnapshot(source.db as unknown as AnyDb, writer, begin);
    for (const entry of dataFilesOf(source.dataDir)) await writeFile(writer, source.dataDir, entry);
    await writer.finish();
    return header;
  } catch (err) {
    writer.abort();
    fs.rmSync(file, { force: true });
    throw err;
  }
}

async function writeFile(writer: Writer, dataDir: string, relative: string): Promise<void> {
  const full = path.join(dataDir, relative);
  let size: number;
  try {
    size = fs.statSync(full).size;
  } catch {
    return; // removed since the folder was listed
  }
  await writer.line({ file: relative, size });
  let left = size;
  // The size is fixed in the entry: what the file holds beyond it (appended meanwhile) waits for the next backup.
  for await (const chunk of fs.createReadStream(full, {
    highWaterMark: FILE_PIECE,
    end: Math.max(0, size - 1),
  })) {
    const bytes = (chunk as Buffer).subarray(0, left);
    if (bytes.length === 0) break;
    left -= bytes.length;
    await writer.line(bytes.toString('base64'));
  }
  // Shrunk meanwhile: filled with zeros so the entry keeps its size (and the reader its place).
  while (left > 0) {
    const pad = Math.min(left, FILE_PIECE);
    left -= pad;
    await writer.line(Buffer.alloc(pad).toString('base64'));
  }
}

const backedUp = (tables: TableInfo[]) => tables.filter((t) => !NOT_BACKED_UP.has(t.name));

/**
 * A connection of its own, read only: its transaction sees the database as it was when the transaction's
 * first read ran, whatever the console writes meanwhile.
 */
async function sqliteSnapshot(
  file: string,
  writer: Writer,
  begin: (migrations: string[]) => Promise<ArchiveHeader>,
): Promise<ArchiveHeader> {
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    conn.pragma('busy_timeout = 5000');
    conn.exec('begin');
    const tables = sqliteTables(conn);
    const migrations = tables.some((t) => t.name === 'kysely_migration')
      ? (conn.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
          (r) => r.name,
        )
      : [];
    const header = await begin(migrations);
    for (const table of backedUp(tables)) {
      const { n } = conn.prepare(`select count(*) as n from "${table.name}"`).get() as { n: number };
      await writer.line({ table: table.name, columns: table.columns, rows: n });
      const rows = conn.prepare(`select * from "${table.name}"`).raw(true).iterate() as IterableIterator<
        unknown[]
      >;
      let written = 0;
      for (const row of rows) {
        if (written++ >= n) break;
        await writer.line(row.map(encodeValue));
      }
    }
    conn.exec('commit');
    return header;
  } finally {
    conn.close();
  }
}

function sqliteTables(conn: SQLite.Database): TableInfo[] {
  const names = sqliteDataTables(conn.prepare(SQLITE_TABLES).all() as SqliteMasterRow[]);
  return orderTables(
    names.map((name) => ({
      name,
      columns: (conn.prepare('select name from pragma_table_info(?)').all(name) as { name: string }[]).map(
        (c) => c.name,
      ),
      parents: (
        conn.prepare('select "table" from pragma_foreign_key_list(?)').all(name) as { table: string }[]
      ).map((k) => k.table),
    })),
  );
}

async function postgresSnapshot(
  db: AnyDb,
  writer: Writer,
  begin: (migrations: string[]) => Promise<ArchiveHeader>,
): Promise<ArchiveHeader> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const tables = await tablesOf(trx, 'postgres');
      const header = await begin(await appliedMigrations(trx, 'postgres', tables));
      for (const table of backedUp(tables)) {
        const { rows: counted } = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table.name)}`.execute(trx);
        const n = counted[0]?.n ?? 0;
        await writer.line({ table: table.name, columns: table.columns, rows: n });
        await sql`declare backup_rows no scroll cursor for select * from ${sql.table(table.name)}`.execute(
          trx,
        );
        let written = 0;
        for (;;) {
          const { rows } = await sql<
            Record<string, unknown>
          >`fetch ${sql.raw(String(PAGE_ROWS))} from backup_rows`.execute(trx);
          if (rows.length === 0) break;
          for (const row of rows) {
            if (written++ >= n) break;
            await writer.line(table.columns.map((c) => encodeValue(row[c])));
          }
        }
        await sql`close backup_rows`.execute(trx);
      }
      return header;
    });
}
