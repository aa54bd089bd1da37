/**
 * `npm start`: the console on the embedded defaults (SQLite, embedded broker) and, beside it, a simulated
 * fleet of DEMO_DEVICES devices that enrol and report like real ones.
 */
import { loadConfig } from '@edge/server/config';
import { buildConsole } from '@edge/server';

const config = loadConfig();
const edge = await buildConsole(config);
await edge.app.listen({ port: config.port, host: config.host });
const address = edge.app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
// Scripts (the browser tests, the screenshot script) wait for this exact line.
process.stdout.write(`Edge Console ready at http://${shownHost}:${port}\n`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void edge.close().finally(() => process.exit(0));
  });
}
