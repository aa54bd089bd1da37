/**
 * What the console under test runs on: SQLite and the embedded broker (the default), a throwaway
 * PostgreSQL database (created here, dropped after), or an external Mosquitto: one of the bench's own on a
 * free port (anonymous: per-device authentication is the broker's, not the console's, in that mode), or the
 * one at BENCH_MQTT_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startMosquitto } from '@edge/server/mosquitto';

export const BACKENDS = ['sqlite', 'postgres', 'mosquitto'] as const;
export type BackendName = (typeof BACKENDS)[number];

/** How devices reach the embedded broker: MQTT over WebSocket at /mqtt (the default) or plain MQTT/TCP. */
export type Transport = 'ws' | 'tcp';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MOSQUITTO_URL = process.env.BENCH_MQTT_URL;

export interface BackendOptions {
  transport: Transport;
  /** Leave Nagle's algorithm on for Mosquitto's sockets (its default) instead of set_tcp_nodelay. */
  mosquittoNagle: boolean;
}

export interface Backend {
  name: BackendName;
  /** Environment of the console child, on top of DATA_DIR and ADMIN_PASSWORD. */
  env: NodeJS.ProcessEnv;
  /** Where the fleet connects, given the console child's HTTP URL and MQTT/TCP port. */
  deviceTarget(consoleUrl: string, tcpPort: number | null): string;
  dispose(): Promise<void>;
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function prepareBackend(name: BackendName, o: BackendOptions): Promise<Backend> {
  const { transport } = o;
  const embeddedTarget = (consoleUrl: string, tcpPort: number | null) =>
    transport === 'tcp' && tcpPort !== null ? `mqtt://127.0.0.1:${tcpPort}` : consoleUrl;
  const transportEnv = transport === 'tcp' ? { MQTT_TCP_PORT: '0' } : {};
  switch (name) {
    case 'sqlite':
      return { name, env: transportEnv, deviceTarget: embeddedTarget, dispose: async () => undefined };
    case 'postgres': {
      const database = `edge_bench_${randomBytes(5).toString('hex')}`;
      await adminQuery(`create database ${database}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${database}`;
      return {
        name,
        env: { ...transportEnv, DATABASE_URL: url.toString() },
        deviceTarget: embeddedTarget,
        dispose: () => adminQuery(`drop database if exists ${database} with (force)`),
      };
    }
    case 'mosquitto': {
      if (MOSQUITTO_URL) {
        const url = MOSQUITTO_URL;
        return { name, env: { MQTT_URL: url }, deviceTarget: () => url, dispose: async () => undefined };
      }
      const broker = await startMosquitto(() => [
        'allow_anonymous true',
        'max_connections -1',
        // Mosquitto 2.0 leaves Nagle's algorithm on unless told: small RPC packets then wait ~40 ms for an ACK.
        `set_tcp_nodelay ${o.mosquittoNagle ? 'false' : 'true'}`,
      ]);
      const url = `mqtt://127.0.0.1:${broker.port}`;
      return { name, env: { MQTT_URL: url }, deviceTarget: () => url, dispose: broker.stop };
    }
  }
}
