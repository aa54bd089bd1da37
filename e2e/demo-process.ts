/** Runs scripts/demo.ts as a child process and waits for its "ready" line; shared by the browser tests and the screenshot script. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const READY = /Edge Console ready at (http:\/\/\S+)/;

export interface Demo {
  url: string;
  /** Its DATA_DIR (fleet-control there steers the simulated fleet). */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startDemo(opts: {
  adminPassword: string;
  devices: number;
  timeoutMs?: number;
  /** Extra environment for the demo process (e.g. a short CONFIG_CONFIRM_TIMEOUT_MS for the browser tests). */
  env?: Record<string, string>;
}): Promise<Demo> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-demo-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: opts.adminPassword,
      DEMO_DEVICES: String(opts.devices),
      LOG_LEVEL: process.env.E2E_DEMO_LOG_LEVEL ?? 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // E2E_DEMO_LOG=FILE keeps what the demo prints, to read after a failed run (with E2E_DEMO_LOG_LEVEL=info).
  const log = process.env.E2E_DEMO_LOG ? fs.createWriteStream(process.env.E2E_DEMO_LOG) : undefined;
  if (log) {
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`demo did not start:\n${output}`)),
      opts.timeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`demo exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
