/**
 * A private Docker Engine and registry for tests (PLATFORM.md): dockerd with its own data-root, exec-root,
 * socket and bridge (so concurrent engines never share docker0), no iptables, masquerading or forwarding;
 * Debian's docker-registry on 127.0.0.1 with a fresh storage folder and an htpasswd user; and an image
 * imported from a busybox root file system, since no public registry is reachable. Everything made here is
 * removed by `stop()`, also after a failure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './devices.ts';

/** One call to an engine's API over its socket; answers status and body text. */
export function engineCall(
  socketPath: string,
  method: string,
  apiPath: string,
  options: { body?: Buffer | string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath,
        method,
        path: `/v1.41${apiPath}`,
        headers: options.headers,
        timeout: options.timeoutMs ?? 120_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`engine call ${apiPath} timed out`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A 10.N.M.0/24 range no route of this machine covers. */
function freeSubnet(): string {
  const routes = execFileSync('ip', ['-4', 'route', 'show', 'table', 'all'], { encoding: 'utf8' });
  for (;;) {
    const prefix = `10.${150 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}`;
    if (!routes.includes(`${prefix}.`)) return prefix;
  }
}

export interface TestEngine {
  socketPath: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * An engine's service once spawned: answered when its API does; `stop()` removes its containers, ends it,
 * runs `cleanup` and removes its folder (also when it never answered, its log then in the error).
 */
async function engineService(opts: {
  name: string;
  child: ChildProcess;
  dir: string;
  socketPath: string;
  logFile: string;
  cleanup?: () => void;
}): Promise<TestEngine> {
  const { name, child, dir, socketPath } = opts;
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (!exited && fs.existsSync(socketPath)) {
      const listed = await engineCall(socketPath, 'GET', '/containers/json?all=1').catch(() => undefined);
      for (const c of listed ? (JSON.parse(listed.text) as { Id: string }[]) : [])
        await engineCall(socketPath, 'DELETE', `/containers/${c.Id}?force=true`).catch(() => undefined);
    }
    if (!exited) {
      child.kill('SIGTERM');
      await waitFor(() => exited, `${name} to stop`, 30_000).catch(() => child.kill('SIGKILL'));
    }
    opts.cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await waitFor(
      async () =>
        !exited &&
        fs.existsSync(socketPath) &&
        (await engineCall(socketPath, 'GET', '/_ping').catch(() => null))?.status === 200,
      `${name} to answer`,
      60_000,
    );
  } catch (err) {
    const said = fs.readFileSync(opts.logFile, 'utf8').slice(-2000);
    await stop();
    throw new Error(`${(err as Error).message}\n${said}`, { cause: err });
  }
  return { socketPath, dir, stop };
}

export async function startDockerEngine(): Promise<TestEngine> {
  const tag = randomBytes(3).toString('hex');
  // Short paths: containerd's sockets live under exec-root and a unix socket path has 108 bytes at most.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edk-'));
  const bridge = `edk${tag}`;
  const subnet = freeSubnet();
  execFileSync('ip', ['link', 'add', 'name', bridge, 'type', 'bridge']);
  execFileSync('ip', ['addr', 'add', `${subnet}.1/24`, 'dev', bridge]);
  execFileSync('ip', ['link', 'set', bridge, 'up']);
  const socketPath = path.join(dir, 'docker.sock');
  const log = fs.openSync(path.join(dir, 'dockerd.log'), 'a');
  const dockerd: ChildProcess = spawn(
    'dockerd',
    [
      '--iptables=false',
      '--ip-masq=false',
      '--ip-forward=false',
      `--bridge=${bridge}`,
      `--data-root=${path.join(dir, 'data')}`,
      `--exec-root=${path.join(dir, 'x')}`,
      `--pidfile=${path.join(dir, 'dockerd.pid')}`,
      `--host=unix://${socketPath}`,
    ],
    { stdio: ['ignore', log, log] },
  );
  return engineService({
    name: 'dockerd',
    child: dockerd,
    dir,
    socketPath,
    logFile: path.join(dir, 'dockerd.log'),
    cleanup: () => {
      try {
        execFileSync('ip', ['link', 'del', bridge], { stdio: 'ignore' });
      } catch {
        // Already gone.
      }
    },
  });
}

/**
 * Podman's Docker-compatible API (`podman system service`) on its own socket, with its own storage (vfs:
 * no mounts left behind), run root, network configuration and events file. Containers get slirp4netns
 * networking, whose port forwarder needs no iptables (as the test Docker Engine has none); `insecure` is a
 * plain-HTTP registry it may pull from and push to. The sandbox's hard limits are below Podman's default
 * open files and processes per container, so those are set lower.
 */
export async function startPodmanEngine(opts: { insecure: string }): Promise<TestEngine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epd-'));
  const socketPath = path.join(dir, 'podman.sock');
  fs.writeFileSync(
    path.join(dir, 'containers.conf'),
    [
      '[containers]',
      'netns = "slirp4netns"',
      'default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]',
      '[engine]',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      `events_logfile_path = "${path.join(dir, 'events.log')}"`,
      '[network]',
      `network_config_dir = "${path.join(dir, 'net')}"`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'registries.conf'),
    [
      'unqualified-search-registries = []',
      '[[registry]]',
      `location = "${opts.insecure}"`,
      'insecure = true',
      '',
    ].join('\n'),
  );
  const log = fs.openSync(path.join(dir, 'podman.log'), 'a');
  const service: ChildProcess = spawn(
    'podman',
    [
      `--root=${path.join(dir, 'root')}`,
      `--runroot=${path.join(dir, 'run')}`,
      `--tmpdir=${path.join(dir, 'tmp')}`,
      '--storage-driver=vfs',
      'system',
      'service',
      '--time=0',
      `unix://${socketPath}`,
    ],
    {
      // conmon writes an `oom` file into the folder it runs in: this one, not the caller's.
      cwd: dir,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        CONTAINERS_CONF: path.join(dir, 'containers.conf'),
        CONTAINERS_REGISTRIES_CONF: path.join(dir, 'registries.conf'),
      },
    },
  );
  return engineService({
    name: 'podman',
    child: service,
    dir,
    socketPath,
    logFile: path.join(dir, 'podman.log'),
  });
}

