/** Entry of the console process: read the knobs, build, listen, stop cleanly on SIGTERM/SIGINT. */
import { loadConfig } from './config.ts';
import { buildConsole } from './app.ts';

const config = loadConfig();
const edge = await buildConsole(config);
await edge.app.listen({ port: config.port, host: config.host });

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    edge.app.log.info({ signal }, 'shutting down');
    edge.close().then(
      () => process.exit(0),
      (err: unknown) => {
        edge.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
