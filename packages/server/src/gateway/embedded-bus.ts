/**
 * The embedded broker: aedes inside the console process. Devices reach it over WebSocket at `/mqtt` on the
 * console's own HTTP port (websocket.ts) and, when MQTT_TCP_PORT is set, over plain TCP (tcp.ts).
 * The console publishes and subscribes in-process, so it needs no MQTT credentials of its own.
 */
import type { Duplex } from 'node:stream';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import {
  ENROL_KEY_PASSWORD_PREFIX,
  ENROL_USERNAME,
  enrolClientId,
  isDeviceId,
  isSerial,
  parseDeviceTopic,
} from '@edge/protocol';
import { deviceClientId } from '@edge/protocol/device-client-id';
import { rateLimiter, type RateLimit } from './rate-limit.ts';
import type { Bus, BusLog, DeviceAuthenticator, MessageHandler, PublishOptions } from './bus.ts';
import { mayPublish, mayRetain, maySubscribe, type Peer } from './access.ts';
import { serveMqttOverWebSocket } from './websocket.ts';
import { serveMqttOverTcp } from './tcp.ts';
import { indexRetained, type RetainedPersistence } from './retained-index.ts';

export interface EmbeddedBus extends Bus {
  readonly mode: 'embedded';
  /** Serve MQTT over WebSocket at `/mqtt` of the console's HTTP server (call before listen). */
  attach(server: Server): void;
  /** Also serve plain MQTT/TCP. Port 0 picks a free port; the bound address is returned. */
  listenTcp(port: number, host: string): Promise<AddressInfo>;
  /** Where plain MQTT/TCP is served, once listenTcp has run. */
  tcpAddress(): AddressInfo | null;
  /** Number of MQTT connections, devices and enrolling agents together. */
  connectedClients(): number;
}

// MQTT 3.1.1 CONNACK return codes (aedes declares them as a const enum, which isolatedModules cannot import).
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refused(returnCode: number): AuthenticateError {
  return Object.assign(new Error('connection refused'), { returnCode }) as AuthenticateError;
}

/** Works out who a connecting client is; null when it may not connect at all. */
function identify(
  authenticator: DeviceAuthenticator,
  clientId: string,
  username: string | undefined,
  password: Buffer | undefined,
): Peer | null {
  if (username === ENROL_USERNAME) {
    const serial = clientId.startsWith('enrol-') ? clientId.slice('enrol-'.length) : '';
    return isSerial(serial) && clientId === enrolClientId(serial) ? { kind: 'enrol', serial } : null;
  }
  // A device connects as itself: its username is its id and its client id is bound to it (its id, or its id
  // and its key's digest as agents send it: deviceClientId), so no one without its key can take over its
  // session. aedes closes the holder of a client id only after this has accepted the newcomer.
  if (!username || !isDeviceId(username) || !password) return null;
  const key = password.toString('utf8');
  if (clientId !== username && clientId !== deviceClientId(username, key)) return null;
  return authenticator.verify(username, key) ? { kind: 'device', deviceId: username } : null;
}

/**
 * A second enrolment CONNECT for a client id that a live connection holds would close that connection
 * (MQTT-3.1.4-2): anyone who knows a serial could keep dropping the waiting agent (issue 13). It takes
 * over only with the key the console holds for the serial (enrolKeyPassword), or when the console holds
 * none yet (no enrolment of the serial was taken, so there is nothing to protect).
 */
async function mayTakeOverEnrolment(
  authenticator: DeviceAuthenticator,
  serial: string,
  password: Buffer | undefined,
): Promise<boolean> {
  const offered = password?.toString('utf8') ?? '';
  const key = offered.startsWith(ENROL_KEY_PASSWORD_PREFIX)
    ? offered.slice(ENROL_KEY_PASSWORD_PREFIX.length)
    : '';
  const holds = (await authenticator.holdsEnrolKey?.(serial, key)) ?? null;
  return holds !== false;
}