export interface TestRegistry {
  /** host:port, as templates name it. */
  address: string;
  username: string;
  password: string;
  stop(): Promise<void>;
}

/** Debian's docker-registry on 127.0.0.1 with basic auth (bcrypt htpasswd) and deletes enabled. */
export async function startRegistry(): Promise<TestRegistry> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-registry-'));
  const port = await freePort();
  const username = 'deployer';
  const password = randomBytes(9).toString('base64url');
  fs.writeFileSync(path.join(dir, 'htpasswd'), execFileSync('htpasswd', ['-Bbn', username, password]));
  fs.writeFileSync(
    path.join(dir, 'config.yml'),
    [
      'version: 0.1',
      'log:',
      '  level: warn',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${path.join(dir, 'storage')}`,
      '  delete:',
      '    enabled: true',
      'http:',
      `  addr: 127.0.0.1:${port}`,
      'auth:',
      '  htpasswd:',
      '    realm: edge-test',
      `    path: ${path.join(dir, 'htpasswd')}`,
      '',
    ].join('\n'),
  );
  const child = spawn('docker-registry', ['serve', path.join(dir, 'config.yml')], { stdio: 'ignore' });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await waitFor(() => exited, 'the registry to stop', 10_000).catch(() => child.kill('SIGKILL'));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () =>
        !exited &&
        (await fetch(`http://127.0.0.1:${port}/v2/`).then(
          (r) => r.status === 401,
          () => false,
        )),
      'the registry to answer',
      30_000,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { address: `127.0.0.1:${port}`, username, password, stop };
}

/**
 * What the test image runs: it says hello with $GREETING, then serves /www on 8080 with busybox httpd;
 * with $HOG set it first asks for more memory than a low limit allows, so the engine kills it.
 */
