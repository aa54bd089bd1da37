/**
 * The line editing of a simulated shell (echo, backspace, Ctrl-C, Ctrl-D, `exit`) as a terminal session:
 * the device's own shell (simulated-terminal.ts) and a shell inside one of its simulated containers
 * (simulated-containers.ts) differ only in their banner, prompt and commands. Output is small and comes
 * only in answer to input, so pausing it only holds back a prompt's worth.
 */
import type { TerminalSize } from '@edge/protocol';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';

const CTRL_C = 0x03;
const CTRL_D = 0x04;
const BACKSPACE = new Set([0x08, 0x7f]);
const MAX_LINE = 1024;
const utf8 = new TextEncoder();
/** CSI and SS3 sequences (arrow and function keys), which the simulated line editor does not edit with. */
// eslint-disable-next-line no-control-regex
const ESCAPE_SEQUENCE = /\x1b\[[0-9;?]*[A-Za-z~]|\x1bO./g;

export interface LineShell {
  /** Named in the session's `ready` word. */
  name: string;
  banner: string;
  prompt(): string;
  /** Runs one line, printing as it goes; aborted by Ctrl-C. */
  run(
    line: string,
    ctx: { size: TerminalSize; print(line: string): void; signal: AbortSignal },
  ): Promise<void>;
}

export function lineShellSession(shell: LineShell, size: TerminalSize, io: TerminalIo): TerminalSession {
  let current = { ...size };
  let line = '';
  let running: AbortController | null = null;
  let closed = false;
  const held: Uint8Array[] = [];
  let paused = false;
  const write = (text: string) => {
    if (closed) return;
    const bytes = utf8.encode(text);
    if (paused) held.push(bytes);
    else io.output(bytes);
  };
  const prompt = () => write(shell.prompt());
  const end = (reason: string) => {
    if (closed) return;
    running?.abort();
    closed = true;
    io.ended(reason);
  };

  const run = async (text: string) => {
    if (text.trim() === 'exit') return end('exited with 0');
    running = new AbortController();
    try {
      await shell.run(text, {
        size: current,
        print: (out) => write(`${out}\r\n`),
        signal: running.signal,
      });
    } catch (err) {
      if (!running.signal.aborted) write(`${(err as Error).message}\r\n`);
    } finally {
      running = null;
    }
    prompt();
  };

  const take = (byte: number, char: string) => {
    if (byte === CTRL_C) {
      if (running) return running.abort();
      line = '';
      write('^C\r\n');
      return prompt();
    }
    if (running) return; // typed while a command runs: dropped, as the simulation has no type-ahead
    if (byte === CTRL_D && line === '') return end('exited with 0');
    if (byte === 0x0d || byte === 0x0a) {
      write('\r\n');
      const text = line;
      line = '';
      return void run(text);
    }
    if (BACKSPACE.has(byte)) {
      if (line.length > 0) {
        line = line.slice(0, -1);
        write('\b \b');
      }
      return;
    }
    if (byte === 0x1b || byte < 0x20) return; // escapes (arrows) and other controls: not edited here
    if (line.length < MAX_LINE) {
      line += char;
      write(char);
    }
  };

  write(shell.banner);
  prompt();
  return {
    shell: shell.name,
    write: (data) => {
      const text = new TextDecoder().decode(data);
      // Escape sequences (arrow keys) arrive whole in one message: skip them as a unit.
      for (const part of text.replace(ESCAPE_SEQUENCE, '')) take(part.codePointAt(0)!, part);
    },
    resize: (s) => {
      current = { ...s };
    },
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const bytes of held.splice(0)) io.output(bytes);
    },
    close: () => {
      running?.abort();
      closed = true;
    },
  };
}
