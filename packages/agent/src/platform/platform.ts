/**
 * What the capability ports (ports/) share: the samples the system port reports, the power session, progress
 * of a long call and the refusal the console shows as is.
 */
import type { CellSignal, HeartbeatMessage, HelloMessage, TelemetryMessage } from '@edge/protocol';

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
