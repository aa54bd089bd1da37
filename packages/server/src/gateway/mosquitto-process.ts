/**
 * A Mosquitto of our own, on a free port of 127.0.0.1 with its configuration in a temporary directory: the
 * tests that need a plugin and the benchmark that needs its own socket options start one each, instead of
 * reconfiguring the shared broker on 1883.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const MOSQUITTO = '/usr/sbin/mosquitto';

export interface MosquittoProcess {
  port: number;
  /** The directory of its configuration, removed on stop. */
  dir: string;
  pid: number;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (for a process that must come back on the same one). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function untilListening(port: number, output: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts Mosquitto with `options` (lines of mosquitto.conf after the listener); `prepare` runs first in
 * the new directory (e.g. to write a plugin's file). `port`: a given one (a broker restarted where its
 * clients expect it), or a free one.
 */
export async function startMosquitto(
  options: (dir: string) => string[],
  prepare: (dir: string) => Promise<void> = async () => undefined,
  port?: number,
): Promise<MosquittoProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-mosquitto-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await prepare(dir);
  } catch (err) {
    removeDir();
    throw err;
  }
  port ??= await freePort();
  const configFile = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      // Started as root, Mosquitto would switch to the `mosquitto` user, who cannot write the temp dir.
      `user ${os.userInfo().username}`,
      'persistence false',
      ...options(dir),
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    removeDir();
  };
  try {
    await untilListening(port, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, dir, pid: child.pid!, stop };
}
