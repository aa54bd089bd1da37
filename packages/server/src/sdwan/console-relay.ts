/**
 * The console host as a relay node: devices that cannot reach each other (behind NAT, a cut underlay) but
 * reach the console's host relay through it. The relay is the agent's own overlay (WireGuard, wireguard-go
 * in user space where the kernel has none) run as a child process, edge-overlay-relay, answering the same
 * overlay.* calls a device answers, as JSON lines over its stdin/stdout. It is started on the first call,
 * started again on the next call after it died, and ends with the console (its stdin closes). Its key pair
 * is made and kept in DATA_DIR/overlay-relay; only the public key comes back here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { RpcResult } from '@edge/protocol';

export type OverlayCall = 'overlay.identity' | 'overlay.apply' | 'overlay.status';

export interface ConsoleRelay {
  call<M extends OverlayCall>(method: M, params: unknown, deadlineMs?: number): Promise<RpcResult<M>>;
  stop(): Promise<void>;
}

/** The development launcher beside the sources, or the built one beside the console's bundle. */
const LAUNCHER = path.resolve(import.meta.dirname, '../../../agent/dev/edge-overlay-relay.mjs');
const DEADLINE_MS = 20_000;

export function consoleRelay(options: {
  stateDir: string;
  namespace?: string;
  log: { warn(obj: object, msg: string): void };
  launcher?: string;
}): ConsoleRelay {
  let child: ChildProcess | undefined;
  let seq = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  function start(): ChildProcess {
    const command = [process.execPath, options.launcher ?? LAUNCHER, '--state-dir', options.stateDir];
    const [file, ...args] = options.namespace
      ? ['ip', 'netns', 'exec', options.namespace, ...command]
      : command;
    const made = spawn(file!, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    // Writing to a relay that just died: its exit rejects what waits.
    made.stdin!.on('error', () => undefined);
    readline.createInterface({ input: made.stdout! }).on('line', (line) => {
      const answer = JSON.parse(line) as { id: number; result?: unknown; error?: string };
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.result);
    });
    readline
      .createInterface({ input: made.stderr! })
      .on('line', (line) => /WARN|ERROR/.test(line) && options.log.warn({ line }, 'sdwan: console relay'));
    made.on('exit', (code) => {
      if (child === made) child = undefined;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error(`the console relay ended (${code})`));
      }
    });
    made.on('error', (err) =>
      options.log.warn({ err: String(err) }, 'sdwan: the console relay did not start'),
    );
    return made;
  }

  return {
    call(method, params, deadlineMs = DEADLINE_MS) {
      child ??= start();
      const id = ++seq;
      const running = child;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`the console relay did not answer ${method}`));
        }, deadlineMs);
        pending.set(id, {
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v as never);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        running.stdin!.write(`${JSON.stringify({ id, method, params })}\n`);
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        // Its stdin closing is its signal to go; a relay that hangs is ended.
        running.stdin!.end();
        setTimeout(() => running.kill('SIGTERM'), 5000).unref();
      });
    },
  };
}
