/**
 * A simulated device's upgrades (issue 22): it takes agent and firmware images as the real agent does,
 * answers, "restarts" into the new version a moment later and reports it; told to fail (fleet control
 * `upgrade-fail SERIAL`), the new version never reaches the console and the device comes back on the old
 * one, reporting the rollback as the real agent's supervisor would.
 */
import { type DeviceLogo, type LastUpgrade, type UpgradeRpcParams } from '@edge/protocol';
import type { UpgradePort } from '../ports/upgrade.ts';
import { AGENT_VERSION } from '../version.ts';
import { PlatformRefusal, type Progress } from './platform.ts';
import type { SimulatedSystem } from './simulated-system.ts';

/** How long the simulated restart takes. */
const RESTART_MS = 1000;

export class SimulatedUpgrade implements UpgradePort {
  agentVersion = AGENT_VERSION;
  /** Set: the next upgrades do not reach the console and are rolled back. */
  failing = false;
  private last: LastUpgrade | null = null;
  private pending: UpgradeRpcParams | null = null;
  private logoNow: DeviceLogo | null = null;

  constructor(private readonly system: SimulatedSystem) {}

  async status() {
    const facts = await this.system.facts();
    return { agentVersion: this.agentVersion, firmware: facts.firmware, last: this.last };
  }

  async install(params: UpgradeRpcParams, progress: Progress): Promise<void> {
    if (this.pending || this.last?.state === 'trial')
      throw new PlatformRefusal('busy', 'An upgrade is already on trial.');
    const facts = await this.system.facts();
    progress(50, 'downloading');
    const from = params.kind === 'agent' ? this.agentVersion : facts.firmware;
    this.pending = params;
    this.last = { version: params.version, from, state: 'trial', at: Date.now() };
    progress(100, 'installed');
  }

  /** Resolves once the device runs the new version (or came back on the old one). */
  restart(): Promise<void> {
    const params = this.pending;
    this.pending = null;
    if (!params) return Promise.resolve();
    return new Promise((resolve) => {
      setTimeout(() => {
        this.comeBack(params);
        resolve();
      }, RESTART_MS).unref();
    });
  }

  private comeBack(params: UpgradeRpcParams): void {
    if (!this.last) return;
    if (this.failing) {
      this.last = {
        ...this.last,
        state: 'rolledBack',
        at: Date.now(),
        reason: 'the new version did not reach the console (simulated fault)',
      };
      return;
    }
    if (params.kind === 'agent') this.agentVersion = params.version;
    else this.system.firmwareNow = params.version;
    this.last = { ...this.last, state: 'done', at: Date.now() };
  }

  async logo() {
    return this.logoNow;
  }

  async setLogo(logo: DeviceLogo) {
    this.logoNow = logo;
  }

  async clearLogo() {
    const had = this.logoNow !== null;
    this.logoNow = null;
    return had;
  }
}
