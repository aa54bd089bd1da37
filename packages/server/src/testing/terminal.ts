/**
 * The terminal's and jump to device's test kit: a browser's side of the terminal socket (integration tests
 * and the benchmark), a console with a real `edge-agent` connected, and a device driven by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import {
  CONTAINER_TERMINAL_SOCKET_PATH,
  deviceTopic,
  TERMINAL_SOCKET_PATH,
  terminalServerMessage,
  type SecureMode,
  type TerminalServerMessage,
} from '@edge/protocol';
import { TEST_CLAIM_CODE, signIn, type TestConsole } from './harness.ts';
import {
  agentOnline,
  connectAs,
  consoleUrl,
  enrolByHand,
  mqttUrl,
  startAgent,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type HandDevice,
} from './devices.ts';

/** A listening console (SQLite) with a real agent (Linux backend) adopted and online. */
export async function consoleWithAgent(
  options: { extraArgs?: string[]; consoleOptions?: Parameters<typeof startListeningConsole>[1] } = {},
) {
  const edge = await startListeningConsole('sqlite', options.consoleOptions);
  const url = consoleUrl(edge);
  const admin = await signIn(edge);
  const serial = `${uniquePrefix()}-AGENT`;
  await edge.enrolment.provision([{ serial, claimCode: TEST_CLAIM_CODE }]);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-agent-remote-'));
  const agent = startAgent({ console: url, serial, stateDir, interval: 5, extraArgs: options.extraArgs });
  const deviceId = await agentOnline(edge, serial, 'the agent online', 60_000);
  return {
    edge,
    url,
    admin,
    deviceId,
    agent,
    async stop() {
      await agent.stop();
      await edge.destroy();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/**
 * A device driven by hand, online: enrolled, connected and its hello sent. `ready` runs once it is
 * connected and before the hello (subscriptions that must be in place when the console first asks).
 */
export async function handDeviceOnline(
  edge: TestConsole,
  options: { secureMode?: SecureMode; ready?: (client: MqttClient, hand: HandDevice) => Promise<void> } = {},
): Promise<{ hand: HandDevice; client: MqttClient }> {
  const serial = `${uniquePrefix()}-HAND`;
  await edge.enrolment.provisionSerials([serial]);
  const hand = await enrolByHand(mqttUrl(edge), serial);
  const client = await connectAs(mqttUrl(edge), hand);
  await options.ready?.(client, hand);
  const hello = {
    serial,
    model: 'Hand Device',
    firmware: '1',
    hostname: 'hand',
    capabilities: [],
    interfaces: [],
    reportInterval: 30,
    ip: '127.0.0.1',
    mac: '02:00:00:00:00:01',
    ...(options.secureMode && { secureMode: options.secureMode }),
  };
  await client.publishAsync(deviceTopic(hand.deviceId, 'hello'), JSON.stringify(hello), { qos: 1 });
  await waitFor(() => {
    const device = edge.devices.get(hand.deviceId);
    return device?.online && (!options.secureMode || device.secureMode === options.secureMode);
  }, 'the hand device online');
  return { hand, client };
}

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

/**
 * Opens the terminal socket of device `id` (or of its container `container`) as the given caller; rejects
 * with `HTTP <status>` when refused.
 */
export function openTerminal(
  baseUrl: string,
  id: string,
  headers: Record<string, string>,
  container?: string,
): Promise<TerminalClient> {
  const base = baseUrl.replace('http:', 'ws:');
  const url = container
    ? `${base}${CONTAINER_TERMINAL_SOCKET_PATH}?id=${encodeURIComponent(id)}&containerName=${encodeURIComponent(container)}`
    : `${base}${TERMINAL_SOCKET_PATH}?id=${encodeURIComponent(id)}`;
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
          ).catch((err: Error) => {
            // What the shell did print says why.
            throw new Error(
              `${err.message}; the output since: ${JSON.stringify(out.slice(from, from + 2000))}`,
            );
          }),
        ready,
        closed,
        close: () => ws.close(),
      }),
    );
  });
}
