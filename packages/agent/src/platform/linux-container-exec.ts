/**
 * The container terminal on a real device: a shell inside a running container through the engine's own
 * exec with a TTY (what `docker exec -it` and `podman exec -it` do, over the same socket, no CLI), handed to
 * the tunnel as a terminal session like the device's PTY. The engine takes the connection over after the
 * start call; with a TTY the bytes are the terminal's both ways, and the size goes by the exec's resize.
 */
import { messages, type TerminalSize } from '@edge/protocol';
import type { TerminalIo, TerminalSession } from '../ports/terminal.ts';
import type { DockerEngine } from './docker-engine.ts';
import { PlatformRefusal } from './platform.ts';

/** bash where the image has it, else the POSIX shell every image with a shell has (busybox's ash). */
const SHELL = ['/bin/sh', '-c', 'if [ -x /bin/bash ]; then exec /bin/bash; fi; exec /bin/sh'];
/** How long a shell that was hung up on may take to end before it is left to the engine. */
const HANGUP_CHECK_MS = 2000;
/** A refused resize is tried this many times, this far apart. */
const RESIZE_TRIES = 10;
const RESIZE_RETRY_MS = 200;

interface ExecState {
  Running: boolean;
  ExitCode: number | null;
  Pid: number;
}

export async function execShell(
  engine: DockerEngine,
  container: { Id: string; State: string },
  size: TerminalSize,
  io: TerminalIo,
): Promise<TerminalSession> {
  if (container.State !== 'running') throw new PlatformRefusal('failed', messages.containerNotRunning);
  const { Id: execId } = await engine
    .json<{ Id: string }>({
      method: 'POST',
      path: `/containers/${container.Id}/exec`,
      body: {
        AttachStdin: true,
        AttachStdout: true,
        AttachStderr: true,
        Tty: true,
        Env: ['TERM=xterm-256color'],
        Cmd: SHELL,
      },
    })
    .catch((err: Error) => {
      // Stopped between the look and the exec: the engine says so in its words, the console in SPEC's.
      throw new PlatformRefusal('failed', `${messages.containerNotRunning} ${err.message}`);
    });
  const stream = await engine.hijack({ path: `/exec/${execId}/start`, body: { Detach: false, Tty: true } });
  // Resizes go one at a time, each with the newest size, and input waits for those asked before it: the
  // engine's calls may otherwise finish out of order (an older size last), and a command typed after a
  // resize must see the new size, as the frames came in that order.
  let current = size;
  let resizing: Promise<unknown> = Promise.resolve();
  // An engine refuses a resize while the exec's process is not yet up (Podman, on a busy machine even
  // after the first output): tried again a few times, so the size is not silently left at 80x24.
  const sizeNow = async () => {
    for (let tries = 1; ; tries++) {
      try {
        return await engine.json({
          method: 'POST',
          path: `/exec/${execId}/resize?h=${current.rows}&w=${current.cols}`,
        });
      } catch {
        if (tries >= RESIZE_TRIES || stream.destroyed) return undefined;
        await new Promise((resolve) => setTimeout(resolve, RESIZE_RETRY_MS));
      }
    }
  };
  const resize = (s: TerminalSize) => {
    current = s;
    resizing = resizing.then(sizeNow);
    return resizing;
  };
  void resize(size);
  const state = () => engine.json<ExecState>({ path: `/exec/${execId}/json` });

  let closing = false;
  // Podman takes a resize only once the exec's process runs, which its first output shows: sized again
  // then, and input waits for it, so the first command already sees the terminal's size.
  let running: () => void = () => undefined;
  const sized = new Promise<void>((resolve) => (running = resolve));
  let first = true;
  stream.on('data', (chunk: Buffer) => {
    if (first) {
      first = false;
      void resize(current).then(running);
    }
    io.output(chunk);
  });
  stream.on('error', () => stream.destroy());
  stream.on('close', () => {
    running();
    if (closing) return;
    void state()
      .then((s) => io.ended(s.ExitCode === null ? 'ended' : `exited with ${s.ExitCode}`))
      .catch(() => io.ended('ended'));
  });

  return {
    shell: `${SHELL[0]} (exec in a container)`,
    write: async (data) => {
      await sized;
      await resizing;
      await new Promise<void>((resolve) => {
        if (stream.destroyed) return resolve();
        stream.write(data, () => resolve());
      });
    },
    resize: (s) => void resize(s),
    pause: () => stream.pause(),
    resume: () => stream.resume(),
    close: () => {
      closing = true;
      stream.end();
      stream.destroy();
      // An engine keeps an exec's process when its client goes: it is hung up on, as a closed terminal
      // would, if it is still there a moment later (the agent runs as the engine's user on a device).
      setTimeout(() => {
        void state()
          .then((s) => {
            if (s.Running && s.Pid > 0) process.kill(s.Pid, 'SIGHUP');
          })
          .catch(() => undefined);
      }, HANGUP_CHECK_MS).unref();
    },
  };
}
