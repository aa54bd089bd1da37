/**
 * The real network configuration port: sections rendered as OpenWrt files (config/linux-backend.ts), the
 * secure link's restart command, `iw` scans, and the 802.1X authenticator that checks users against the
 * Auth Connect accounts those files hold (linux-authenticator.ts).
 */
import path from 'node:path';
import type { SettableSecureMode } from '@edge/protocol';
import type { ConfigBackend } from '../config/backend.ts';
import { LinuxConfigBackend, type LinuxConfigOptions } from '../config/linux-backend.ts';
import type { AgentLog } from '../log.ts';
import type { NetworkPort } from '../ports/network.ts';
import type { LinuxSecureLink } from './linux-secure-link.ts';
import { scanWifiLinux } from './linux-wifi.ts';
import { LinuxAuthenticator } from './linux-authenticator.ts';
import { uciPath } from '../sections/uci.ts';

export interface LinuxNetworkOptions {
  log: AgentLog;
  sysRoot?: string;
  /** Where configuration sections are rendered and how services reload; unset: config calls are refused. */
  config?: Omit<LinuxConfigOptions, 'log'>;
  /** The radio Wi-Fi scans use; default the first wireless interface. */
  wifiIface?: string;
  /**
   * The wired port 802.1X users authenticate on (hostapd) with the Auth Connect accounts, and where its files
   * are kept; needs `config` (the accounts are read from the applied files). Unset: no authenticator.
   */
  dot1x?: { iface: string; dir: string };
}

export class LinuxNetwork implements NetworkPort {
  readonly authenticator?: LinuxAuthenticator;

  constructor(
    private readonly options: LinuxNetworkOptions,
    private readonly secureLink: LinuxSecureLink,
  ) {
    const { dot1x, config, log } = options;
    if (dot1x && config) {
      const authenticator = new LinuxAuthenticator({
        ...dot1x,
        wirelessFile: path.join(config.root, uciPath('wireless')),
        log,
      });
      this.authenticator = authenticator;
      authenticator
        .start()
        .catch((err: unknown) => log.error('802.1X authenticator not started', { error: String(err) }));
    }
  }

  configBackend(): ConfigBackend | undefined {
    const { config, log } = this.options;
    return config && new LinuxConfigBackend({ ...config, log, authenticator: this.authenticator });
  }

  setSecureMode(mode: SettableSecureMode): Promise<void> {
    return this.secureLink.set(mode);
  }

  scanWifi(signal: AbortSignal) {
    return scanWifiLinux({ sysRoot: this.options.sysRoot ?? '/sys', iface: this.options.wifiIface }, signal);
  }
}
