/** A browser's side of the terminal socket, for the terminal's integration tests and benchmark. */
import WebSocket from 'ws';
import { TERMINAL_SOCKET_PATH, terminalServerMessage, type TerminalServerMessage } from '@edge/protocol';
import { waitFor } from './devices.ts';

export interface TerminalClient {
  ws: WebSocket;
  /** Everything the shell printed so far. */
  output(): string;
  /** The console's own messages (ready, closed). */
  words: TerminalServerMessage[];
  type(text: string): void;
  resize(cols: number, rows: number): void;
  /** Waits until the output after `from` (an offset) matches; returns the whole output. */
  waitFor(match: RegExp | string, from?: number, timeoutMs?: number): Promise<string>;
  ready: Promise<Extract<TerminalServerMessage, { type: 'ready' }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens the terminal socket of device `id` as the given caller; rejects with `HTTP <status>` when refused. */
export function openTerminal(
  baseUrl: string,
  id: string,
  headers: Record<string, string>,
): Promise<TerminalClient> {
  const url = `${baseUrl.replace('http:', 'ws:')}${TERMINAL_SOCKET_PATH}?id=${encodeURIComponent(id)}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    let out = '';
    const words: TerminalServerMessage[] = [];
    const decoder = new TextDecoder();
    let readyNow: (m: Extract<TerminalServerMessage, { type: 'ready' }>) => void = () => undefined;
    const ready = new Promise<Extract<TerminalServerMessage, { type: 'ready' }>>((r) => (readyNow = r));
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) out += decoder.decode(data, { stream: true });
      else {
        const word = terminalServerMessage.parse(JSON.parse(data.toString()));
        words.push(word);
        if (word.type === 'ready') readyNow(word);
      }
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.once('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        output: () => out,
        words,
        type: (text) => ws.send(JSON.stringify({ type: 'input', data: text })),
        resize: (cols, rows) => ws.send(JSON.stringify({ type: 'resize', cols, rows })),
        waitFor: (match, from = 0, timeoutMs = 15_000) =>
          waitFor(
            () => {
              const tail = out.slice(from);
              return (typeof match === 'string' ? tail.includes(match) : match.test(tail)) ? out : undefined;
            },
            `terminal output ${String(match)}`,
            timeoutMs,
          ),
        ready,
        closed,
        close: () => ws.close(),
      }),
    );
  });
}