/** Where a client connects from: its socket's remote address (WebSocket or TCP). */
const sourceOf = (client: Client): string =>
  client.req?.socket?.remoteAddress ??
  (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress ??
  '';

export async function createEmbeddedBus(opts: {
  authenticator: DeviceAuthenticator;
  log: BusLog;
  /**
   * Enrolment requests from one source address: the enrolment login is open to anyone who reaches the
   * broker, so one address must not fill Discovery (issue 13). Unset: no limit (tests of the broker alone).
   */
  enrolPerSource?: RateLimit;
}): Promise<EmbeddedBus> {
  const { authenticator, log } = opts;
  const enrolLimit = opts.enrolPerSource ? rateLimiter(opts.enrolPerSource) : null;
  const peers = new WeakMap<Client, Peer>();
  const deviceClients = new Map<string, Client>();
  const closers: (() => Promise<void>)[] = [];
  let tcpAddress: AddressInfo | null = null;

  const broker = await Aedes.createBroker({
    // A device that stops reading must not stall delivery to everyone else.
    drainTimeout: 30_000,
    connectTimeout: 15_000,
    heartbeatInterval: 60_000,
    maxClientsIdLength: 80,
    // No limit on messages in flight in aedes' emitter. Beyond its limit (default 100) it queues messages and,
    // when in-flight deliveries finish, drains the queue recursively; in a reconnect storm (thousands of
    // enrolment replies in flight, device messages queued behind them) that overflowed the stack and killed
    // the console (burst.test.ts). The queue is unbounded either way, so the limit bought no memory bound.
    concurrency: 0,
    authenticate(client, username, password, done) {
      const peer = identify(authenticator, client.id, username, password);
      if (!peer)
        return done(
          refused(
            username === ENROL_USERNAME || isDeviceId(username ?? '')
              ? NOT_AUTHORIZED
              : BAD_USERNAME_OR_PASSWORD,
          ),
          false,
        );
      if (peer.kind === 'enrol' && liveClients()[client.id]) {
        mayTakeOverEnrolment(authenticator, peer.serial, password).then(
          (may) => {
            if (!may) {
              log.warn({ clientId: client.id }, 'enrolment connection would take over a live one; refused');
              return done(refused(IDENTIFIER_REJECTED), false);
            }
            peers.set(client, peer);
            done(null, true);
          },
          (err: unknown) => {
            log.error({ err, clientId: client.id }, 'enrolment takeover check failed');
            done(refused(IDENTIFIER_REJECTED), false);
          },
        );
        return;
      }
      peers.set(client, peer);
      done(null, true);
    },
    authorizePublish(client, packet, done) {
      if (!client) {
        // A last will published after its client is gone: only a device's 'offline' word qualifies.
        const ok =
          parseDeviceTopic(packet.topic)?.channel === 'status' && String(packet.payload) === 'offline';
        return done(ok ? null : new Error('will refused'));
      }
      const peer = peers.get(client);
      if (!peer || !mayPublish(peer, packet.topic)) {
        log.warn({ clientId: client.id, topic: packet.topic }, 'publish refused');
        return done(new Error('publish refused'));
      }
      // Over its source's limit the enrolling client is disconnected; a real agent comes back and asks again.
      if (peer.kind === 'enrol' && enrolLimit && !enrolLimit.take(sourceOf(client))) {
        log.warn(
          { clientId: client.id, source: sourceOf(client) },
          'enrolment requests over the limit of their source',
        );
        return done(new Error('enrolment rate limit'));
      }
      if (packet.retain && !mayRetain(packet.topic)) packet.retain = false;
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      const peer = peers.get(client);
      // Negate rather than fail: the client gets a 0x80 grant instead of a dropped connection.
      done(null, peer && maySubscribe(peer, subscription.topic) ? subscription : null);
    },
  });

  /** aedes' clients by id (untyped in its declarations): whom a CONNECT with the same id would close. */
  const liveClients = () => (broker as unknown as { clients: Record<string, Client | undefined> }).clients;

  // Before any device connects: the default persistence finds retained messages by scanning them all.
  indexRetained((broker as unknown as { persistence: RetainedPersistence }).persistence);
  broker.on('client', (client) => {
    const peer = peers.get(client);
    if (peer?.kind === 'device') deviceClients.set(peer.deviceId, client);
  });
  broker.on('clientDisconnect', (client) => {
    const peer = peers.get(client);
    if (peer?.kind === 'device' && deviceClients.get(peer.deviceId) === client)
      deviceClients.delete(peer.deviceId);
  });

  const handle = (stream: Duplex, request?: IncomingMessage) => broker.handle(stream, request);

  return {
    mode: 'embedded',
    // The broker is this process: it is reachable for as long as the console runs.
    onReachability: () => () => undefined,
    attach(server) {
      closers.push(serveMqttOverWebSocket(server, handle));
    },
    async listenTcp(port, host) {
      const tcp = await serveMqttOverTcp(port, host, handle);
      closers.push(tcp.close);
      tcpAddress = tcp.address;
      return tcp.address;
    },
    tcpAddress: () => tcpAddress,
    connectedClients: () => broker.connectedClients,
    publish(topic, payload, options: PublishOptions = {}) {
      return new Promise((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
            qos: options.qos ?? 0,
            retain: options.retain ?? false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        );
      });
    },
    subscribe(filter, handler: MessageHandler) {
      const deliver = (packet: AedesPublishPacket, done: () => void) => {
        try {
          handler(
            packet.topic,
            Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
          );
        } catch (err) {
          log.error({ err, topic: packet.topic }, 'device message handler failed');
        }
        done();
      };
      return new Promise((resolve) => {
        broker.subscribe(filter, deliver, () =>
          resolve(() => new Promise<void>((done) => broker.unsubscribe(filter, deliver, () => done()))),
        );
      });
    },
    disconnectDevice(deviceId) {
      deviceClients.get(deviceId)?.close();
      deviceClients.delete(deviceId);
    },
    async close() {
      for (const close of closers.splice(0)) await close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
