/** Entry of the console process: read the knobs, build, listen, stop cleanly on SIGTERM/SIGINT. */
import { loadConfig } from './config.ts';
import { buildConsole } from './app.ts';

/** A supervisor's stop timeout is commonly 10 s: whatever still hangs by then is given up. */
const STOP_GIVE_UP_MS = 8_000;
/** Requests already on their way when the signal came are answered (503) before the console stops listening. */
const DRAIN_MS = 300;

const config = loadConfig();
const edge = await buildConsole(config);
await edge.app.listen({ port: config.port, host: config.host });

let stopping = false;
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
