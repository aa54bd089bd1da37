/**
 * The console child of the benchmark: the real console (buildConsole) on 127.0.0.1 at a random port,
 * configured by the usual environment (DATA_DIR, DATABASE_URL, MQTT_URL, MQTT_TCP_PORT, ADMIN_PASSWORD), in a
 * process of its own so its CPU and memory are measured alone. It prints `@bench {"event":"ready",...}`,
 * then answers the driver's requests on stdin (control-protocol.ts). It ends on `quit`, SIGTERM, or when
 * stdin closes (the driver went away); ending normally lets `--cpu-prof` write its profile.
 */
import readline from 'node:readline';
import { buildConsole } from '@edge/server';
import { loadConfig } from '@edge/server/config';
import { MARK, type ConsoleRequest } from './control-protocol.ts';
import { commandHandlers } from './console-commands.ts';
import { installSqlStats } from './sql-stats.ts';

const say = (message: object) => process.stdout.write(`${MARK}${JSON.stringify(message)}\n`);

if (process.env.BENCH_SQL_STATS) installSqlStats();
const config = { ...loadConfig(), host: '127.0.0.1', port: 0, webRoot: undefined };
const edge = await buildConsole(config);
await edge.app.listen({ host: config.host, port: 0 });
const address = edge.app.server.address();
const port = address && typeof address === 'object' ? address.port : 0;
// The embedded broker's MQTT/TCP listener, when MQTT_TCP_PORT asked for one.
const tcp = (edge.bus as { tcpAddress?: () => { port: number } | null }).tcpAddress?.();
const tcpPort = tcp?.port ?? null;

let closing: Promise<void> | null = null;
const quit = (code = 0): Promise<void> =>
  (closing ??= edge
    .close()
    .catch((err: unknown) => {
      process.stderr.write(`console close failed: ${String(err)}\n`);
    })
    .finally(() => process.exit(code)));

const handle = commandHandlers({ edge, emit: say, quit: () => quit(0) });
const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  let request: ConsoleRequest & { id: number };
  try {
    request = JSON.parse(line) as ConsoleRequest & { id: number };
  } catch {
    return;
  }
  handle(request).then(
    (reply) => say({ id: request.id, ok: true, reply }),
    (err: unknown) =>
      say({ id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
lines.on('close', () => void quit(0));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void quit(0));

say({ event: 'ready', port, tcpPort });
