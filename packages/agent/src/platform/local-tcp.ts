/**
 * A device-local TCP service as a tunnel stream (jump to device): a connection to 127.0.0.1:port, paused and
 * resumed with the console's credit like a PTY. Only the loopback: the tunnel reaches the device's own
 * services, not the networks behind it.
 */
import net from 'node:net';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import { PlatformRefusal } from './platform.ts';

export function connectLocal(port: number, io: TerminalIo): Promise<TerminalSession> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let closing = false;
    socket.once('connect', () => {
      socket.on('data', (data: Buffer) => io.output(data));
      socket.on('close', () => {
        if (!closing) io.ended('connection closed');
      });
      resolve({
        shell: `tcp 127.0.0.1:${port}`,
        // Done once the kernel took it: a local service that reads slowly holds the console's sender.
        write: (data) =>
          new Promise<void>((done) => {
            socket.write(data, () => done());
          }),
        resize: () => undefined,
        pause: () => void socket.pause(),
        resume: () => void socket.resume(),
        close: () => {
          closing = true;
          socket.destroy();
        },
      });
    });
    socket.once('error', (err) => {
      if (!socket.connecting) return;
      reject(new PlatformRefusal('failed', `Nothing answers on port ${port}: ${err.message}`));
    });
  });
}
