/**
 * The device bus: how the console talks MQTT, whichever broker carries it. The embedded broker (aedes in
 * this process) and an external broker (mqtt.js client) both implement it, so nothing above this folder
 * knows which one is in use.
 */

/** Called for every message whose topic matches the subscription's filter. Must not throw. */
export type MessageHandler = (topic: string, payload: Buffer) => void;

export interface SubscribeOptions {
  /**
   * With an external broker, subscribe as `$share/{group}/{filter}`: the replicas of the console split the
   * traffic instead of each receiving all of it. Use it for messages that one replica handles for all
   * (telemetry, events, enrolment, pings); leave it off where every replica needs every message
   * (presence, RPC answers). The embedded broker has one console, so it ignores the flag.
   */
  shared?: boolean;
}

export interface PublishOptions {
  qos?: 0 | 1;
  retain?: boolean;
}

export type Unsubscribe = () => Promise<void>;

export interface Bus {
  readonly mode: 'embedded' | 'external';
  publish(topic: string, payload: string | Buffer, options?: PublishOptions): Promise<void>;
  subscribe(filter: string, handler: MessageHandler, options?: SubscribeOptions): Promise<Unsubscribe>;
  /**
   * Ends the live connection of a device at once (its credentials were just revoked). With an external
   * broker this is the broker's job (see external-bus.ts); the console then only stops listening to it.
   */
  disconnectDevice(deviceId: string): void;
  /**
   * Present when the broker checks device credentials itself (an external Mosquitto with dynamic security,
   * MQTT_DEVICE_AUTH=dynsec); the embedded broker asks the registry instead and has none.
   */
  readonly credentials?: BrokerCredentials;
  /**
   * Told when the console loses or regains the broker (an external one; the embedded broker is this process
   * and never goes). While it is lost no device can be reached, so publish() fails at once instead of
   * queueing. Returns the function that stops listening.
   */
  onReachability(listener: (reachable: boolean) => void): () => void;
  close(): Promise<void>;
}

/** publish() while the external broker is unreachable: nothing is queued, so nothing waits for it. */
export class BrokerUnreachableError extends Error {
  override readonly name = 'BrokerUnreachableError';
  constructor() {
    super('the MQTT broker is unreachable');
  }
}

/**
 * Device credentials kept in the broker. The broker can only be given a password in clear, and the console
 * keeps only digests, so the key is handed over while a waiting agent presents it, and adoption only
 * switches it on.
 */
export interface BrokerCredentials {
  /** A waiting agent presented this key, its password once adopted; the broker refuses it until then. */
  stage(deviceId: string, key: string): Promise<void>;
  /**
   * Adopted: from now on the device may connect, to its own topics only. False when the broker holds no
   * key for it yet: the agent must not be told it is adopted before its next request stages the key.
   */
  grant(deviceId: string): Promise<boolean>;
  /** Removed: its key stops working and the broker closes its live connection. */
  revoke(deviceId: string): Promise<void>;
}

/** What the embedded broker asks the device registry when a device connects (kept in memory: reconnect storms). */
export interface DeviceAuthenticator {
  /** True when deviceId is an adopted device and password is its credential. */
  verify(deviceId: string, password: string): boolean;
  /** The adopted devices, for a broker that keeps its own credentials to re-sync with at start. */
  adoptedIds?(): Promise<string[]>;
  /**
   * Whether `key` is the enrolment key the console holds for this serial (waiting or adopted); null when
   * it holds none. Asked only when a second enrolment CONNECT would take over a live one.
   */
  holdsEnrolKey?(serial: string, key: string): Promise<boolean | null>;
}

/** The slice of a logger the bus needs (pino's app.log fits). */
export interface BusLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
