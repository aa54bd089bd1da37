/**
 * The real agent's terminal: a PTY (node-pty) running the login shell of the user the agent runs as, in
 * its home directory. node-pty is a native addon kept outside the agent's bundle: a device without it
 * answers `unsupported` instead of failing to start.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { IPty } from 'node-pty';
import { DESKTOP_VNC_PORT, type TerminalSize } from '@edge/protocol';
import type { TerminalIo, TerminalPort, TerminalSession } from '../ports/terminal.ts';
import { PlatformRefusal } from './platform.ts';
import { connectLocal } from './local-tcp.ts';

/** The user's shell from /etc/passwd (what `login` would start), else $SHELL, else /bin/sh. */
export function loginShell(uid = os.userInfo().uid, passwd = '/etc/passwd'): string {
  try {
    for (const line of readFileSync(passwd, 'utf8').split('\n')) {
      const fields = line.split(':');
      if (Number(fields[2]) === uid && fields[6]) return fields[6];
    }
  } catch {
    // No passwd file (a container): fall through.
  }
  return process.env.SHELL || '/bin/sh';
}

type NodePty = typeof import('node-pty');
let nodePty: Promise<NodePty | null> | null = null;
const loadPty = () =>
  (nodePty ??= import('node-pty').then(
    (m) => (m.default ?? m) as NodePty,
    () => null,
  ));

export class LinuxTerminal implements TerminalPort {
  constructor(
    private readonly shell: string = loginShell(),
    /** The VNC server's port on the loopback (x11vnc -localhost, a container's published 5900 ...). */
    private readonly desktopPort: number = DESKTOP_VNC_PORT,
  ) {}

  connect(port: number, io: TerminalIo): Promise<TerminalSession> {
    return connectLocal(port, io);
  }

  desktop(io: TerminalIo): Promise<TerminalSession> {
    return connectLocal(this.desktopPort, io);
  }

  async open(size: TerminalSize, io: TerminalIo): Promise<TerminalSession> {
    const pty = await loadPty();
    if (!pty) throw new PlatformRefusal('unsupported', 'This device has no terminal (node-pty is missing).');
    const home = os.homedir();
    const child: IPty = pty.spawn(this.shell, ['-l'], {
      name: 'xterm-256color',
      cols: size.cols,
      rows: size.rows,
      cwd: home,
      env: { ...process.env, TERM: 'xterm-256color', HOME: home } as Record<string, string>,
      // Bytes, not text: a UTF-8 character split across two reads must not be mangled here.
      encoding: null,
    });
    let closing = false;
    child.onData((data: string | Buffer) => io.output(typeof data === 'string' ? Buffer.from(data) : data));
    child.onExit(({ exitCode, signal }) => {
      if (!closing) io.ended(signal ? `killed by signal ${signal}` : `exited with ${exitCode}`);
    });
    return {
      shell: `${this.shell} -l`,
      write: (data) => child.write(Buffer.from(data)),
      resize: (s) => child.resize(s.cols, s.rows),
      pause: () => child.pause(),
      resume: () => child.resume(),
      close: () => {
        closing = true;
        // SIGHUP, as a terminal hanging up sends: the login shell and its jobs end.
        child.kill('SIGHUP');
      },
    };
  }
}
