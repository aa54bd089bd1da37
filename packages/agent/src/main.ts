/** edge-agent: the device agent for a real Linux router or gateway. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicKeyOf } from '@edge/protocol/signature';
import { isSerial } from '@edge/protocol';
import { brokerUrlFor } from './client/broker-url.ts';
import { DeviceClient } from './client/device-client.ts';
import { fileIdentityStore } from './client/identity.ts';
import { HeapScheduler } from './client/scheduler.ts';
import { lineLog } from './log.ts';
import { LinuxPlatform } from './platform/linux.ts';
import { detectSyslog } from './platform/syslog.ts';
import { fileAppliedStore } from './config/applied-store.ts';
import { superviseAgent, SUPERVISED_ENV, tellSupervisor } from './platform/upgrade-supervisor.ts';
import {
  fail,
  parseInterval,
  parseLogLevel,
  positiveInt,
  readCommandLine,
  UsageError,
  enrolProof,
} from './cli/options.ts';

/** Thrown to leave the agent's setup when this process is the supervisor. */
class Supervising extends Error {}

const DEFAULT_STATE_DIR =
  process.getuid?.() === 0 ? '/var/lib/edge-agent' : path.join(os.homedir(), '.edge-agent');

const USAGE = `Usage: edge-agent --console URL --serial S --model M [options]

Connects this Linux device to the console: enrols (Provision > Discovery), then reports and answers calls.

  --console URL           console (http://host:8080) or broker (mqtt://host:1883)
  --serial S              the device's serial number
  --model M               the device's model name
  --state-dir DIR         where the identity is kept (default ${DEFAULT_STATE_DIR})
  --interval S            report interval: 5, 30, 60 or latency (default latency)
  --reboot-cmd CMD        command that reboots (default: reboot)
  --shutdown-cmd CMD      command that powers off (default: poweroff)
  --secure-link-cmd CMD   restarts the secure link service when secure mode changes (SECURE_MODE
                          in its environment); without it secure mode is 'Unsupported'
  --no-dry-run            really run them; without it reboot/shutdown/secure link are only logged
  --no-syslog             do not forward the device's syslog (logread, journald or /var/log) to the console
  --wifi-iface IF         radio used for Wi-Fi scans (default: the first wireless interface)
  --dot1x-iface IF        run an 802.1X authenticator (hostapd, wired driver, its own EAP server) on
                          this port: users sign in with the console's Auth Connect accounts
                          (EAP-PEAP/MSCHAPv2 or EAP-TTLS/PAP; certificate in STATE-DIR/dot1x/server.pem)
  --apply-root DIR        where configuration files are written: / on an OpenWrt device
                          (default STATE-DIR/apply-root, a staging directory: nothing changes)
  --reload-cmd CMD        run after writing them (default with --apply-root /:
                          'reload_config && fw4 reload'; otherwise none)
  --reboot-delay-ms MS    wait between answering reboot/shutdown and doing it (default 5000, SPEC 4)
  --local-address A       connect from this local address
  --enrol-secret S        the organisation's enrolment secret, shown on the console's Provision page
                          (better: EDGE_ENROL_SECRET in the environment, out of the process list)
  --claim-code C          the claim code on the device's label (or EDGE_CLAIM_CODE)
  --docker-socket PATH    the container engine's API socket (default /var/run/docker.sock)
  --container-cpus N      cores container apps may reserve together (default all)
  --container-memory-mb N memory container apps may reserve together (default 3/4 of it)
  --container-bind IP     address the apps' port bindings listen on (default all)
  --upgrade-key FILE      the Ed25519 public key (PEM) upgrade images must be signed with: the agent
                          then runs under a small supervisor, installs upgrades beside the running
                          version (A/B slots in STATE-DIR/upgrade) and goes back to the previous one
                          when a new version does not reach the console in time
  --desktop-port N        the VNC server's port on this device's loopback, for the remote desktop
                          (default 5900)
  --log-level L           info, warn, error or silent (default info)
  -h, --help              this text
`;

