/**
 * The real agent's configuration backend: renders every section into the OpenWrt files the agent owns
 * (sections/: UCI under /etc/config, the nftables table) below a root directory, then runs a reload
 * command. The root is `/` on an OpenWrt device; anywhere else it is a staging directory (by default
 * under the state directory), so an agent on a laptop writes files to look at and changes nothing.
 *
 * The answer to an apply leaves only after the reload has finished: a change that cuts the device off
 * has then taken effect, and its confirmation can only come over the new network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { SECTION_KEYS, parseSection, sameDocument, type SectionDocs, type SectionKey } from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import { defaultHardware, readDevice, renderDevice, type DeviceHardware } from '../sections/index.ts';
import type { ApplyEffect, ConfigBackend } from './backend.ts';

export interface LinuxConfigOptions {
  /** Where the rendered files go: `/` on an OpenWrt device, a staging directory otherwise. */
  root: string;
  /** Run after writing (e.g. `reload_config`); unset: nothing is reloaded. */
  reloadCommand?: string;
  hardware?: DeviceHardware;
  log: AgentLog;
  /** How long the reload may take before the apply counts as failed. */
  reloadTimeoutMs?: number;
  /** The 802.1X authenticator, told when the files (and so perhaps the Auth Connect accounts) changed. */
  authenticator?: { sync(): void };
}

const DEFAULT_RELOAD_TIMEOUT_MS = 60_000;
const OUTPUT_KEPT = 2000;

export class LinuxConfigBackend implements ConfigBackend {
  readonly allowsLocalEdits = false;

  constructor(private readonly options: LinuxConfigOptions) {}

  private hardware(): DeviceHardware {
    return this.options.hardware ?? defaultHardware;
  }

  /** The device path of a file, below the root. */
  private at(devicePath: string): string {
    return path.join(this.options.root, devicePath);
  }

  async apply(docs: SectionDocs): Promise<ApplyEffect> {
    const { files } = renderDevice(docs, this.hardware());
    let changed = 0;
    for (const [devicePath, text] of Object.entries(files)) {
      const file = this.at(devicePath);
      if (readText(file) === text) continue;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Whole or not at all: a service reading the file mid-write must not see half of it.
      fs.writeFileSync(`${file}.edge-tmp`, text, { mode: 0o600 });
      fs.renameSync(`${file}.edge-tmp`, file);
      changed++;
    }
    if (changed > 0 && this.options.reloadCommand) await this.reload(this.options.reloadCommand);
    if (changed > 0) this.options.authenticator?.sync();
    return { reachable: true };
  }

  /**
   * Sections whose files someone edited on the device. The files are read back (sections/ readers)
   * and compared with what the applied documents render to, read back the same way, so a renderer's
   * choice of spelling never counts as an edit. Until the agent has written every file there is
   * nothing of its own to compare with.
   */
  async localChanges(docs: SectionDocs): Promise<Partial<SectionDocs>> {
    const rendered = renderDevice(docs, this.hardware()).files;
    const current: Record<string, string> = {};
    for (const devicePath of Object.keys(rendered)) {
      const text = readText(this.at(devicePath));
      if (text === null) return {};
      current[devicePath] = text;
    }
    const ours = readDevice(rendered, this.hardware());
    let theirs: ReturnType<typeof readDevice>;
    try {
      theirs = readDevice(current, this.hardware());
    } catch (err) {
      this.options.log.warn('cannot read the configuration files back', { error: String(err) });
      return {};
    }
    const changes: Partial<Record<SectionKey, unknown>> = {};
    for (const section of SECTION_KEYS) {
      if (!(section in theirs)) continue;
      const key = section as keyof typeof theirs;
      if (sameDocument(ours[key], theirs[key])) continue;
      const parsed = parseSection(section, theirs[key]);
      if (parsed.success) changes[section] = parsed.data;
      else this.options.log.warn('a locally edited section is not valid; ignored', { section });
    }
    return changes as Partial<SectionDocs>;
  }

  private reload(command: string): Promise<void> {
    const timeoutMs = this.options.reloadTimeoutMs ?? DEFAULT_RELOAD_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) return resolve();
        const why = signal ? `was stopped (${signal})` : `exited with ${code}`;
        reject(new Error(`${command} ${why}${output.trim() ? `: ${output.trim()}` : ''}`));
      });
    });
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
