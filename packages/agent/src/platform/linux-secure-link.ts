/**
 * The secure link on a Linux device (SPEC 4: when secure mode changes, the secure link service restarts).
 * The mode in force is kept in a small state file; changing it runs a configurable restart command with
 * SECURE_MODE in its environment. Like reboot and shutdown, the default is a dry run that only logs the
 * command (the mode is still recorded, so the console's flow can be tried on a laptop). Without a
 * command the device has no secure link and reports 'Unsupported'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { settableSecureModes, type SecureMode, type SettableSecureMode } from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import { PlatformRefusal } from './platform.ts';

export interface LinuxSecureLinkOptions {
  /** Restarts the secure link service; unset: secure mode is unsupported. */
  restartCommand?: string;
  /** Where the mode in force is kept across restarts of the agent. */
  stateFile: string;
  /** Only log the restart command. Default true. */
  dryRun?: boolean;
  log: AgentLog;
}

/** A device that has never been told a mode lets every kind of link through. */
const INITIAL_MODE: SettableSecureMode = 'Unlimited';

const isSettable = (value: string): value is SettableSecureMode =>
  (settableSecureModes as readonly string[]).includes(value);

export class LinuxSecureLink {
  constructor(private readonly options: LinuxSecureLinkOptions) {}

  get supported(): boolean {
    return Boolean(this.options.restartCommand);
  }

  current(): SecureMode {
    if (!this.supported) return 'Unsupported';
    let saved = '';
    try {
      saved = fs.readFileSync(this.options.stateFile, 'utf8').trim();
    } catch {
      // Never set: the initial mode.
    }
    return isSettable(saved) ? saved : INITIAL_MODE;
  }

  async set(mode: SettableSecureMode): Promise<void> {
    const command = this.options.restartCommand;
    if (!command) throw new PlatformRefusal('unsupported', 'This device has no secure link service.');
    if (this.options.dryRun !== false) {
      this.options.log.warn(`dry run: would restart the secure link (${mode}) with: ${command}`);
    } else {
      this.options.log.warn(`secure link: restarting for ${mode} with: ${command}`);
      const code = await runShell(command, { SECURE_MODE: mode });
      if (code !== 0)
        throw new PlatformRefusal('failed', `Restarting the secure link failed (exit code ${code}).`);
    }
    fs.mkdirSync(path.dirname(this.options.stateFile), { recursive: true });
    fs.writeFileSync(this.options.stateFile, `${mode}\n`);
  }
}

function runShell(command: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: 'ignore', env: { ...process.env, ...env } });
    child.on('error', () => resolve(127));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
