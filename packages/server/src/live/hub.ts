/**
 * The live hub (protocol/src/live.ts): features register channels, browsers subscribe to keys of them over
 * one WebSocket, and what a feature pushes for a key is serialised once and written to every subscriber of
 * that key. The hub knows no feature: a channel says who may read it, and how to produce its first message.
 * Back-pressure is the hub's: a browser that does not read is skipped for data a later message replaces
 * (snapshots) above SKIP_ABOVE buffered bytes, and closed above CLOSE_ABOVE.
 */
import {
  LIVE_CHANNELS,
  LIVE_MAX_SUBSCRIPTIONS,
  allows,
  liveClientMessage,
  messages,
  type LiveMessage,
  type LiveSocketData,
  type RoutePermission,
} from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { Identity } from '../http/types.ts';

/** What the hub needs of a browser connection (a `ws` WebSocket in production). */
export interface LiveSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

type MessageKey = keyof typeof messages;

export interface ChannelSpec {
  name: string;
  /** Every permission the caller must hold: the same as the routes that read what the channel pushes. */
  need: RoutePermission[];
  /** Why this key may not be read (unknown device, malformed query), or null when it may. */
  refuseKey?(key: string, identity: Identity): MessageKey | null | Promise<MessageKey | null>;
  /** The current state, sent to a new subscriber of the key at once; undefined when there is none. */
  snapshot?(key: string): unknown;
  /** Each message replaces the previous one of its key: a slow reader may miss some. */
  replaceable?: boolean;
  /** The first subscriber of a key came, or the last left: a feature may start or stop work for it. */
  watching?(key: string, watched: boolean): void;
}

/** A registered channel, as its feature uses it. */
export interface ChannelFeed {
  /** Sends data to every subscriber of the key (serialised once). */
  push(key: string, data: unknown): void;
  /** Whether anyone subscribes to the key. */
  watched(key: string): boolean;
  /** The keys someone subscribes to. */
  keys(): string[];
}

interface Client {
  socket: LiveSocket;
  /** Who the caller is now: asked again on every subscription. */
  identify: () => Promise<Identity | null>;
  sessionIdHash: string | undefined;
  userId: number;
  /** Per channel, the keys it subscribes to. */
  keys: Map<string, Set<string>>;
  /** Its messages, handled one after another (a permission check may wait). */
  queue: Promise<void>;
}

interface Channel {
  spec: ChannelSpec;
  /** Per key, its subscribers. */
  subscribers: Map<string, Set<Client>>;
}

export const SKIP_ABOVE = 1024 * 1024;
export const CLOSE_ABOVE = 16 * 1024 * 1024;
/** Close codes: the session ended / no longer allowed / too slow a reader. */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_FORBIDDEN = 4403;

const encode = (channel: string, key: string, data: unknown) =>
  JSON.stringify({ channel, key, data } satisfies LiveMessage);

