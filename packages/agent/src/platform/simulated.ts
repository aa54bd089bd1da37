/**
 * A simulated router, port by port: the world and its system port (simulated-system.ts), its network
 * configuration (simulated-network.ts) and its Diagnose tests (simulated-diagnostics.ts) and its shell (simulated-terminal.ts), all acting on
 * the same simulated device.
 */
import type { Platform } from '../ports/index.ts';
import { SimulatedBackup } from './simulated-backup.ts';
import { SimulatedContainers } from './simulated-containers.ts';
import { SimulatedDiagnostics } from './simulated-diagnostics.ts';
import { SimulatedNetwork } from './simulated-network.ts';
import { SimulatedOverlay } from './simulated-overlay.ts';
import { SimulatedSystem, type SimulatedOptions } from './simulated-system.ts';
import { SimulatedTerminal } from './simulated-terminal.ts';
import { SimulatedUpgrade } from './simulated-upgrade.ts';

export type { SimulatedOptions } from './simulated-system.ts';

export class SimulatedPlatform implements Platform {
  readonly system: SimulatedSystem;
  readonly network: SimulatedNetwork;
  readonly diagnostics: SimulatedDiagnostics;
  readonly terminal: SimulatedTerminal;
  /** Only models that run containers have the capability. */
  readonly containers?: SimulatedContainers;
  readonly overlay: SimulatedOverlay;
  readonly backup: SimulatedBackup;
  readonly upgrade: SimulatedUpgrade;

  constructor(options: SimulatedOptions) {
    this.system = new SimulatedSystem(options);
    this.network = new SimulatedNetwork(this.system);
    this.diagnostics = new SimulatedDiagnostics(this.system);
    this.terminal = new SimulatedTerminal(this.system, this.diagnostics);
    if (this.system.spec.containers) this.containers = new SimulatedContainers(this.system);
    this.overlay = new SimulatedOverlay(options.serial);
    this.backup = new SimulatedBackup(this.system);
    this.upgrade = new SimulatedUpgrade(this.system);
  }
}
