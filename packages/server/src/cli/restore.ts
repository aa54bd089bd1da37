/**
 * `npm run restore -w @edge/server -- --file BACKUP --passphrase-file FILE [--replace]`, with the target
 * console's DATA_DIR / DATABASE_URL and the console stopped: restores a console backup (Settings > Backup &
 * Restore) onto a fresh install (a store never started is built to the backup's schema, filled, then
 * migrated up). A store that already holds a console is only replaced when --replace says so.
 * `... -- --backup --file OUT --passphrase-file FILE` takes a backup instead (the console may be running).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ApiFailure, consoleBackupPassphraseRule, messages } from '@edge/protocol';
import { loadConfig } from '../config.ts';
import { openStore } from '../db/database.ts';
import { holdsConsole, restoreArchive } from '../consoleBackup/restore.ts';
import { takeSnapshot } from '../consoleBackup/snapshot.ts';
import { APP_VERSION } from '../consoleBackup/version.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    'passphrase-file': { type: 'string' },
    replace: { type: 'boolean', default: false },
    backup: { type: 'boolean', default: false },
  },
});
const fail = (text: string): never => {
  process.stderr.write(text + '\n');
  process.exit(2);
};
if (!values.file || !values['passphrase-file'])
  fail(
    'usage: restore --file BACKUP --passphrase-file FILE [--replace] | --backup --file OUT --passphrase-file FILE',
  );
const passphrase = fs.readFileSync(values['passphrase-file']!, 'utf8').replace(/\r?\n$/, '');
const refused = consoleBackupPassphraseRule(passphrase);
if (refused) fail(messages[refused]);

const config = loadConfig();
const store = await openStore({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  migrate: values.backup,
});
try {
  if (values.backup) {
    const header = await takeSnapshot(
      { db: store.db, dialect: store.dialect, dataDir: config.dataDir, appVersion: APP_VERSION },
      passphrase,
      values.file!,
    );
    process.stdout.write(
      `Backup written to ${values.file} (schema ${header.migrations.at(-1) ?? 'none'}).\n`,
    );
  } else {
    if (!values.replace && (await holdsConsole(store))) fail(messages.consoleBackupReplaceRefused);
    let last = '';
    const restored = await restoreArchive(
      { db: store.db, dialect: store.dialect, dataDir: config.dataDir },
      values.file!,
      passphrase,
      (p) => {
        const line = p.table ? `${p.phase} ${p.table}` : p.phase;
        if (line !== last) process.stdout.write(`${line} (${p.rowsDone}/${p.rowsTotal} rows)\n`);
        last = line;
      },
    );
    process.stdout.write(
      `Restored ${restored.rowsTotal} rows of ${restored.tables.length} tables and ${restored.files.length} files ` +
        `from a backup of ${new Date(restored.header.createdAt).toISOString()} (console ${restored.header.appVersion}).\n`,
    );
  }
} catch (err) {
  process.exitCode = 1;
  process.stderr.write((err instanceof ApiFailure ? err.message : String(err)) + '\n');
} finally {
  await store.close();
}
