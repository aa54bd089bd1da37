/**
 * Opens one MQTT connection (over WebSocket or TCP), optionally from a chosen local address: a fleet of
 * more devices than one address has ephemeral ports spreads its sockets over 127.0.0.x.
 * Reconnecting is the device client's job (with backoff), so mqtt.js's own reconnect is off.
 */
import net from 'node:net';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';

export interface ConnectOptions {
  url: string;
  clientId: string;
  username: string;
  password?: string;
  will?: IClientOptions['will'];
  keepaliveS: number;
  connectTimeoutMs: number;
  localAddress?: string;
}

export function openConnection(opts: ConnectOptions): MqttClient {
  const options: IClientOptions = {
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    will: opts.will,
    keepalive: opts.keepaliveS,
    connectTimeout: opts.connectTimeoutMs,
    clean: true,
    reconnectPeriod: 0,
    // Our own outbox decides what survives a disconnect; mqtt.js must not queue heartbeats behind our back.
    queueQoSZero: false,
    protocolVersion: 4,
  };
  const url = new URL(opts.url);
  const tcp = url.protocol === 'mqtt:' || url.protocol === 'tcp:';
  if (tcp) {
    const port = Number(url.port || 1883);
    const host = url.hostname;
    // No Nagle: an MQTT exchange is small packets in both directions (a PUBACK, then the RPC answer), and
    // Nagle's wait for the ACK of the first meets the peer's delayed ACK: 40 ms added to every RPC round
    // trip through Mosquitto in the bench. mqtt.js leaves the delay on; WebSocket (ws) turns it off itself.
    return new MqttClient(
      () => net.createConnection({ host, port, localAddress: opts.localAddress, noDelay: true }),
      { ...options, host, port, protocol: 'mqtt' },
    );
  }
  if (opts.localAddress) options.wsOptions = { localAddress: opts.localAddress };
  return mqtt.connect(opts.url, options);
}

/** True when the broker refused these credentials (MQTT 3.1.1 return codes 4 and 5, or v5 0x86/0x87). */
export function credentialsRefused(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 4 || code === 5 || code === 0x86 || code === 0x87;
}
