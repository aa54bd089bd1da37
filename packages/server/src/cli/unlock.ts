/**
 * `npm run unlock -w @edge/server` on the console's host, with the console's own DATA_DIR / DATABASE_URL:
 * lets everyone reach the console and sign in again after its address lists locked every address out.
 */
import { loadConfig } from '../config.ts';
import { openStore } from '../db/database.ts';
import { unlockConsole } from '../acl/recovery.ts';

const config = loadConfig();
const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  const result = await unlockConsole(store.db);
  const lists = result.listsDisabled.length > 0 ? result.listsDisabled.join(', ') : 'none were enabled';
  process.stdout.write(
    `Address lists turned off: ${lists}. Sign-in lock-outs cleared: ${result.lockoutsCleared}.\n`,
  );
} finally {
  await store.close();
}
