/**
 * Remote procedure calls from the console to a device (topics rpc/req and rpc/res, see device.ts).
 * Each method names its parameter and result schemas once; the console validates the result it gets and
 * the agent validates the parameters it is given, so neither trusts the other blindly.
 */
import { z } from 'zod';
import { helloMessage, secureModes, type SecureMode } from './device-messages.ts';
import {
  configApplyParams,
  configApplyResult,
  configConfirmParams,
  configConfirmResult,
  configGetParams,
  configGetResult,
  debugSetLocalParams,
  debugSetLocalResult,
} from './device-config.ts';
import { macRule, ruled } from './validation.ts';
import { logReportModes } from './logs.ts';
import { TUNNEL_SESSION_PATTERN, tunnelOpenParams, tunnelOpenResult } from './tunnel.ts';
import {
  cellScanResult,
  iperfParams,
  pingParams,
  iperfResult,
  speedtestParams,
  speedtestResult,
  tracerouteParams,
} from './diagnostics.ts';

import { containerRpc } from './containers.ts';
import { overlayConfig, overlayIdentity, overlayStatus } from './sdwan.ts';
import { deviceArchive } from './backup.ts';
import { deviceLogo, upgradeRpcParams, upgradeStatusResult } from './upgrade.ts';

const delayed = z.object({ inMs: z.number().int().nonnegative() });

/** Modes a device can be told to run; 'Unsupported' is only ever reported, by devices without a secure link. */
export const settableSecureModes = [
  'Jump to Device Only',
  'OrpheLink Only',
  'Unlimited',
] as const satisfies readonly SecureMode[];
export type SettableSecureMode = (typeof settableSecureModes)[number];

/** How a network in reach protects itself; only the WPA ones can be joined (client mode needs a password). */
export const scannedWifiSecurities = ['open', 'WEP', 'WPA1', 'WPA2', 'WPA3'] as const;
export type ScannedWifiSecurity = (typeof scannedWifiSecurities)[number];

/** One network a Wi-Fi scan heard (iw dev <iface> scan on Linux). */
export const scannedWifiNetwork = z.object({
  /** Empty for a hidden network. */
  ssid: z.string().max(64),
  bssid: z.string().regex(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/),
  signalDbm: z.number().min(-120).max(0),
  channel: z.number().int().min(1).max(233),
  security: z.enum(scannedWifiSecurities),
});
export type ScannedWifiNetwork = z.infer<typeof scannedWifiNetwork>;

