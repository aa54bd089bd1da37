/** A browser's side of the live WebSocket, for the integration tests of the live channels. */
import WebSocket from 'ws';
import type { z } from 'zod';
import { LIVE_PATH, liveChannelData, liveMessage, type LiveMessage } from '@edge/protocol';
import type { TestConsole } from './harness.ts';
import { consoleUrl, waitFor } from './devices.ts';

type Channels = typeof liveChannelData;
export type ChannelName = keyof Channels;
export type DataOf<C extends ChannelName> = z.infer<Channels[C]>;

export interface LiveClient {
  ws: WebSocket;
  messages: LiveMessage[];
  /** The next message of the channel (after those already taken) that `match` accepts; its data checked. */
  next<C extends ChannelName>(
    channel: C,
    match?: (data: DataOf<C>, key: string) => boolean,
    timeoutMs?: number,
  ): Promise<LiveMessage<DataOf<C>>>;
  subscribe(channel: string, keys: string[]): void;
  unsubscribe(channel: string, keys: string[]): void;
  /** Resolves when every message sent before it has been handled (subscriptions in place or refused). */
  settled(): Promise<void>;
  /** Resolves with the close code once the console closed the socket. */
  closed: Promise<number>;
  close(): void;
}

let pings = 0;

/** Opens the live socket; rejects with the HTTP status when the upgrade is refused. */
export function openLive(edge: TestConsole, headers: Record<string, string>): Promise<LiveClient> {
  const url = `${consoleUrl(edge).replace('http:', 'ws:')}${LIVE_PATH}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: LiveMessage[] = [];
    let seen = 0;
    ws.on('message', (data: Buffer) => messages.push(liveMessage.parse(JSON.parse(data.toString()))));
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => {
      const client: LiveClient = {
        ws,
        messages,
        async next(channel, match = () => true, timeoutMs = 15_000) {
          type M = LiveMessage<DataOf<typeof channel>>;
          return waitFor(
            () => {
              for (; seen < messages.length; seen++) {
                const m = messages[seen]!;
                if (m.channel !== channel) continue;
                const data = liveChannelData[channel].parse(m.data) as DataOf<typeof channel>;
                if (match(data, m.key)) {
                  seen++;
                  return { ...m, data } as M;
                }
              }
              return undefined;
            },
            `a live '${channel}' message`,
            timeoutMs,
          );
        },
        subscribe: (channel, keys) => ws.send(JSON.stringify({ subscribe: { channel, keys } })),
        unsubscribe: (channel, keys) => ws.send(JSON.stringify({ unsubscribe: { channel, keys } })),
        async settled() {
          const ping = ++pings;
          ws.send(JSON.stringify({ ping }));
          await waitFor(
            () => messages.some((m) => m.channel === 'live' && (m.data as { pong?: number }).pong === ping),
            'the pong',
            15_000,
          );
        },
        closed,
        close: () => ws.close(),
      };
      resolve(client);
    });
  });
}
