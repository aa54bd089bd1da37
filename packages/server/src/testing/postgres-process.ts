/**
 * A PostgreSQL of our own: a cluster made by initdb in a temporary directory, served by `postgres` on a free
 * port of 127.0.0.1 (no Unix socket), for the tests that stop or restart the database. The shared server on
 * 5432 is never touched. PostgreSQL refuses to run as root: when the tests are root, the cluster belongs to
 * the `postgres` system user and its programs run as that user.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../gateway/mosquitto-process.ts';

export interface PostgresProcess {
  port: number;
  /** The cluster's own `postgres` database, as the `postgres` superuser (trust authentication). */
  url: string;
  /**
   * Stops the server the way a service manager does (`fast`, pg_ctl -m fast: clients cut off, a clean
   * checkpoint) or as a crash leaves it (`immediate`, pg_ctl -m immediate: no checkpoint, crash recovery at
   * the next start); the data stays.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts queries. */
  start(): Promise<void>;
  /** Stops it and removes the cluster. */
  destroy(): Promise<void>;
}

/** The newest Debian server binaries (/usr/lib/postgresql/<major>/bin). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return path.join(root, majors[0]!, 'bin');
}

/** uid/gid to run the server as: ourselves, or the `postgres` user when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function untilAccepting(url: string, output: string[], child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}):\n${output.join('')}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`postgres did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startPostgres(): Promise<PostgresProcess> {
  const bin = binDir();
  const user = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-postgres-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { ...user, stdio: 'pipe' },
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const output: string[] = [];
    child = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        // Small: the machine is shared, and a test needs a handful of connections.
        '-c',
        'shared_buffers=16MB',
        '-c',
        'max_connections=40',
      ],
      { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await untilAccepting(url, output, child);
  }

  async function stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // The signals pg_ctl sends: SIGINT for a fast shutdown, SIGQUIT for an immediate one.
    running.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    await exited;
  }

  try {
    await start();
  } catch (err) {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url,
    stop,
    start,
    async destroy() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
