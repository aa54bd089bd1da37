/** The real agent's platform: the Linux machine it runs on, port by port. */
import os from 'node:os';
import path from 'node:path';
import type { Platform } from '../ports/index.ts';
import { LinuxBackup } from './linux-backup.ts';
import { LinuxContainers } from './linux-containers.ts';
import { DOCKER_SOCKET, hasDocker } from './docker.ts';
import { LinuxDiagnostics } from './linux-diagnostics.ts';
import { LinuxNetwork, type LinuxNetworkOptions } from './linux-network.ts';
import { LinuxOverlay } from './linux-overlay.ts';
import { LinuxSecureLink } from './linux-secure-link.ts';
import { LinuxSystem, type LinuxSystemOptions } from './linux-system.ts';
import { LinuxTerminal } from './linux-terminal.ts';
import { LinuxUpgrade, type LinuxUpgradeOptions } from './linux-upgrade.ts';

export interface LinuxPlatformOptions extends LinuxSystemOptions, LinuxNetworkOptions {
  /** Restarts the secure link service (SPEC 4); unset: secure mode 'Unsupported'. Dry run like reboot. */
  secureLinkCommand?: string;
  /** Where the secure mode in force is kept (linux-secure-link.ts). */
  secureModeFile?: string;
  /** What container apps may reserve together (default all cores, three quarters of the memory). */
  containerCpus?: number;
  containerMemoryMb?: number;
  /** Host address the apps' port bindings listen on (default all). */
  containerBindAddress?: string;
  /** Where the overlay keeps its key pair and configuration; unset: no SD-WAN overlay. */
  stateDir?: string;
  /** The VNC server's loopback port for the remote desktop (default DESKTOP_VNC_PORT, 5900). */
  desktopPort?: number;
  /** Self-upgrade (issue 22): the signing key and the console's HTTP address; needs stateDir. */
  upgrade?: Pick<LinuxUpgradeOptions, 'key' | 'consoleHttp'>;
}

export class LinuxPlatform implements Platform {
  readonly system: LinuxSystem;
  readonly network: LinuxNetwork;
  readonly diagnostics = new LinuxDiagnostics();
  readonly terminal: LinuxTerminal;
  /** Only with an engine socket at start: a device without one has no container capability. */
  readonly containers?: LinuxContainers;
  readonly overlay?: LinuxOverlay;
  /** Only where configuration is applied (an apply root): its files are what a backup archives. */
  readonly backup?: LinuxBackup;
  readonly upgrade?: LinuxUpgrade;

  constructor(options: LinuxPlatformOptions) {
    this.terminal = new LinuxTerminal(undefined, options.desktopPort);
    const secureLink = new LinuxSecureLink({
      restartCommand: options.secureLinkCommand,
      stateFile: options.secureModeFile ?? path.join(os.tmpdir(), `edge-agent-${options.serial}-secure-mode`),
      dryRun: options.dryRun,
      log: options.log,
    });
    this.system = new LinuxSystem(options, secureLink);
    this.network = new LinuxNetwork(options, secureLink);
    const socketPath = options.dockerSocket ?? DOCKER_SOCKET;
    if (hasDocker(socketPath)) {
      this.containers = new LinuxContainers({
        socketPath,
        log: options.log,
        capacity: { cpus: options.containerCpus, memoryMb: options.containerMemoryMb },
        bindAddress: options.containerBindAddress,
        changed: () => this.system.containersChanged(),
      });
      this.containers.watch();
    }
    if (options.config) this.backup = new LinuxBackup({ root: options.config.root });
    if (options.stateDir)
      this.overlay = new LinuxOverlay({
        serial: options.serial,
        stateDir: options.stateDir,
        log: options.log,
      });
    if (options.stateDir)
      this.upgrade = new LinuxUpgrade({
        stateDir: options.stateDir,
        model: options.model,
        key: options.upgrade?.key ?? null,
        consoleHttp: options.upgrade?.consoleHttp ?? null,
        firmware: async () => (await this.system.facts()).firmware,
      });
  }
}