export function liveHub(log: BusLog) {
  const clients = new Set<Client>();
  const channels = new Map<string, Channel>();

  function write(client: Client, text: string, replaceable: boolean): void {
    const buffered = client.socket.bufferedAmount;
    if (buffered > CLOSE_ABOVE) {
      client.socket.close(1013, 'too slow');
      return;
    }
    if (replaceable && buffered > SKIP_ABOVE) return;
    try {
      client.socket.send(text);
    } catch (err) {
      log.warn({ err }, 'live update not sent');
    }
  }

  const tell = (client: Client, data: LiveSocketData) =>
    write(client, encode(LIVE_CHANNELS.live, '', data), false);
  const refuse = (client: Client, err: MessageKey, channel?: string, key?: string) =>
    tell(client, {
      err_message: messages[err],
      err_code: err,
      ...(channel !== undefined && { channel, key }),
    });

  function unsubscribe(client: Client, channel: Channel, keys: Iterable<string>): void {
    const own = client.keys.get(channel.spec.name);
    for (const key of keys) {
      if (!own?.delete(key)) continue;
      const set = channel.subscribers.get(key)!;
      set.delete(client);
      if (set.size === 0) {
        channel.subscribers.delete(key);
        channel.spec.watching?.(key, false);
      }
    }
  }

  async function subscribe(client: Client, channel: Channel, keys: string[]): Promise<void> {
    const { spec } = channel;
    const identity = await client.identify().catch(() => null);
    // Closed while its identity was looked at: nothing to add it to.
    if (!clients.has(client)) return;
    if (!identity) {
      client.socket.close(CLOSE_SIGNED_OUT, 'signed out');
      return;
    }
    if (!spec.need.every((need) => allows(identity.permissions, need))) {
      for (const key of keys) refuse(client, 'forbidden', spec.name, key);
      return;
    }
    let own = client.keys.get(spec.name);
    if (!own) client.keys.set(spec.name, (own = new Set()));
    for (const key of keys) {
      if (own.has(key)) continue;
      if (own.size >= LIVE_MAX_SUBSCRIPTIONS) {
        refuse(client, 'invalidRequest', spec.name, key);
        continue;
      }
      const why = (await spec.refuseKey?.(key, identity)) ?? null;
      if (!clients.has(client)) return;
      if (why) {
        refuse(client, why, spec.name, key);
        continue;
      }
      own.add(key);
      let set = channel.subscribers.get(key);
      if (!set) channel.subscribers.set(key, (set = new Set()));
      set.add(client);
      if (set.size === 1) spec.watching?.(key, true);
      const first = await spec.snapshot?.(key);
      if (first !== undefined && own.has(key)) write(client, encode(spec.name, key, first), false);
    }
  }

  async function receive(client: Client, text: string): Promise<void> {
    let parsed;
    try {
      parsed = liveClientMessage.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return refuse(client, 'invalidRequest');
    const message = parsed.data;
    if ('ping' in message) return tell(client, { pong: message.ping });
    const { channel: name, keys } = 'subscribe' in message ? message.subscribe : message.unsubscribe;
    const channel = channels.get(name);
    if (!channel) return refuse(client, 'invalidRequest', name);
    if ('subscribe' in message) await subscribe(client, channel, keys);
    else unsubscribe(client, channel, keys);
  }

  function closeWhere(match: (client: Client) => boolean, code: number, reason: string): void {
    for (const client of clients) if (match(client)) client.socket.close(code, reason);
  }

  return {
    register(spec: ChannelSpec): ChannelFeed {
      if (channels.has(spec.name)) throw new Error(`live channel ${spec.name} registered twice`);
      const channel: Channel = { spec, subscribers: new Map() };
      channels.set(spec.name, channel);
      return {
        push(key, data) {
          const watching = channel.subscribers.get(key);
          if (!watching?.size) return;
          const text = encode(spec.name, key, data);
          for (const client of watching) write(client, text, spec.replaceable ?? false);
        },
        watched: (key) => (channel.subscribers.get(key)?.size ?? 0) > 0,
        keys: () => [...channel.subscribers.keys()],
      };
    },

    /** Whether the caller may read at least one channel (else there is no point in a socket). */
    mayUseAny(identity: Identity): boolean {
      return [...channels.values()].some((c) =>
        c.spec.need.every((need) => allows(identity.permissions, need)),
      );
    },

    /** A browser connected; returns what to call with its messages and when it closes. */
    connect(socket: LiveSocket, opts: { identity: Identity; identify: () => Promise<Identity | null> }) {
      const client: Client = {
        socket,
        identify: opts.identify,
        sessionIdHash: opts.identity.session?.idHash,
        userId: opts.identity.userId,
        keys: new Map(),
        queue: Promise.resolve(),
      };
      clients.add(client);
      return {
        receive: (text: string) => {
          client.queue = client.queue
            .then(() => receive(client, text))
            .catch((err: unknown) => log.error({ err }, 'live message handling failed'));
        },
        close: () => {
          if (!clients.delete(client)) return;
          for (const [name, keys] of client.keys) unsubscribe(client, channels.get(name)!, [...keys]);
        },
      };
    },

    /** Signing out ends the sockets that session opened at once. */
    closeSession(idHash: string): void {
      closeWhere((c) => c.sessionIdHash === idHash, CLOSE_SIGNED_OUT, 'signed out');
    },

    /** A user's sessions ended (suspended, deleted, password reset): their sockets but one session's close. */
    closeUser(userId: number, exceptIdHash?: string): void {
      closeWhere(
        (c) => c.userId === userId && c.sessionIdHash !== undefined && c.sessionIdHash !== exceptIdHash,
        CLOSE_SIGNED_OUT,
        'signed out',
      );
    },

    get connections(): number {
      return clients.size;
    },

    stop(): void {
      for (const client of clients) client.socket.close(1001, 'console stopping');
      clients.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
