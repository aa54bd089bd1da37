/**
 * The console as a client of an external broker cluster (MQTT_URL: EMQX, Mosquitto, VerneMQ), for fleets
 * that outgrow one process. Same topics as the embedded broker.
 *
 * Device authentication and per-device topic rights are then the broker's job, not this file's: the broker
 * must accept `enrol` (publish `edge/v1/enrol/+/request`, subscribe `edge/v1/enrol/+/reply`; replies carry no
 * secret) and each adopted device as username = client id = deviceId with its password, allowed only the
 * rules of access.ts under `edge/v1/{deviceId}/`. With Mosquitto that is the dynamic-security plugin driven by
 * the console on `$CONTROL/dynamic-security/v1` (createClient on adoption, deleteClient on removal, which also
 * kicks the live connection), which dynsec/ does with MQTT_DEVICE_AUTH=dynsec; with EMQX, its HTTP auth/ACL
 * hooks calling the console. Without such a driver, `disconnectDevice` only logs, and the registry ignores
 * messages of devices it does not know.
 *
 * Several console replicas may share one broker: subscriptions marked `shared` use `$share/{group}/...`
 * so each message reaches one replica of the group.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import {
  BrokerUnreachableError,
  type Bus,
  type BusLog,
  type MessageHandler,
  type PublishOptions,
  type SubscribeOptions,
} from './bus.ts';
import { topicMatches } from './topic-filter.ts';

export interface ExternalBusOptions {
  url: string;
  /** Shared-subscription group of the replicas of one console deployment. */
  shareGroup: string;
  log: BusLog;
  /** How long to wait for the first connection before giving up (later drops are retried forever). */
  connectTimeoutMs?: number;
}

interface Subscription {
  filter: string;
  handler: MessageHandler;
}

export async function createExternalBus(opts: ExternalBusOptions): Promise<Bus> {
  const { log } = opts;
  const client: MqttClient = mqtt.connect(opts.url, {
    clientId: `edge-console-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: opts.connectTimeoutMs ?? 15_000,
    resubscribe: true,
  });
  const subscriptions = new Set<Subscription>();

  client.on('message', (topic, payload) => {
    for (const s of subscriptions) {
      if (!topicMatches(s.filter, topic)) continue;
      try {
        s.handler(topic, payload);
      } catch (err) {
        log.error({ err, topic }, 'device message handler failed');
      }
    }
  });
  // No Nagle on the broker connection (mqtt.js leaves it on): RPC requests and acknowledgements are small
  // writes that would otherwise wait for delayed ACKs, some 40 ms a round trip.
  client.on('connect', () => (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true));
  client.on('error', (err) => log.warn({ err: err.message }, 'MQTT broker connection error'));
  client.on('offline', () => log.warn({ url: redact(opts.url) }, 'MQTT broker unreachable, retrying'));

  const reachabilityListeners = new Set<(reachable: boolean) => void>();
  let reachable = false;
  const setReachable = (now: boolean) => {
    if (now === reachable) return;
    reachable = now;
    for (const listener of reachabilityListeners) {
      try {
        listener(now);
      } catch (err) {
        log.error({ err }, 'broker reachability listener failed');
      }
    }
  };
  client.on('connect', () => setReachable(true));
  // 'close' comes at once when the connection drops; 'offline' only after the first reconnect attempt.
  client.on('close', () => setReachable(false));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.end(true);
      reject(new Error(`cannot reach the MQTT broker at ${redact(opts.url)}`));
    }, opts.connectTimeoutMs ?? 15_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  log.info({ url: redact(opts.url) }, 'connected to the external MQTT broker');

  return {
    mode: 'external',
    async publish(topic, payload, options: PublishOptions = {}) {
      // mqtt.js would queue it until the broker is back: a settings write or an RPC would wait that long.
      if (!client.connected) throw new BrokerUnreachableError();
      await client.publishAsync(topic, payload, { qos: options.qos ?? 0, retain: options.retain ?? false });
    },
    async subscribe(filter, handler, options: SubscribeOptions = {}) {
      const entry: Subscription = { filter, handler };
      const brokerFilter = options.shared ? `$share/${opts.shareGroup}/${filter}` : filter;
      subscriptions.add(entry);
      await client.subscribeAsync(brokerFilter, { qos: 1 });
      return async () => {
        subscriptions.delete(entry);
        if (![...subscriptions].some((s) => s.filter === filter)) await client.unsubscribeAsync(brokerFilter);
      };
    },
    onReachability(listener) {
      reachabilityListeners.add(listener);
      return () => reachabilityListeners.delete(listener);
    },
    disconnectDevice(deviceId) {
      log.warn({ deviceId }, 'the external broker must revoke this device (see external-bus.ts)');
    },
    async close() {
      subscriptions.clear();
      await client.endAsync();
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'invalid URL';
  }
}
