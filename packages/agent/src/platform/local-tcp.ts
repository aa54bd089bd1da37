/**
 * A device-local TCP service as a tunnel stream (jump to device): a connection to 127.0.0.1:port, paused and
 * resumed with the console's credit like a PTY. Only the loopback: the tunnel reaches the device's own
 * services, not the networks behind it. The one exception is a container's VNC server, at the address the
 * device's own engine gave that container (linux-container-desktop.ts).
 */
import net from 'node:net';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import { PlatformRefusal } from './platform.ts';

export function connectLocal(port: number, io: TerminalIo, host = '127.0.0.1'): Promise<TerminalSession> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let closing = false;
    let up = false;
    socket.once('connect', () => {
      up = true;
      socket.on('data', (data: Buffer) => io.output(data));
      socket.on('close', () => {
        if (!closing) io.ended('connection closed');
      });
      resolve({
        shell: `tcp ${host}:${port}`,
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
      // Node has cleared `connecting` by the time a refused connection's error comes: the connect event
      // tells whether it was ever up (after it, the close event ends the stream).
      if (up) return;
      reject(new PlatformRefusal('failed', `Nothing answers on ${host}:${port}: ${err.message}`));
    });
  });
}
