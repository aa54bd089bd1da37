/**
 * A real VNC server for the remote desktop's tests: Xvfb on a display of its own and x11vnc serving it on a
 * loopback port (Debian's xvfb and x11vnc, scripts/ensure-test-packages.sh). The screen shows X's default
 * root weave (-retro: black and white pixels, not the plain black root), so a framebuffer read through the desktop is visibly not empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Self-contained (the browser tests use it too): polls until `probe` holds. */
async function waitFor(probe: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface VncServer {
  port: number;
  width: number;
  height: number;
  stop(): Promise<void>;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });

/**
 * Where x11vnc runs: on this machine's loopback (a free port), or in another network namespace (a
 * container's: `nsenter` into /proc/PID/ns/net, as a sidecar sharing the container's network would) on
 * `port` of every address there, `host` being the address this machine reaches it on.
 */
export type VncPlace = { netnsOf: number; host: string; port: number };

export async function startVncServer(width = 640, height = 400, place?: VncPlace): Promise<VncServer> {
  let display = 0;
  for (let n = 40 + Math.floor(Math.random() * 400); ; n++) {
    if (!fs.existsSync(`/tmp/.X11-unix/X${n}`) && !fs.existsSync(`/tmp/.X${n}-lock`)) {
      display = n;
      break;
    }
  }
  const xvfb = spawn(
    'Xvfb',
    [`:${display}`, '-screen', '0', `${width}x${height}x24`, '-retro', '-nolisten', 'tcp'],
    {
      stdio: 'ignore',
    },
  );
  const children: ChildProcess[] = [xvfb];
  const stop = async () => {
    for (const child of children.reverse()) await stopped(child);
  };
  try {
    await waitFor(() => fs.existsSync(`/tmp/.X11-unix/X${display}`), 'Xvfb up', 15_000);
    const port = place?.port ?? (await freePort());
    const x11vnc = ['x11vnc', '-display', `:${display}`, '-rfbport', String(port), '-no6', '-nopw'];
    const command = place
      ? ['nsenter', `--net=/proc/${place.netnsOf}/ns/net`, ...x11vnc]
      : [...x11vnc, '-localhost'];
    children.push(
      spawn(command[0]!, [...command.slice(1), '-forever', '-shared'], {
        stdio: 'ignore',
        env: { ...process.env, DISPLAY: `:${display}` },
      }),
    );
    await waitFor(() => accepts(port, place?.host), 'x11vnc listening', 15_000);
    return { port, width, height, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
