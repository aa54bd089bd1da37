/**
 * The console's one live WebSocket (protocol/src/live.ts), shared by every screen: it is open while at least
 * one screen subscribes to a channel key, sends each key's subscription once however many screens want it,
 * hands every {channel, key, data} to the screens of that key, subscribes again after every reconnect, and
 * reconnects by itself: every second at first (SPEC 4 socket helper), then backing off to RETRY_MAX_MS.
 * Socket errors and refusals are silently ignored (SPEC 8); the screens keep what they last had.
 */
import { LIVE_PATH, type LiveClientMessage, type LiveMessage } from '@edge/protocol';

export type LiveState = 'connecting' | 'open' | 'closed';

export const RETRY_MS = 1000;
/** Retries at RETRY_MS before backing off. */
export const FAST_RETRIES = 4;
export const RETRY_MAX_MS = 10_000;

export function retryDelay(attempt: number): number {
  if (attempt < FAST_RETRIES) return RETRY_MS;
  return Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** (attempt - FAST_RETRIES + 1));
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
}

export interface ChannelListener {
  onData(data: unknown): void;
  /** The socket opened again after a drop: what was pushed in between never arrived. */
  onReopen?(): void;
}

interface Subscription {
  channel: string;
  key: string;
  listeners: Set<ChannelListener>;
}

const idOf = (channel: string, key: string) => `${channel}\n${key}`;

export class LiveSockets {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly stateListeners = new Set<() => void>();
  private state: LiveState = 'closed';
  /** How many times the socket has opened; above 1 the screens may have missed changes in between. */
  private opens = 0;

  constructor(private readonly makeSocket: (url: string) => WebSocket = (url) => new WebSocket(url)) {}

  getState = (): LiveState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Receives the key's data while the returned function has not been called. */
  subscribe(channel: string, key: string, listener: ChannelListener): () => void {
    const id = idOf(channel, key);
    let subscription = this.subscriptions.get(id);
    if (!subscription) {
      this.subscriptions.set(id, (subscription = { channel, key, listeners: new Set() }));
      if (this.subscriptions.size === 1 && !this.socket && !this.retryTimer) this.connect();
      else this.send({ subscribe: { channel, keys: [key] } });
    }
    subscription.listeners.add(listener);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      subscription.listeners.delete(listener);
      if (subscription.listeners.size > 0) return;
      this.subscriptions.delete(id);
      this.send({ unsubscribe: { channel, keys: [key] } });
      if (this.subscriptions.size === 0) this.disconnect();
    };
  }

  private setState(state: LiveState): void {
    if (state === this.state) return;
    this.state = state;
    this.stateListeners.forEach((l) => l());
  }

  private send(message: LiveClientMessage): void {
    // Before the socket is open there is nothing to send: subscriptions go out as soon as it opens.
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private subscribeAll(): void {
    const byChannel = new Map<string, string[]>();
    for (const { channel, key } of this.subscriptions.values())
      byChannel.set(channel, [...(byChannel.get(channel) ?? []), key]);
    for (const [channel, keys] of byChannel) this.send({ subscribe: { channel, keys } });
  }

  private deliver(text: unknown): void {
    if (typeof text !== 'string') return;
    let message: LiveMessage;
    try {
      message = JSON.parse(text) as LiveMessage;
    } catch {
      return;
    }
    if (typeof message?.channel !== 'string' || typeof message.key !== 'string') return;
    const subscription = this.subscriptions.get(idOf(message.channel, message.key));
    subscription?.listeners.forEach((l) => l.onData(message.data));
  }

  private connect(): void {
    this.retryTimer = null;
    this.setState('connecting');
    let socket: WebSocket;
    try {
      socket = this.makeSocket(liveUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.opens++;
      this.setState('open');
      this.subscribeAll();
      if (this.opens > 1)
        for (const { listeners } of this.subscriptions.values()) listeners.forEach((l) => l.onReopen?.());
    };
    socket.onmessage = (event: MessageEvent) => this.deliver(event.data);
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.subscriptions.size > 0) this.scheduleRetry();
      else this.setState('closed');
    };
  }

  private scheduleRetry(): void {
    this.setState('connecting');
    const delay = retryDelay(this.attempt++);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private disconnect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.onerror = () => undefined;
      socket.close();
    }
    this.setState('closed');
  }
}

/** The console's one live socket. */
export const liveSockets = new LiveSockets();
