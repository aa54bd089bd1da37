/**
 * The one WebSocket to /websocket/v1/inventory/live, shared by every screen that shows devices. It opens
 * while at least one screen holds it, re-sends the subscriptions (dashboards, settings state) after every
 * reconnect, and reconnects by itself: every second at first (SPEC 4 socket helper), then backing off to
 * RETRY_MAX_MS.
 * Socket errors are silently ignored (SPEC 8); the screens keep what they last had.
 */
import { LIVE_INVENTORY_PATH, type LiveClientMessage, type LiveServerMessage } from '@edge/protocol';

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
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_INVENTORY_PATH}`;
}

type MessageHandler = (message: LiveServerMessage, connection: { opens: number }) => void;

/** What a device can be watched for: its dashboard snapshots, or its settings sections' state. */
const TOPICS = {
  dashboard: {
    subscribe: (ids: string[]): LiveClientMessage => ({ subscribe: ids }),
    unsubscribe: (ids: string[]): LiveClientMessage => ({ unsubscribe: ids }),
  },
  settings: {
    subscribe: (ids: string[]): LiveClientMessage => ({ subscribeSettings: ids }),
    unsubscribe: (ids: string[]): LiveClientMessage => ({ unsubscribeSettings: ids }),
  },
} as const;
type Topic = keyof typeof TOPICS;

export class LiveConnection {
  private socket: WebSocket | null = null;
  private holders = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Per topic, how many screens watch each device. */
  private readonly subscriptions: Record<Topic, Map<string, number>> = {
    dashboard: new Map(),
    settings: new Map(),
  };
  private readonly stateListeners = new Set<() => void>();
  private handler: MessageHandler | null = null;
  private state: LiveState = 'closed';
  /** How many times the socket has opened; above 1 the screens may have missed changes in between. */
  opens = 0;

  constructor(private readonly makeSocket: (url: string) => WebSocket = (url) => new WebSocket(url)) {}

  getState = (): LiveState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Holds the socket open; the handler receives every message. Returns the release. */
  hold(handler: MessageHandler): () => void {
    this.handler = handler;
    this.holders++;
    if (this.holders === 1) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      if (this.holders === 0) this.disconnect();
    };
  }

  /** Dashboard snapshots of this device while the returned function has not been called. */
  watchDevice(id: string): () => void {
    return this.watch('dashboard', id);
  }

  /** The state of this device's settings sections while the returned function has not been called. */
  watchSettings(id: string): () => void {
    return this.watch('settings', id);
  }

  private watch(topic: Topic, id: string): () => void {
    const counts = this.subscriptions[topic];
    const count = counts.get(id) ?? 0;
    counts.set(id, count + 1);
    if (count === 0) this.send(TOPICS[topic].subscribe([id]));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (counts.get(id) ?? 1) - 1;
      if (left > 0) counts.set(id, left);
      else {
        counts.delete(id);
        this.send(TOPICS[topic].unsubscribe([id]));
      }
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
      for (const topic of Object.keys(TOPICS) as Topic[]) {
        const ids = [...this.subscriptions[topic].keys()];
        if (ids.length > 0) this.send(TOPICS[topic].subscribe(ids));
      }
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let message: LiveServerMessage;
      try {
        message = JSON.parse(event.data) as LiveServerMessage;
      } catch {
        return;
      }
      if (message && typeof message === 'object' && typeof message.type === 'string') {
        this.handler?.(message, { opens: this.opens });
      }
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.holders > 0) this.scheduleRetry();
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

/** The console's one live connection. */
export const liveConnection = new LiveConnection();
