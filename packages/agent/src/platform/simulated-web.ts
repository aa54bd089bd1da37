/**
 * A simulated device's own web interface (jump to device): a small HTTP/1.1 server on the tunnel stream
 * itself, answering a status page from the simulated device's state and closing, as `Connection: close`
 * asks. Port 80 only; other ports refuse as a device with nothing listening there would.
 */
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import { PlatformRefusal } from './platform.ts';
import type { SimulatedSystem } from './simulated-system.ts';
import { hostnameOf } from './simulated-shell.ts';

const MAX_REQUEST = 16 * 1024;
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function simulatedWeb(
  device: SimulatedSystem,
  port: number,
  io: TerminalIo,
): Promise<TerminalSession> {
  if (port !== 80) return Promise.reject(new PlatformRefusal('failed', `Nothing answers on port ${port}.`));
  let request = '';
  let answered = false;
  const answer = () => {
    const [line = ''] = request.split('\r\n');
    const path = line.split(' ')[1] ?? '/';
    const facts = device.facts0;
    const body =
      path === '/' || path === '/index.html'
        ? `<!doctype html><title>${escape(hostnameOf(device))}</title><h1>${escape(hostnameOf(device))}</h1>` +
          `<p>${escape(facts.model)} · ${escape(facts.firmware)} · ${escape(facts.serial)}</p>` +
          `<p>WAN ${escape(facts.ip ?? '')} · LAN ${escape(device.lanPrefix)}.1</p>`
        : null;
    const status = body === null ? '404 Not Found' : '200 OK';
    const content = Buffer.from(body ?? 'not found');
    const head =
      `HTTP/1.1 ${status}\r\nContent-Type: text/${body === null ? 'plain' : 'html'}; charset=utf-8\r\n` +
      `Content-Length: ${content.length}\r\nConnection: close\r\n\r\n`;
    // The tunnel holds what its credit does not yet allow, and closes once it all went.
    io.output(Buffer.concat([Buffer.from(head), content]));
    io.ended('answered');
  };
  return Promise.resolve({
    shell: 'simulated web interface',
    write: (data) => {
      if (answered) return;
      request += Buffer.from(data).toString('latin1');
      if (request.includes('\r\n\r\n') || request.length > MAX_REQUEST) {
        answered = true;
        answer();
      }
    },
    resize: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    close: () => undefined,
  });
}
