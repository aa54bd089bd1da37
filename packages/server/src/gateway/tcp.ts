/** Plain MQTT/TCP for devices (MQTT_TCP_PORT), beside MQTT over WebSocket. */
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export async function serveMqttOverTcp(
  port: number,
  host: string,
  handle: (stream: Duplex) => void,
): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  // No Nagle: a broker writes small packets (a PUBACK, then a message) that must not wait on delayed ACKs.
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