const args = readCommandLine(USAGE, {
  console: { type: 'string' },
  serial: { type: 'string' },
  model: { type: 'string' },
  'state-dir': { type: 'string', default: DEFAULT_STATE_DIR },
  interval: { type: 'string', default: 'latency' },
  'reboot-cmd': { type: 'string' },
  'shutdown-cmd': { type: 'string' },
  'no-dry-run': { type: 'boolean', default: false },
  'no-syslog': { type: 'boolean', default: false },
  'secure-link-cmd': { type: 'string' },
  'wifi-iface': { type: 'string' },
  'dot1x-iface': { type: 'string' },
  'apply-root': { type: 'string' },
  'reload-cmd': { type: 'string' },
  'reboot-delay-ms': { type: 'string', default: '5000' },
  'local-address': { type: 'string' },
  'enrol-secret': { type: 'string' },
  'claim-code': { type: 'string' },
  'log-level': { type: 'string', default: 'info' },
  'docker-socket': { type: 'string' },
  'container-cpus': { type: 'string' },
  'container-memory-mb': { type: 'string' },
  'container-bind': { type: 'string' },
  'upgrade-key': { type: 'string' },
  'desktop-port': { type: 'string' },
});

let client: DeviceClient | undefined;
const scheduler = new HeapScheduler();
try {
  if (!args.console) throw new UsageError('--console is required');
  if (!args.serial || !isSerial(args.serial))
    throw new UsageError('--serial is required: letters, digits, . _ - (at most 64)');
  if (!args.model) throw new UsageError('--model is required');
  const log = lineLog(parseLogLevel(args['log-level']!), `${args.serial} `);
  const stateDir = args['state-dir']!;
  const applyRoot = path.resolve(args['apply-root'] ?? path.join(stateDir, 'apply-root'));
  // reload_config restarts the services whose /etc/config files changed; fw4 reads the nft table anew.
  const reloadCommand = args['reload-cmd'] ?? (applyRoot === '/' ? 'reload_config && fw4 reload' : undefined);
  const upgradeKey = args['upgrade-key'] ? publicKeyOf(fs.readFileSync(args['upgrade-key'], 'utf8')) : null;
  if (upgradeKey && !process.env[SUPERVISED_ENV]) {
    // This process only supervises: the agent itself runs as its child, from the active A/B slot.
    superviseAgent({ stateDir, log, argv: process.argv.slice(2) });
    throw new Supervising();
  }
  const consoleHttp = /^https?:\/\//.test(args.console) ? args.console : null;
  client = new DeviceClient({
    brokerUrl: brokerUrlFor(args.console),
    platform: new LinuxPlatform({
      serial: args.serial,
      model: args.model,
      log,
      rebootCommand: args['reboot-cmd'],
      shutdownCommand: args['shutdown-cmd'],
      dryRun: !args['no-dry-run'],
      syslog: args['no-syslog'] ? null : detectSyslog(),
      secureLinkCommand: args['secure-link-cmd'],
      secureModeFile: path.join(stateDir, 'secure-mode'),
      stateDir,
      wifiIface: args['wifi-iface'],
      dot1x: args['dot1x-iface']
        ? { iface: args['dot1x-iface'], dir: path.join(stateDir, 'dot1x') }
        : undefined,
      config: { root: applyRoot, reloadCommand },
      dockerSocket: args['docker-socket'],
      desktopPort: args['desktop-port'] ? positiveInt('desktop-port', args['desktop-port']) : undefined,
      containerCpus: args['container-cpus'] ? Number(args['container-cpus']) : undefined,
      containerMemoryMb: args['container-memory-mb']
        ? positiveInt('container-memory-mb', args['container-memory-mb'])
        : undefined,
      containerBindAddress: args['container-bind'],
      upgrade: { key: upgradeKey, consoleHttp },
    }),
    identity: fileIdentityStore(stateDir),
    configStore: fileAppliedStore(stateDir),
    scheduler,
    reportInterval: parseInterval(args.interval!),
    rebootDelayMs: positiveInt('reboot-delay-ms', args['reboot-delay-ms']!),
    localAddress: args['local-address'],
    log,
    onStateChange: (state) => {
      log.info(`state: ${state}`);
      // A new version on trial has reached the console: its supervisor keeps it.
      if (state === 'online') tellSupervisor({ edge: 'connected' });
    },
    ...enrolProof(args['enrol-secret'], args['claim-code']),
  });
} catch (err) {
  if (!(err instanceof Supervising)) fail(USAGE, err);
}

if (client) runAgent(client);

function runAgent(client: DeviceClient) {
  client.start();

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const force = setTimeout(() => process.exit(1), 5000);
      client.stop().then(
        () => {
          clearTimeout(force);
          scheduler.stop();
          process.exit(0);
        },
        () => process.exit(1),
      );
    });
  }
}
