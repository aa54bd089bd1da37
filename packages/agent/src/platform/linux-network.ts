/**
 * The real network configuration port: sections rendered as OpenWrt files (config/linux-backend.ts), the
 * secure link's restart command, and `iw` scans.
 */
import type { SettableSecureMode } from '@edge/protocol';
import type { ConfigBackend } from '../config/backend.ts';
import { LinuxConfigBackend, type LinuxConfigOptions } from '../config/linux-backend.ts';
import type { AgentLog } from '../log.ts';
import type { NetworkPort } from '../ports/network.ts';
import type { LinuxSecureLink } from './linux-secure-link.ts';
import { scanWifiLinux } from './linux-wifi.ts';

export interface LinuxNetworkOptions {
  log: AgentLog;
  sysRoot?: string;
  /** Where configuration sections are rendered and how services reload; unset: config calls are refused. */
  config?: Omit<LinuxConfigOptions, 'log'>;
  /** The radio Wi-Fi scans use; default the first wireless interface. */
  wifiIface?: string;
}

export class LinuxNetwork implements NetworkPort {
  constructor(
    private readonly options: LinuxNetworkOptions,
    private readonly secureLink: LinuxSecureLink,
  ) {}

  configBackend(): ConfigBackend | undefined {
    return this.options.config && new LinuxConfigBackend({ ...this.options.config, log: this.options.log });
  }

  setSecureMode(mode: SettableSecureMode): Promise<void> {
    return this.secureLink.set(mode);
  }

  scanWifi(signal: AbortSignal) {
    return scanWifiLinux({ sysRoot: this.options.sysRoot ?? '/sys', iface: this.options.wifiIface }, signal);
  }
}