const ENTRY = [
  'echo "app up: $GREETING"',
  // tail keeps the last lines it read: /dev/zero has no line ends, so it holds all of it.
  'if [ -n "$HOG" ]; then echo "allocating memory"; exec tail /dev/zero; fi',
  'mkdir -p /www',
  'echo hello-from-container > /www/index.html',
  'exec httpd -f -v -p 8080 -h /www',
].join('; ');

/** Imports a busybox root file system into the engine as `repo:tag`; answers the image's id. */
export async function importBusyboxImage(engine: TestEngine, repo: string, tag: string): Promise<string> {
  const rootfs = path.join(engine.dir, `rootfs-${randomBytes(3).toString('hex')}`);
  fs.mkdirSync(path.join(rootfs, 'bin'), { recursive: true });
  for (const d of ['tmp', 'proc', 'sys', 'dev', 'etc', 'www']) fs.mkdirSync(path.join(rootfs, d));
  fs.copyFileSync('/bin/busybox', path.join(rootfs, 'bin', 'busybox'));
  fs.chmodSync(path.join(rootfs, 'bin', 'busybox'), 0o755);
  for (const applet of execFileSync('/bin/busybox', ['--list'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean))
    if (applet !== 'busybox') fs.symlinkSync('busybox', path.join(rootfs, 'bin', applet));
  const tar = execFileSync('tar', ['-C', rootfs, '-c', '.'], { maxBuffer: 64 * 1024 * 1024 });
  fs.rmSync(rootfs, { recursive: true, force: true });
  const changes = [`ENV PATH=/bin`, `CMD ["/bin/sh", "-c", ${JSON.stringify(ENTRY)}]`]
    .map((c) => `changes=${encodeURIComponent(c)}`)
    .join('&');
  const imported = await engineCall(
    engine.socketPath,
    'POST',
    `/images/create?fromSrc=-&repo=${encodeURIComponent(repo)}&tag=${tag}&${changes}`,
    { body: tar, headers: { 'Content-Type': 'application/x-tar' } },
  );
  if (imported.status !== 200 || imported.text.includes('"error"'))
    throw new Error(`import: ${imported.text}`);
  // Podman's import names the image `latest` whatever the tag: tagged by its id, as both engines take it.
  const imageId = /sha256:[0-9a-f]{64}/.exec(imported.text)?.[0];
  if (!imageId) throw new Error(`import: no image id in ${imported.text}`);
  const tagged = await engineCall(
    engine.socketPath,
    'POST',
    `/images/${imageId}/tag?repo=${encodeURIComponent(repo)}&tag=${tag}`,
  );
  if (tagged.status !== 201) throw new Error(`tag: ${tagged.status} ${tagged.text}`);
  return imageId;
}

/**
 * Imports a busybox root file system as `<registry>/<name>:<tag>`, pushes it with the registry's
 * credentials, and removes it from the engine again so a deploy has to pull it.
 */
export async function pushBusyboxImage(
  engine: TestEngine,
  registry: TestRegistry,
  name: string,
  tag: string,
): Promise<string> {
  const repo = `${registry.address}/${name}`;
  const imageId = await importBusyboxImage(engine, repo, tag);
  const auth = Buffer.from(
    JSON.stringify({
      username: registry.username,
      password: registry.password,
      serveraddress: registry.address,
    }),
  )
    .toString('base64')
    .replaceAll('+', '-')
    .replaceAll('/', '_');
  const pushed = await engineCall(engine.socketPath, 'POST', `/images/${repo}/push?tag=${tag}`, {
    headers: { 'X-Registry-Auth': auth },
  });
  if (pushed.status !== 200 || pushed.text.includes('"error"')) throw new Error(`push: ${pushed.text}`);
  // Every name of it goes: a deploy has to pull it.
  const removed = await engineCall(engine.socketPath, 'DELETE', `/images/${imageId}?force=true`);
  if (removed.status !== 200) throw new Error(`remove image: ${removed.text}`);
  return repo;
}
