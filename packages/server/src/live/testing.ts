/** A browser's side of the live WebSocket, for the integration tests of this folder. */
import WebSocket from 'ws';
import { LIVE_INVENTORY_PATH, liveServerMessage, type LiveServerMessage } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import { consoleUrl, waitFor } from '../devices/testing.ts';

export interface LiveClient {
  ws: WebSocket;
  messages: LiveServerMessage[];
  next<T extends LiveServerMessage['type']>(
    type: T,
    match?: (m: Extract<LiveServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerMessage, { type: T }>>;
  close(): void;
}

/** Opens the live socket; rejects with the HTTP status when the upgrade is refused. */
export function openLive(edge: TestConsole, headers: Record<string, string>): Promise<LiveClient> {
  const url = `${consoleUrl(edge).replace('http:', 'ws:')}${LIVE_INVENTORY_PATH}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: LiveServerMessage[] = [];
    let seen = 0;
    ws.on('message', (data: Buffer) => messages.push(liveServerMessage.parse(JSON.parse(data.toString()))));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        messages,
        async next(type, match = () => true, timeoutMs = 15_000) {
          type M = Extract<LiveServerMessage, { type: typeof type }>;
          return waitFor(
            () => {
              for (; seen < messages.length; seen++) {
                const m = messages[seen]!;
                if (m.type === type && match(m as M)) {
                  seen++;
                  return m as M;
                }
              }
              return undefined;
            },
            `a live '${type}' message`,
            timeoutMs,
          );
        },
        close: () => ws.close(),
      }),
    );
  });
}
