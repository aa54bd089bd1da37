/**
 * The real agent's upgrade port (issue 22): downloads the image from the console, checks it with the public
 * key the device was installed with (--upgrade-key), writes the agent program into the spare A/B slot and
 * marks it on trial; the supervisor (upgrade-supervisor.ts) then restarts into it and rolls back when it
 * does not reach the console in time. Firmware images need a platform that can flash them: refused here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import {
  ANY_MODEL,
  deviceLogo,
  type DeviceLogo,
  type UpgradeRpcParams,
  type UpgradeStatusResult,
} from '@edge/protocol';
import { openImage } from '@edge/protocol/upgrade-image';
import { readJson, writePrivate } from '../client/identity.ts';
import type { UpgradePort } from '../ports/upgrade.ts';
import { AGENT_VERSION } from '../version.ts';
import { PlatformRefusal, type Progress } from './platform.ts';
import { readSlots, slotDir, slotProgram, spareSlot, writeSlots } from './upgrade-slots.ts';
import { tellSupervisor } from './upgrade-supervisor.ts';

const REFUSED = {
  format: 'The image is not a device image.',
  unsigned: 'The image is not signed.',
  signature: "The image's signature does not match this device's upgrade key.",
  payload: 'The image is damaged: its contents do not match its manifest.',
} as const;

export interface LinuxUpgradeOptions {
  stateDir: string;
  model: string;
  /** The console's HTTP address (the image path is appended); null when the agent talks to a broker only. */
  consoleHttp: string | null;
  /** The key images must be signed with; null: this device does not upgrade. */
  key: KeyObject | null;
  firmware: () => Promise<string>;
}

/** The node_modules the installed program finds its native addons in (node-pty), linked into each slot. */
function nodeModulesNear(program: string): string | null {
  for (let dir = path.dirname(fs.realpathSync(program)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

export class LinuxUpgrade implements UpgradePort {
  constructor(private readonly options: LinuxUpgradeOptions) {}

  async status(): Promise<UpgradeStatusResult> {
    return {
      agentVersion: AGENT_VERSION,
      firmware: await this.options.firmware(),
      last: readSlots(this.options.stateDir).last,
    };
  }

  async install(params: UpgradeRpcParams, progress: Progress): Promise<void> {
    const { stateDir, key, consoleHttp } = this.options;
    if (!key || !process.env.EDGE_AGENT_SUPERVISED)
      throw new PlatformRefusal(
        'unsupported',
        'This agent does not upgrade itself: it runs without an upgrade key (--upgrade-key).',
      );
    if (params.kind !== 'agent')
      throw new PlatformRefusal('unsupported', 'This device takes agent images only.');
    if (!consoleHttp)
      throw new PlatformRefusal('unsupported', 'This agent knows no console address to download from.');
    if (readSlots(stateDir).trial) throw new PlatformRefusal('busy', 'An upgrade is already on trial.');
    progress(5, 'downloading');
    const response = await fetch(new URL(params.path, consoleHttp), { signal: AbortSignal.timeout(300_000) });
    if (!response.ok) throw new PlatformRefusal('failed', `The download failed (HTTP ${response.status}).`);
    const bytes = Buffer.from(await response.arrayBuffer());
    progress(60, 'checking the signature');
    const opened = openImage(bytes, key);
    if (!opened.ok) throw new PlatformRefusal('failed', REFUSED[opened.reason]);
    const { manifest, payload } = opened;
    if (manifest.sha256 !== params.sha256 || manifest.version !== params.version || manifest.kind !== 'agent')
      throw new PlatformRefusal('failed', 'The image is not the one the console named.');
    if (manifest.model !== ANY_MODEL && manifest.model !== this.options.model)
      throw new PlatformRefusal('failed', `The image is for ${manifest.model}, not ${this.options.model}.`);
    progress(80, 'installing');
    const state = readSlots(stateDir);
    const slot = spareSlot(state);
    const dir = slotDir(stateDir, slot);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const program = slotProgram(stateDir, slot);
    fs.writeFileSync(`${program}.tmp`, payload, { mode: 0o700 });
    fs.renameSync(`${program}.tmp`, program);
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const modules = nodeModulesNear(process.argv[1]!);
    if (modules) fs.symlinkSync(fs.realpathSync(modules), path.join(dir, 'node_modules'));
    writeSlots(stateDir, {
      active: slot,
      previous: state.active,
      trial: { rollbackAfterMs: params.rollbackAfterMs },
      last: { version: manifest.version, from: AGENT_VERSION, state: 'trial', at: Date.now() },
    });
    progress(100, 'installed');
  }

  restart(): void {
    tellSupervisor({ edge: 'restart' });
  }

  private logoFile = () => path.join(this.options.stateDir, 'logo.json');

  async logo(): Promise<DeviceLogo | null> {
    const parsed = deviceLogo.safeParse(readJson(this.logoFile()));
    return parsed.success ? parsed.data : null;
  }

  async setLogo(logo: DeviceLogo): Promise<void> {
    writePrivate(this.logoFile(), JSON.stringify(logo));
  }

  async clearLogo(): Promise<boolean> {
    const had = fs.existsSync(this.logoFile());
    fs.rmSync(this.logoFile(), { force: true });
    return had;
  }
}
