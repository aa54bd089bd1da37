/**
 * A child process of the benchmark: its stdout split into lines for whoever listens, the last lines kept
 * for error reports, and a stop that escalates from SIGTERM to SIGKILL so nothing outlives the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

const KEEP_LINES = 40;

export interface Child {
  readonly process: ChildProcess;
  readonly pid: number;
  /** The last lines of stdout and stderr, for error messages. */
  tail(): string;
  onLine(listener: (line: string) => void): void;
  /** Resolves with the first stdout line that `match` accepts, or rejects after timeoutMs or on exit. */
  waitForLine<T>(match: (line: string) => T | undefined, timeoutMs: number, what: string): Promise<T>;
  send(line: string): void;
  exited(): boolean;
  /** SIGTERM (or closes stdin when `gently`), SIGKILL after graceMs; resolves once it has exited. */
  stop(graceMs?: number, gently?: boolean): Promise<void>;
}

export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'], cwd: process.cwd() });
  if (child.pid === undefined) throw new Error(`cannot start ${name}`);
  const pid = child.pid;
  const recent: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const keep = (line: string) => {
    recent.push(line.length > 400 ? `${line.slice(0, 400)}...` : line);
    if (recent.length > KEEP_LINES) recent.shift();
  };
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    keep(line);
    for (const listener of listeners) listener(line);
  });
  readline.createInterface({ input: child.stderr }).on('line', keep);
  // A child that dies early closes its stdin; writes must not crash the driver.
  child.stdin.on('error', () => undefined);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    process: child,
    pid,
    tail: () => `--- last output of ${name} ---\n${recent.join('\n')}`,
    onLine: (listener) => void listeners.add(listener),
    waitForLine<T>(match: (line: string) => T | undefined, timeoutMs: number, what: string) {
      return new Promise<T>((resolve, reject) => {
        const done = (err: Error | null, value?: T) => {
          clearTimeout(timer);
          listeners.delete(listener);
          if (err) reject(err);
          else resolve(value as T);
        };
        const listener = (line: string) => {
          const value = match(line);
          if (value !== undefined) done(null, value);
        };
        const timer = setTimeout(() => done(new Error(`${name}: timed out waiting for ${what}`)), timeoutMs);
        listeners.add(listener);
        void exit.then(() => done(new Error(`${name} exited while waiting for ${what}`)));
      });
    },
    send(line) {
      if (!exited() && child.stdin.writable) child.stdin.write(`${line}\n`);
    },
    exited,
    async stop(graceMs = 10_000, gently = false) {
      if (exited()) return;
      if (gently) child.stdin.end();
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}
