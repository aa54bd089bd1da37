/**
 * What a capability port's RPC handlers may ask of the protocol client, without knowing MQTT: timers, the
 * power session, the idle flag, a fresh hello. Each port's handlers answer only their own methods; the
 * client's RPC table (client/rpc-table.ts) puts them together and refuses what no port answers.
 */
import type { ReportIntervalSetting, RpcMethod } from '@edge/protocol';
import type { RpcHandler } from '../client/rpc-dispatcher.ts';
import type { ConfigEngine } from '../config/engine.ts';
import type { AgentLog } from '../log.ts';
import type { PowerSession } from '../platform/platform.ts';
import type { TunnelHost } from './terminal.ts';

export interface PortHost {
  log: AgentLog;
  /** SPEC 4: reboot and shutdown happen this long after the device answered (default REBOOT_DELAY_MS). */
  rebootDelayMs?: number;
  /** Runs `fn` after `ms` on the client's scheduler; cancelled when the client stops. */
  later(ms: number, fn: () => void): void;
  power(): PowerSession;
  /** The device has turned itself off. */
  poweredOff(): void;
  setIdle(idle: boolean): void;
  reportInterval(): ReportIntervalSetting;
  /** Says hello again, so the console's record follows at once (and after every reconnect). */
  sayHello(): Promise<void>;
  /** Applies configuration sections, when the platform can. */
  config: ConfigEngine | null;
  /** The streams of the device tunnel (terminal sessions), carried on this client's connection. */
  tunnels: TunnelHost;
}

/** The handlers of some of the RPC methods. */
export type PortHandlers<M extends RpcMethod> = { [K in M]: RpcHandler<K> };
