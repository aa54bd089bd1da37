/**
 * The device's MQTT session: the one connection in use (a generation number tells late callbacks of an
 * abandoned one to do nothing), what goes out on it, and the outbox that keeps events while it is down.
 */
import type { MqttClient } from 'mqtt';
import { deviceTopic, type UplinkChannel } from '@edge/protocol';
import { Outbox } from './outbox.ts';

export interface Live {
  connection: MqttClient;
  /** Bumped whenever a connection is abandoned, so its late callbacks do nothing. */
  generation: number;
}

export class Session {
  /** The device's id once adopted; messages go out on its topics. */
  deviceId: string | null = null;
  /** Messages published since start (a fleet's send rate, for benchmarks). */
  sent = 0;

  private live: Live | null = null;
  private generation = 0;
  private readonly outbox: Outbox;

  constructor(outboxLimit?: number) {
    this.outbox = new Outbox(outboxLimit);
  }

  get connected(): boolean {
    return this.live !== null;
  }

  open(connection: MqttClient): Live {
    const live = { connection, generation: ++this.generation };
    this.live = live;
    return live;
  }

  current(live: Live): boolean {
    return this.live === live && live.generation === this.generation;
  }

  /** The connection closed on its own: forgets it, if it is still the one in use. */
  closed(live: Live): boolean {
    if (!this.current(live)) return false;
    this.live = null;
    return true;
  }

  /** Abandons the connection; `force` drops it without DISCONNECT, so the broker sends the last will. */
  abandon(force: boolean): Promise<void> {
    const live = this.live;
    this.live = null;
    this.generation++;
    if (!live) return Promise.resolve();
    return new Promise((resolve) => live.connection.end(force, {}, () => resolve()));
  }

  /** Publishes now, or keeps it for the next connection when `queue` (events, RPC answers). */
  send(channel: UplinkChannel, payload: string, opts: { qos?: 0 | 1; queue?: boolean } = {}): void {
    const connection = this.live?.connection;
    if (connection?.connected && this.deviceId) {
      connection.publish(deviceTopic(this.deviceId, channel), payload, { qos: opts.qos ?? 0 });
      this.sent++;
    } else if (opts.queue) {
      this.outbox.push({ channel, payload });
    }
  }

  /** The live connection while it is up (the tunnel publishes and subscribes its own topics on it). */
  get connection(): MqttClient | null {
    return this.live?.connection.connected ? this.live.connection : null;
  }

  /**
   * A QoS 1 message, settled once the broker has acknowledged it or the connection is gone. Reports wait for
   * the hello's acknowledgement: mqtt.js writes a QoS 0 message at once but a QoS 1 one only after storing
   * it, so under load a heartbeat sent just after the hello reached the console before it.
   */
  sendAcknowledged(channel: UplinkChannel, payload: string): Promise<void> {
    const connection = this.live?.connection;
    const deviceId = this.deviceId;
    if (!connection?.connected || !deviceId) return Promise.resolve();
    this.sent++;
    return new Promise((resolve) => {
      const settle = () => {
        connection.off('close', settle);
        resolve();
      };
      connection.once('close', settle);
      connection.publish(deviceTopic(deviceId, channel), payload, { qos: 1 }, settle);
    });
  }

  /** Sends what the outbox kept while the device was away. */
  flushOutbox(): void {
    for (const queued of this.outbox.drain())
      this.send(queued.channel, queued.payload, { qos: 1, queue: true });
  }

  /** Forgets what the outbox kept (a new identity must not send the old one's events). */
  dropOutbox(): void {
    this.outbox.drain();
  }

  /** 'offline' (retained) while still connected, as a clean goodbye does before disconnecting. */
  async sayOffline(): Promise<void> {
    const connection = this.live?.connection;
    if (!connection?.connected || !this.deviceId) return;
    await connection
      .publishAsync(deviceTopic(this.deviceId, 'status'), 'offline', { qos: 1, retain: true })
      .catch(() => undefined);
  }
}
