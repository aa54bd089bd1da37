/**
 * What the protocol client needs from the machine it runs on. The real agent reads Linux (linux.ts); the
 * simulator makes a plausible router up (simulated.ts). Everything else is shared.
 */
import type {
  CellSignal,
  EventMessage,
  HeartbeatMessage,
  HelloMessage,
  RpcArgs,
  RpcResult,
  SettableSecureMode,
  TelemetryMessage,
} from '@edge/protocol';
import type { ConfigBackend } from '../config/backend.ts';

/** The hello's content, less what the client itself knows (report interval). */
export type DeviceFacts = Omit<HelloMessage, 'reportInterval'> & {
  /** The interface Discovery shows. */
  ifaceName: string;
};

export type HeartbeatSample = Omit<HeartbeatMessage, 'ts' | 'reportInterval' | 'idle'> & {
  signal?: CellSignal;
};
export type TelemetrySample = Omit<TelemetryMessage, 'ts'>;

/** How a platform takes the device off the air and back, without knowing MQTT. */
export interface PowerSession {
  /** Says 'offline' and disconnects cleanly. */
  goOffline(): Promise<void>;
  /** Connects again as a freshly booted device. */
  comeBack(): void;
  /** Waits on the client's scheduler (the fleet shares one timer). */
  after(ms: number, fn: () => void): void;
}

/** Progress of a long job, 0-100, and what the user should read. */
export type Progress = (percent: number, note?: string) => void;

/** A refusal the console shows as is (e.g. 'Cannot turn off this device.'). */
export class PlatformRefusal extends Error {
  constructor(
    readonly code: 'unsupported' | 'busy' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** Why a device without a radio cannot scan for Wi-Fi networks. */
export const NO_WIFI_RADIO = 'This device has no Wi-Fi radio.';

export interface Platform {
  facts(): Promise<DeviceFacts>;
  heartbeat(): Promise<HeartbeatSample>;
  telemetry(): Promise<TelemetrySample>;
  /** Log lines and alarm changes since the last call. */
  takeEvents(): EventMessage[];
  reboot(power: PowerSession): Promise<void>;
  shutdown(power: PowerSession): Promise<void>;
  ping(params: RpcArgs<'ping'>, progress: Progress, signal: AbortSignal): Promise<RpcResult<'ping'>>;
  traceroute(
    params: RpcArgs<'traceroute'>,
    progress: Progress,
    signal: AbortSignal,
  ): Promise<RpcResult<'traceroute'>>;
  /**
   * Asked once per report: a simulated device that should drop off the network now (no goodbye, so the
   * broker's last will fires) answers for how long. Real devices never answer.
   */
  dropout?(): number | null;
  /** Applies configuration sections (config/); a platform without one refuses the console's config calls. */
  configBackend?(): ConfigBackend | undefined;
  /** Disconnects a client once (client list: unlink); false when no such client is connected. */
  unlinkClient?(mac: string): Promise<boolean>;
  /** Switches the secure link to this mode and restarts its service; resolves once it runs again. */
  setSecureMode?(mode: SettableSecureMode): Promise<void>;
  /** Networks the Wi-Fi radio hears now; refuses (PlatformRefusal) without a radio. */
  scanWifi?(signal: AbortSignal): Promise<RpcResult<'wifi.scan'>>;
}
