/** The driver's handle on the console child (console-process.ts): start it, ask it things, stop it. */
import path from 'node:path';
import { startChild, type Child } from './child.ts';
import { MARK, type ConsoleMessage, type ConsoleRequest, type Replies } from './control-protocol.ts';
import { nodeArgs } from './node-child.ts';
import { CONSOLE_NODE_FLAGS } from '@edge/server/node-flags';

const ENTRY = path.join(import.meta.dirname, 'console-process.ts');
const START_TIMEOUT_MS = 60_000;

export interface ConsoleChildOptions {
  env: NodeJS.ProcessEnv;
  /** Write a .cpuprofile there when the console ends. */
  cpuProfDir?: string;
  /** Node/V8 flags of the console process besides its own (CONSOLE_NODE_FLAGS). */
  nodeFlags?: string[];
}

export interface ConsoleChild {
  readonly pid: number;
  readonly url: string;
  /** Plain MQTT/TCP of the embedded broker, when MQTT_TCP_PORT was set. */
  readonly tcpPort: number | null;
  request<C extends ConsoleRequest['cmd']>(
    request: Extract<ConsoleRequest, { cmd: C }>,
    timeoutMs?: number,
  ): Promise<Replies[C]>;
  /** Resolves when the console reports this serial offline (after a watchOffline request). */
  offlineEvent(serial: string, timeoutMs: number): Promise<number>;
  tail(): string;
  /** Asks it to quit (writing its profile), then escalates. */
  stop(): Promise<void>;
}

const parse = (line: string): ConsoleMessage | undefined =>
  line.startsWith(MARK) ? (JSON.parse(line.slice(MARK.length)) as ConsoleMessage) : undefined;

export async function startConsoleChild(options: ConsoleChildOptions): Promise<ConsoleChild> {
  const child: Child = startChild(
    'console',
    process.execPath,
    // The console's own flags first: a flag given again with --console-node-flags wins (V8 takes the last).
    nodeArgs(ENTRY, options.cpuProfDir, ['--expose-gc', ...CONSOLE_NODE_FLAGS, ...(options.nodeFlags ?? [])]),
    {
      ...process.env,
      ...options.env,
    },
  );
  const ready = await child
    .waitForLine(
      (line) => {
        const message = parse(line);
        return message && 'event' in message && message.event === 'ready' ? message : undefined;
      },
      START_TIMEOUT_MS,
      'the console to be ready',
    )
    .catch(async (err: Error) => {
      await child.stop(2000);
      throw new Error(`${err.message}\n${child.tail()}`);
    });

  let nextId = 0;
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${ready.port}`,
    tcpPort: ready.tcpPort,
    async request(request, timeoutMs = 60_000) {
      const id = ++nextId;
      const answer = child.waitForLine(
        (line) => {
          const message = parse(line);
          return message && 'id' in message && message.id === id ? message : undefined;
        },
        timeoutMs,
        `the answer to ${request.cmd}`,
      );
      child.send(JSON.stringify({ ...request, id }));
      const message = await answer;
      if (!message.ok) throw new Error(`console ${request.cmd}: ${message.error}`);
      return message.reply as never;
    },
    offlineEvent: (serial, timeoutMs) =>
      child.waitForLine(
        (line) => {
          const message = parse(line);
          return message && 'event' in message && message.event === 'offline' && message.serial === serial
            ? message.at
            : undefined;
        },
        timeoutMs,
        `${serial} offline`,
      ),
    tail: child.tail,
    async stop() {
      if (child.exited()) return;
      child.send(JSON.stringify({ cmd: 'quit', id: 0 }));
      // A profile of a busy console takes a while to write.
      await child.stop(30_000, true);
    },
  };
}
