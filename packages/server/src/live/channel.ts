/**
 * One live channel of the hub and its subscribers per key: who may subscribe (the channel's permission,
 * then the key's), the first message a new subscriber gets, and the feed its feature pushes through.
 */
import { LIVE_MAX_SUBSCRIPTIONS, allows, type RoutePermission } from '@edge/protocol';
import type { Identity } from '../http/types.ts';
import { encode, type LiveClient, type MessageKey } from './client.ts';

/** Close code: the session ended. */
export const CLOSE_SIGNED_OUT = 4401;

export interface ChannelSpec {
  name: string;
  /** Every permission the caller must hold: the same as the routes that read what the channel pushes. */
  need: RoutePermission[];
  /** Beside `need`, for a channel whose keys need different permissions: whether the caller may read any. */
  mayReadSome?(identity: Identity): boolean;
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

export class LiveChannel {
  /** Per key, its subscribers. */
  private readonly subscribers = new Map<string, Set<LiveClient>>();

  constructor(readonly spec: ChannelSpec) {}

  mayRead(identity: Identity): boolean {
    return (
      this.spec.need.every((need) => allows(identity.permissions, need)) &&
      (this.spec.mayReadSome?.(identity) ?? true)
    );
  }

  /**
   * Subscribes the client to the keys it may read, after looking again at who it is; `connected` says
   * whether it is still there after each wait.
   */
  async subscribe(client: LiveClient, keys: string[], connected: () => boolean): Promise<void> {
    const { spec } = this;
    const identity = await client.identify().catch(() => null);
    // Closed while its identity was looked at: nothing to add it to.
    if (!connected()) return;
    if (!identity) {
      client.socket.close(CLOSE_SIGNED_OUT, 'signed out');
      return;
    }
    if (!this.mayRead(identity)) {
      for (const key of keys) client.refuse('forbidden', spec.name, key);
      return;
    }
    let own = client.keys.get(spec.name);
    if (!own) client.keys.set(spec.name, (own = new Set()));
    for (const key of keys) {
      if (own.has(key)) continue;
      if (own.size >= LIVE_MAX_SUBSCRIPTIONS) {
        client.refuse('invalidRequest', spec.name, key);
        continue;
      }
      const why = (await spec.refuseKey?.(key, identity)) ?? null;
      if (!connected()) return;
      if (why) {
        client.refuse(why, spec.name, key);
        continue;
      }
      own.add(key);
      let set = this.subscribers.get(key);
      if (!set) this.subscribers.set(key, (set = new Set()));
      set.add(client);
      if (set.size === 1) spec.watching?.(key, true);
      const first = await spec.snapshot?.(key);
      if (first !== undefined && own.has(key)) client.write(encode(spec.name, key, first), false);
    }
  }

  unsubscribe(client: LiveClient, keys: Iterable<string>): void {
    const own = client.keys.get(this.spec.name);
    for (const key of keys) {
      if (!own?.delete(key)) continue;
      const set = this.subscribers.get(key)!;
      set.delete(client);
      if (set.size === 0) {
        this.subscribers.delete(key);
        this.spec.watching?.(key, false);
      }
    }
  }

  feed(): ChannelFeed {
    const { spec, subscribers } = this;
    return {
      push(key, data) {
        const watching = subscribers.get(key);
        if (!watching?.size) return;
        const text = encode(spec.name, key, data);
        for (const client of watching) client.write(text, spec.replaceable ?? false);
      },
      watched: (key) => (subscribers.get(key)?.size ?? 0) > 0,
      keys: () => [...subscribers.keys()],
    };
  }
}
