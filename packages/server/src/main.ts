/**
 * Entry of the console process: read the knobs, build, listen, stop cleanly on SIGTERM/SIGINT. After a
 * console restore (Settings > Backup & Restore) the console is closed and built again in this process, so
 * that everything it holds in memory is read from the restored store.
 */
import { loadConfig } from './config.ts';
import { buildConsole, type Console } from './app.ts';

/** A supervisor's stop timeout is commonly 10 s: whatever still hangs by then is given up. */
const STOP_GIVE_UP_MS = 8_000;
/** Requests already on their way when the signal came are answered (503) before the console stops listening. */
const DRAIN_MS = 300;

const config = loadConfig();
let edge: Console = await start();
let stopping = false;

async function start(): Promise<Console> {
  const started = await buildConsole(config);
  await started.app.listen({ port: config.port, host: config.host });
  started.consoleBackup.onRestored(() => void restart(started));
  return started;
}

async function restart(restored: Console): Promise<void> {
  if (stopping || restored !== edge) return;
  restored.app.log.info('a console backup was restored: restarting the console on it');
  try {
    await restored.drain(DRAIN_MS);
    await restored.close();
    edge = await start();
  } catch (err) {
    restored.app.log.error({ err }, 'the console did not restart after the restore; start it again');
    process.exit(1);
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    edge.app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      edge.app.log.error({ afterMs: STOP_GIVE_UP_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, STOP_GIVE_UP_MS).unref();
    void edge
      .drain(DRAIN_MS)
      .then(() => edge.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          edge.app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