/** Method name -> schemas of its parameters and of its result. */
export const rpcMethods = {
  /** Restarts the device REBOOT_DELAY_MS after answering (SPEC 4: 5 s after confirmation). */
  reboot: { params: z.object({}), result: delayed },
  /** Turns the device off after the same delay; answers `unsupported` ('Cannot turn off this device.'). */
  shutdown: { params: z.object({}), result: delayed },
  /** Marks the device idle (SPEC 4 inventory action): it keeps reporting, and says so in its heartbeat. */
  setIdle: { params: z.object({ idle: z.boolean() }), result: z.object({ idle: z.boolean() }) },
  /** Log report mode (issue 17): the least level of the device's log lines it forwards on `events`. */
  setLogReport: {
    params: z.object({ mode: z.enum(logReportModes) }),
    result: z.object({ mode: z.enum(logReportModes) }),
  },
  /** What the device would say in its hello, plus uptime: a cheap "are you there" round trip. */
  getInfo: { params: z.object({}), result: helloMessage.extend({ uptime: z.number().nonnegative() }) },
  /** Diagnose > Ping from the device; progress after each reply. */
  ping: {
    params: pingParams,
    result: z.object({
      target: z.string(),
      transmitted: z.number().int().nonnegative(),
      received: z.number().int().nonnegative(),
      lossPercent: z.number().min(0).max(100),
      rttMs: z.object({ min: z.number(), avg: z.number(), max: z.number() }).nullable(),
      lines: z.array(z.string()),
    }),
  },
  /** Diagnose > Traceroute from the device; progress after each hop. */
  traceroute: {
    params: tracerouteParams,
    result: z.object({
      target: z.string(),
      hops: z.array(
        z.object({ ttl: z.number().int(), host: z.string().nullable(), rttMs: z.number().nullable() }),
      ),
    }),
  },
  /**
   * Diagnose > Iperf (SPEC 3): iperf3 against `server` (client) or listening for one run (server).
   * Progress notes carry iperf3's interval lines as they come, so the screen can stream them.
   */
  iperf: { params: iperfParams, result: iperfResult },
  /**
   * Diagnose > Speedtest (SPEC 3): download and upload against an HTTP endpoint the console names (the
   * console serves one), over `iface` when given. Progress notes carry one line per phase.
   */
  speedtest: { params: speedtestParams, result: speedtestResult },
  /** Diagnose > Cell scanner: the modem's serving and neighbouring cells; `unsupported` without a modem. */
  cellScan: { params: z.object({}), result: cellScanResult },
  /** Applies one configuration section (device-config.ts); with confirmTimeoutMs, confirm-or-rollback. */
  'config.apply': { params: configApplyParams, result: configApplyResult },
  /** Keeps a change applied with confirm-or-rollback. */
  'config.confirm': { params: configConfirmParams, result: configConfirmResult },
  /** The sections as the device holds them (all when none are named). */
  'config.get': { params: configGetParams, result: configGetResult },
  /** Simulator only (real devices answer `unsupported`): a section changed on the device itself. */
  'debug.setLocal': { params: debugSetLocalParams, result: debugSetLocalResult },
  /** Disconnects a client once (SPEC 2 client list: unlink); it may connect again. */
  'clients.unlink': {
    params: z.object({ mac: ruled(macRule) }),
    result: z.object({ mac: z.string(), unlinked: z.boolean() }),
  },
  /**
   * SPEC 4: secure mode changes restart the secure link service. Answers the mode now in force, which the
   * device also reports in every later hello; devices without a secure link answer `unsupported`.
   */
  'secureMode.set': {
    params: z.object({ secureMode: z.enum(settableSecureModes) }),
    result: z.object({ secureMode: z.enum(secureModes) }),
  },
  /**
   * Opens a tunnel stream (tunnel.ts): the device then takes frames on tty/{session}/in and sends on
   * tty/{session}/out. Devices without a terminal answer `unsupported`.
   */
  'tunnel.open': { params: tunnelOpenParams, result: tunnelOpenResult },
  /** Ends a stream the console no longer wants (its close frame may be lost with a dropped browser). */
  'tunnel.close': {
    params: z.object({ session: z.string().regex(TUNNEL_SESSION_PATTERN) }),
    result: z.object({ closed: z.boolean() }),
  },
  /** SD-WAN: the device's public key (made on the device, which keeps the private one), port and addresses. */
  'overlay.identity': { params: z.object({}), result: overlayIdentity },
  /** SD-WAN: this node's address and peers, replacing what it had. */
  'overlay.apply': { params: overlayConfig, result: z.object({ applied: z.boolean() }) },
  /** SD-WAN: per peer the path in use, handshake, counters and latency. */
  'overlay.status': { params: z.object({}), result: overlayStatus },
  /** WAN Wi-Fi client mode: the networks the radio hears now, strongest first. */
  'wifi.scan': {
    params: z.object({}),
    result: z.object({ iface: z.string(), networks: z.array(scannedWifiNetwork) }),
  },
  /**
   * Backup (backup.ts): the device's own configuration archive (`sysupgrade -b` on OpenWrt, the agent's
   * configuration files on other Linux, a simulated device's state); devices without one answer `unsupported`.
   */
  'backup.archive': { params: z.object({}), result: deviceArchive },
  /** Puts an archive back (paths that leave their folder are refused); the console reboots the device after. */
  'backup.restore': {
    params: z.object({ archive: deviceArchive }),
    result: z.object({ files: z.number().int() }),
  },
  /** Container apps (containers.ts): deploy, list with capacity, start/stop/restart/remove, logs. */
  ...containerRpc,
  /**
   * Software upgrade (issue 22): the device downloads the image from the console, checks its signature with
   * the key it was installed with, installs it beside the running version and restarts into it after
   * answering; it goes back by itself when the new version has not reached the console within rollbackAfterMs.
   */
  upgrade: { params: upgradeRpcParams, result: z.object({ restartInMs: z.number().int().nonnegative() }) },
  /** The running version and the outcome of the last upgrade. */
  upgradeStatus: { params: z.object({}), result: upgradeStatusResult },
  /** SPEC 7 systemUpgrade logo: the logo the device's own pages show. */
  setLogo: { params: deviceLogo, result: z.object({ size: z.number().int() }) },
  getLogo: { params: z.object({}), result: deviceLogo.nullable() },
  clearLogo: { params: z.object({}), result: z.object({ cleared: z.boolean() }) },
} as const;

export type RpcMethod = keyof typeof rpcMethods;
export const RPC_METHODS = Object.keys(rpcMethods) as RpcMethod[];
/** Parameters as the caller writes them (defaults may be left out). */
export type RpcParams<M extends RpcMethod> = z.input<(typeof rpcMethods)[M]['params']>;
/** Parameters as the device receives them, defaults filled in. */
export type RpcArgs<M extends RpcMethod> = z.output<(typeof rpcMethods)[M]['params']>;
export type RpcResult<M extends RpcMethod> = z.output<(typeof rpcMethods)[M]['result']>;

/** console -> device. `deadlineMs` is relative (ms from receipt): device clocks cannot be trusted. */
export const rpcRequest = z.object({
  id: z.string().min(1).max(64),
  method: z.string().max(64),
  params: z.unknown(),
  deadlineMs: z.number().int().positive().max(3_600_000),
});
export type RpcRequest = z.infer<typeof rpcRequest>;

export const rpcErrorCodes = [
  'unknownMethod',
  'badParams',
  'unsupported',
  'busy',
  'failed',
  'timeout',
] as const;
export type RpcErrorCode = (typeof rpcErrorCodes)[number];

/** device -> console: exactly one of result, error or progress beside the id. */
export const rpcResponse = z.union([
  z.object({ id: z.string(), result: z.unknown() }).strict(),
  z
    .object({
      id: z.string(),
      error: z.object({ code: z.enum(rpcErrorCodes), message: z.string().max(1024) }),
    })
    .strict(),
  z
    .object({ id: z.string(), progress: z.number().min(0).max(100), note: z.string().max(1024).optional() })
    .strict(),
]);
export type RpcResponse = z.infer<typeof rpcResponse>;

/** Default budget of a call when the caller names none. */
export const DEFAULT_RPC_DEADLINE_MS = 15_000;

/** What the console says when a call cannot complete (SPEC 4 words where they exist). */
export const deviceRpcMessages = {
  deviceOffline: 'Device is offline.',
  deviceTimeout: 'Device did not answer in time.',
  unknownDevice: 'Device not found.',
  cannotShutdown: 'Cannot turn off this device.',
} as const;
