/**
 * The device's 802.1X authenticator: hostapd on a wired port (driver=wired) with its own EAP server, checking
 * the users who plug in against the Auth Connect accounts the console pushed (the Wi-Fi section's `accounts`,
 * which the configuration backend renders as the `edge_account` sections of /etc/config/wireless below its
 * apply root). Users authenticate with EAP-PEAP/MSCHAPv2 or EAP-TTLS/PAP inside a TLS tunnel, the device
 * proving itself with a self-signed certificate it makes once (the agent's state directory, so supplicants
 * can pin it).
 *
 * hostapd runs as the agent's child: started with the agent, told to read its user file again (SIGHUP) when
 * the accounts change, started again when it dies, stopped when the agent exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { selfSigned } from '@edge/protocol/self-signed';
import type { WifiAccount } from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import { parseUci } from '../sections/uciReader.ts';
import { readAccounts } from '../sections/wifi.ts';

const RESTART_DELAY_MS = 10_000;

export interface AuthenticatorOptions {
  /** The wired port users authenticate on. */
  iface: string;
  /** Where hostapd's configuration, user file and certificate are kept. */
  dir: string;
  /** The rendered /etc/config/wireless the accounts are read from. */
  wirelessFile: string;
  log: AgentLog;
  /** The hostapd program (default `hostapd` on the PATH). */
  hostapd?: string;
}

/**
 * hostapd's EAP user file: any outer (anonymous) identity may open a PEAP or TTLS tunnel; inside it, each
 * account with its password. Passwords are written in hex (hostapd reads an unquoted password as hex), so
 * every character an account's password may hold reaches hostapd as is; names never hold quotes or spaces
 * (SPEC 5's Auth connection rules).
 */
export function eapUsers(accounts: readonly WifiAccount[]): string {
  const lines = ["# Written by edge-agent from the console's Auth Connect accounts.", '* PEAP,TTLS'];
  for (const { name, password } of accounts)
    lines.push(`"${name}" MSCHAPV2,TTLS-PAP ${Buffer.from(password, 'utf8').toString('hex')} [2]`);
  return `${lines.join('\n')}\n`;
}

export function hostapdConfig(options: { iface: string; dir: string }): string {
  const at = (file: string) => path.join(options.dir, file);
  return [
    `interface=${options.iface}`,
    'driver=wired',
    // Authentication outcomes on standard output, which the agent logs.
    'logger_stdout=-1',
    'logger_stdout_level=2',
    'ieee8021x=1',
    'eapol_version=2',
    // 802.1X frames go to the PAE group address, as switches' ports expect.
    'use_pae_group_addr=1',
    'eap_server=1',
    `eap_user_file=${at('eap_users')}`,
    `server_cert=${at('server.pem')}`,
    `private_key=${at('server.key')}`,
    '',
  ].join('\n');
}

export class LinuxAuthenticator {
  private child: ChildProcess | undefined;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly killOnExit = () => this.child?.kill('SIGTERM');

  constructor(private readonly options: AuthenticatorOptions) {}

  /** The certificate supplicants pin (PEM). */
  get certificateFile(): string {
    return path.join(this.options.dir, 'server.pem');
  }

  async start(): Promise<void> {
    const { dir, iface } = this.options;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!fs.existsSync(this.certificateFile)) {
      const pair = await selfSigned(`edge-dot1x-${iface}`);
      fs.writeFileSync(path.join(dir, 'server.key'), pair.privateKey, { mode: 0o600 });
      fs.writeFileSync(this.certificateFile, pair.certificate);
    }
    this.writeUsers();
    fs.writeFileSync(path.join(dir, 'hostapd.conf'), hostapdConfig({ iface, dir }), { mode: 0o600 });
    process.on('exit', this.killOnExit);
    this.run();
  }

  /** The accounts changed (or may have): hostapd reads its user file again when it differs. */
  sync(): void {
    if (this.writeUsers()) this.child?.kill('SIGHUP');
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    process.off('exit', this.killOnExit);
    this.child?.kill('SIGTERM');
  }

  /** Writes the user file from the rendered accounts; true when its text changed. */
  private writeUsers(): boolean {
    let wireless = '';
    try {
      wireless = fs.readFileSync(this.options.wirelessFile, 'utf8');
    } catch {
      // Nothing applied yet: no accounts.
    }
    const text = eapUsers(readAccounts(parseUci('wireless', wireless)));
    const file = path.join(this.options.dir, 'eap_users');
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
    // Whole or not at all: hostapd may read it at any time.
    fs.writeFileSync(`${file}.new`, text, { mode: 0o600 });
    fs.renameSync(`${file}.new`, file);
    return true;
  }

  private run(): void {
    const { log } = this.options;
    const child = spawn(this.options.hostapd ?? 'hostapd', [path.join(this.options.dir, 'hostapd.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const say = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) log.info(`hostapd: ${line}`);
    };
    child.stdout.on('data', say);
    child.stderr.on('data', say);
    child.on('error', (err) =>
      log.error('802.1X authenticator (hostapd) did not start', { error: String(err) }),
    );
    child.on('close', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopped) return;
      log.warn('802.1X authenticator (hostapd) stopped; starting it again', { code, signal });
      this.restartTimer = setTimeout(() => this.run(), RESTART_DELAY_MS);
    });
  }
}
