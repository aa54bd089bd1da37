/**
 * The live hub (protocol/src/live.ts): features register channels, browsers subscribe to keys of them over
 * one WebSocket, and what a feature pushes for a key is serialised once and written to every subscriber of
 * that key. The hub knows no feature: a channel says who may read it, and how to produce its first message
 * (channel.ts). Back-pressure is each connection's (client.ts).
 */
import { liveClientMessage } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { Identity } from '../http/types.ts';
import { LiveClient, type LiveSocket } from './client.ts';
import { CLOSE_SIGNED_OUT, LiveChannel, type ChannelFeed, type ChannelSpec } from './channel.ts';

export { CLOSE_ABOVE, SKIP_ABOVE, type LiveSocket } from './client.ts';
export { CLOSE_SIGNED_OUT, type ChannelFeed, type ChannelSpec } from './channel.ts';
/** Close code: no longer allowed. */
export const CLOSE_FORBIDDEN = 4403;

export function liveHub(log: BusLog) {
  const clients = new Set<LiveClient>();
  const channels = new Map<string, LiveChannel>();

  async function receive(client: LiveClient, text: string): Promise<void> {
    let parsed;
    try {
      parsed = liveClientMessage.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return client.refuse('invalidRequest');
    const message = parsed.data;
    if ('ping' in message) return client.tell({ pong: message.ping });
    const { channel: name, keys } = 'subscribe' in message ? message.subscribe : message.unsubscribe;
    const channel = channels.get(name);
    if (!channel) return client.refuse('invalidRequest', name);
    if ('subscribe' in message) await channel.subscribe(client, keys, () => clients.has(client));
    else channel.unsubscribe(client, keys);
  }

  function closeWhere(match: (client: LiveClient) => boolean, code: number, reason: string): void {
    for (const client of clients) if (match(client)) client.socket.close(code, reason);
  }

  return {
    register(spec: ChannelSpec): ChannelFeed {
      if (channels.has(spec.name)) throw new Error(`live channel ${spec.name} registered twice`);
      const channel = new LiveChannel(spec);
      channels.set(spec.name, channel);
      return channel.feed();
    },

    /** Whether the caller may read at least one channel (else there is no point in a socket). */
    mayUseAny(identity: Identity): boolean {
      return [...channels.values()].some((c) => c.mayRead(identity));
    },

    /** A browser connected; returns what to call with its messages and when it closes. */
    connect(socket: LiveSocket, opts: { identity: Identity; identify: () => Promise<Identity | null> }) {
      const client = new LiveClient(socket, opts.identify, opts.identity, log);
      clients.add(client);
      return {
        receive: (text: string) => {
          client.queue = client.queue
            .then(() => receive(client, text))
            .catch((err: unknown) => log.error({ err }, 'live message handling failed'));
        },
        close: () => {
          if (!clients.delete(client)) return;
          for (const [name, keys] of client.keys) channels.get(name)!.unsubscribe(client, [...keys]);
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

    /** Every session ended at once (a console restore): every socket opened by one closes. */
    closeAll(reason: string): void {
      closeWhere(() => true, CLOSE_SIGNED_OUT, reason);
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
