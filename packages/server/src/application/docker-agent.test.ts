/**
 * Application against a real container engine the test starts itself: Docker Engine (testing/docker.ts: its
 * own data-root, exec-root, socket and bridge, no iptables), then Podman's Docker-compatible API (its own
 * storage, run root and socket, slirp4netns networking) with the same steps; a private registry with a
 * password, and an image imported from a busybox root file system and pushed there. A real `edge-agent` pointed at that engine is driven
 * through the console's API as an operator would: a template pulled with the registry's credentials runs
 * and answers on its bound port, its log reaches the API, stop/restart/delete work, the engine kills an
 * app past its memory limit and the console says why, and a reservation that does not fit is refused in
 * SPEC 8's words with nothing created (or installed anyway, and started once room frees up, SPEC 5), and a
 * change made on the engine itself (outside the console) reaches a browser watching the live channel.
 * The Debian packages are installed first when missing; the test never skips.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  APPLICATION_API,
  LIVE_CHANNELS,
  TERMINAL_API,
  messages,
  type HypervisorResponse,
  type InstalledContainer,
  type JobDetail,
  type RegistryView,
  type TemplateView,
} from '@edge/protocol';
import { TEST_CLAIM_CODE, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startAgent, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { jobFinished } from '../testing/jobs.ts';
import { openLive } from '../testing/live.ts';
import { openTerminal } from '../testing/terminal.ts';
import {
  engineCall,
  freePort,
  pushBusyboxImage,
  startDockerEngine,
  startPodmanEngine,
  startRegistry,
  type TestEngine,
  type TestRegistry,
} from '../testing/docker.ts';

const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-test-packages.sh');

let engine: TestEngine | undefined;
let registry: TestRegistry | undefined;
let edge: TestConsole | undefined;
let agent: Child | undefined;
let stateDir = '';
let api: Caller;
let liveHeaders: Record<string, string> = {};
let deviceId = '';
let image = '';
let webPort = 0;
let consoleBase = '';

type Engine = 'Docker' | 'Podman';

async function setUp(kind: Engine): Promise<void> {
  registry = await startRegistry();
  engine =
    kind === 'Docker' ? await startDockerEngine() : await startPodmanEngine({ insecure: registry.address });
  image = await pushBusyboxImage(engine, registry, 'edge/web', '1');
  edge = await startTestConsole('sqlite');
  await edge.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(edge.app.server.address() as AddressInfo).port}`;
  consoleBase = url;
  const session = await signIn(edge);
  api = caller(edge, session);
  liveHeaders = session.headers(false);
  const serial = `${uniquePrefix()}-DOCKER`;
  await edge.enrolment.provision([{ serial, claimCode: TEST_CLAIM_CODE }]);
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-app-agent-'));
  agent = startAgent({
    console: url,
    serial,
    stateDir,
    interval: 5,
    // 2 cores and 600 MB for apps: a medium app (256 MB) and a high one (512 MB) do not fit together.
    extraArgs: [
      '--docker-socket',
      engine.socketPath,
      '--container-cpus',
      '2',
      '--container-memory-mb',
      '600',
      '--container-bind',
      '127.0.0.1',
    ],
  });
  deviceId = await waitFor(
    () =>
      edge!.devices
        .list()
        .find((d) => d.serial === serial && d.online && d.capabilities.includes('containers'))?.id,
    'the agent online with its container engine',
    180_000,
  );
  webPort = await freePort();
}

async function tearDown(): Promise<void> {
  await agent?.stop();
  await edge?.destroy();
  await registry?.stop();
  await engine?.stop();
  if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
  agent = undefined;
  edge = undefined;
  registry = undefined;
  engine = undefined;
  stateDir = '';
}

beforeAll(() => execFileSync('bash', [ENSURE], { stdio: 'inherit' }), 240_000);

const json = <T>(res: { statusCode: number; body: string }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body) as T;
};

async function template(body: object): Promise<TemplateView> {
  return json<TemplateView>(await api('POST', `${APPLICATION_API}/templates`, body));
}

async function deploy(body: object): Promise<JobDetail> {
  const started = json<JobDetail>(
    await api('POST', `${APPLICATION_API}/deploy`, { deviceIds: [deviceId], ...body }),
  );
  return jobFinished(edge!.jobs, started.job.id, 180_000);
}

async function installed(): Promise<InstalledContainer[]> {
  return json<{ containers: InstalledContainer[] }>(
    await api('GET', `${APPLICATION_API}/installed?deviceId=${deviceId}`),
  ).containers;
}

const app = async (name: string) => (await installed()).find((c) => c.name === name);

async function act(name: string, action: string) {
  return api('POST', `${APPLICATION_API}/action`, { deviceId, name, action });
}

/** The app's answer on its bound port, or the error's code. */
const knock = () =>
  fetch(`http://127.0.0.1:${webPort}/`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.text(),
    (err: Error & { cause?: { code?: string } }) => `refused ${err.cause?.code ?? err.message}`,
  );

describe.each<Engine>(['Docker', 'Podman'])(
  'a real agent on a real %s engine',
  { timeout: 180_000 },
  (kind) => {
    let reg: RegistryView;
    let web: TemplateView;

    beforeAll(() => setUp(kind), 240_000);
    afterAll(tearDown, 60_000);

    test('a registry keeps its password sealed and logs in with it; a wrong one fails the test login', async () => {
      reg = json<RegistryView>(
        await api('POST', `${APPLICATION_API}/registries`, {
          name: 'local',
          insecure: true,
          serverAddress: registry!.address,
          username: registry!.username,
          password: registry!.password,
        }),
      );
      expect(reg).toMatchObject({ hasPassword: true, serverAddress: registry!.address });
      expect(JSON.stringify(reg)).not.toContain(registry!.password);
      const row = await edge!.store.db.selectFrom('app_registries').selectAll().executeTakeFirstOrThrow();
      expect(row.password_sealed).not.toContain(registry!.password);
      expect(
        json<{ message: string }>(await api('POST', `${APPLICATION_API}/registries/test`, { id: reg.id })),
      ).toEqual({
        message: messages.registryLoginOk,
      });
      const wrong = json<RegistryView>(
        await api('POST', `${APPLICATION_API}/registries`, {
          name: 'wrong',
          insecure: true,
          serverAddress: registry!.address,
          username: registry!.username,
          password: 'not-the-password',
        }),
      );
      const refused = json<{ err_code: string }>(
        await api('POST', `${APPLICATION_API}/registries/test`, { id: wrong.id }),
        400,
      );
      expect(refused.err_code).toBe('registryLoginFailed');
    });

    test('a template pulled with the credentials runs, answers on its port and its log reaches the API', async () => {
      web = await template({
        appName: 'web',
        registryId: reg.id,
        imageName: image.slice(registry!.address.length + 1),
        tag: '1',
        resource: 'medium',
        env: [{ name: 'GREETING', value: 'hello edge' }],
        ports: [{ hostPort: webPort, containerPort: 8080 }],
      });
      expect(web.image).toBe(`${image}:1`);
      const done = await deploy({ templateId: web.id });
      expect(done.job.state, JSON.stringify(done.steps)).toBe('succeeded');
      // The job keeps no credentials: each step opened them when it ran.
      expect(JSON.stringify(done)).not.toContain(registry!.password);
      const running = await app('web');
      expect(running).toMatchObject({ state: 'running', resource: 'medium', managed: true });
      expect(running!.memoryLimitBytes).toBe(256 * 1024 * 1024);
      expect(running!.ports).toEqual([{ hostPort: webPort, containerPort: 8080, protocol: 'tcp' }]);
      expect(
        await waitFor(
          async () => (await knock()).includes('hello-from-container') && 'yes',
          'the app to answer',
        ),
      ).toBe('yes');
      const logs = json<{ lines: string[] }>(
        await api('GET', `${APPLICATION_API}/logs?deviceId=${deviceId}&name=web&tail=50`),
      );
      expect(logs.lines).toContain('app up: hello edge');
    });

    test('stop, restart: the state follows and the port answers only while running', async () => {
      const stopped = json<{ container: InstalledContainer; message: string }>(await act('web', 'stop'));
      expect(stopped.container.state).toBe('exited');
      expect(stopped.message).toBe(messages.applicationUpdated);
      expect(await knock()).toMatch(/^refused/);
      const restarted = json<{ container: InstalledContainer }>(await act('web', 'restart'));
      expect(restarted.container.state).toBe('running');
      expect(
        await waitFor(async () => (await knock()).includes('hello-from-container') && 'yes', 'the app back'),
      ).toBe('yes');
    });

    test('a change made on the engine itself reaches a browser watching the device live', async () => {
      const live = await openLive(edge!, liveHeaders);
      try {
        live.subscribe(LIVE_CHANNELS.containers, [deviceId]);
        live.subscribe(LIVE_CHANNELS.containerFleet, ['']);
        await live.settled();
        const stateOf = (data: { containers: InstalledContainer[] }) =>
          data.containers.find((c) => c.name === 'web')?.state;
        // Stopped by hand on the device: the engine's event, not the console, tells.
        expect((await engineCall(engine!.socketPath, 'POST', '/containers/web/stop?t=2')).status).toBe(204);
        const stopped = await live.next(LIVE_CHANNELS.containers, (d) => stateOf(d) === 'exited', 60_000);
        expect(stopped.key).toBe(deviceId);
        // The fleet's batch may come before or after the device's list: looked for among all messages.
        await waitFor(
          () =>
            live.messages.some(
              (m) =>
                m.channel === LIVE_CHANNELS.containerFleet &&
                (m.data as { deviceIds: string[] }).deviceIds.includes(deviceId),
            ),
          'the fleet told',
          60_000,
        );
        expect((await engineCall(engine!.socketPath, 'POST', '/containers/web/start')).status).toBe(204);
        const running = await live.next(LIVE_CHANNELS.containers, (d) => stateOf(d) === 'running', 60_000);
        expect(running.data.containers.find((c) => c.name === 'web')).toMatchObject({
          ports: [{ hostPort: webPort, containerPort: 8080, protocol: 'tcp' }],
          resource: 'medium',
        });
      } finally {
        live.close();
      }
      expect(
        await waitFor(async () => (await knock()).includes('hello-from-container') && 'yes', 'the app back'),
      ).toBe('yes');
    });

    test('a shell inside the running app through the container terminal: echo, exit, recorded', async () => {
      const term = await openTerminal(consoleBase, deviceId, liveHeaders, 'web');
      term.resize(90, 30);
      const ready = await term.ready;
      expect(ready).toMatchObject({ readOnly: false, shell: expect.stringContaining('exec in a container') });
      // Inside the container: its own file system (the page the app serves) and its environment.
      term.type('echo "in-$((6*7))" $GREETING; cat /www/index.html\r');
      await term.waitFor(/in-42 hello edge\r?\n(.*\r?\n)?hello-from-container/);
      const mark = term.output().length;
      term.type('stty size\r');
      await term.waitFor(/30 90/, mark);
      term.type('exit\r');
      expect((await term.closed).code).toBe(1000);
      expect(term.words.at(-1)).toEqual({ type: 'closed', reason: 'ended' });
      // Recorded as the device terminal's sessions are, naming the container.
      const row = await waitFor(async () => {
        const list = json<{ list: { id: string; container: string | null; endedAt: number | null }[] }>(
          await api('GET', `${TERMINAL_API}/sessions?id=${deviceId}`),
        ).list;
        return list.find((r) => r.id === ready.session && r.endedAt !== null);
      }, 'the session ended in the store');
      expect(row.container).toBe('web');
      const { cast } = json<{ cast: string }>(
        await api('GET', `${TERMINAL_API}/recording?session=${ready.session}`),
      );
      expect(cast).toContain('in-42');
      const activity = await edge!.store.db
        .selectFrom('activity')
        .select(['action', 'target'])
        .where('action', 'like', 'terminal.%')
        .execute();
      expect(activity).toContainEqual({
        action: 'terminal.start',
        target: expect.stringContaining('container web'),
      });
    });

    test("the container terminal is Application's: its viewers watch, others are refused", async () => {
      const watcher = await userWithRole(edge!, api, {
        Application: { control: { enable: true }, isManagement: false },
      });
      const term = await openTerminal(consoleBase, deviceId, watcher.session.headers(false), 'web');
      expect((await term.ready).readOnly).toBe(true);
      term.close();
      await term.closed;
      // Managing every device's shell is not the Application area's grant.
      const operator = await userWithRole(edge!, api, {
        Inventory: { control: { enable: true }, isManagement: true },
      });
      await expect(
        openTerminal(consoleBase, deviceId, operator.session.headers(false), 'web'),
      ).rejects.toThrow('HTTP 403');
    });

    test('a container that is not running refuses its terminal in SPEC words', async () => {
      const made = await engineCall(engine!.socketPath, 'POST', '/containers/create?name=resting', {
        body: JSON.stringify({ Image: `${image}:1` }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(made.status, made.text).toBe(201);
      try {
        expect(await app('resting')).toMatchObject({ state: 'never started' });
        const term = await openTerminal(consoleBase, deviceId, liveHeaders, 'resting');
        await term.closed;
        expect(term.words).toEqual([{ type: 'closed', reason: 'containerNotRunning' }]);
        const missing = await openTerminal(consoleBase, deviceId, liveHeaders, 'nosuchapp');
        await missing.closed;
        expect(missing.words).toEqual([{ type: 'closed', reason: 'containerNotFound' }]);
      } finally {
        await engineCall(engine!.socketPath, 'DELETE', '/containers/resting?force=true');
      }
    });

    test('the engine kills an app past its memory limit, and the console says why', async () => {
      const hog = await template({
        appName: 'hog',
        registryId: reg.id,
        imageName: 'edge/web',
        tag: '1',
        resource: 'low',
        env: [{ name: 'HOG', value: '1' }],
      });
      const done = await deploy({ templateId: hog.id });
      expect(done.job.state).toBe('succeeded');
      const killed = await waitFor(
        async () => {
          const c = await app('hog');
          return c?.state === 'exited' && c;
        },
        'the memory hog to be killed',
        60_000,
      );
      // Docker records the kill; Podman (conmon on cgroup v1) answers OOMKilled false, and the agent finds
      // the kernel's record of it: both say why the same way.
      expect(killed).toMatchObject({ exitCode: 137, oomKilled: true });
      expect(killed.reason).toMatch(/memory limit/);
      expect(killed.memoryLimitBytes).toBe(64 * 1024 * 1024);
    });

    test('a reservation that does not fit is refused in SPEC 8 words with nothing created', async () => {
      const big = await template({
        appName: 'big',
        registryId: reg.id,
        imageName: 'edge/web',
        tag: '1',
        resource: 'high',
      });
      const done = await deploy({ templateId: big.id });
      expect(done.job.state).toBe('failed');
      expect(done.steps[0]).toMatchObject({ state: 'failed', reason: 'memoryReservation' });
      expect(JSON.stringify(done.steps[0]!.result)).toContain(messages.memoryReservation);
      expect(await app('big')).toBeUndefined();

      // 'Yes, install it!': installed, not running, and started once the medium app frees its share.
      const anyway = await deploy({ templateId: big.id, installAnyway: true });
      expect(anyway.job.state).toBe('succeeded');
      expect(await app('big')).toMatchObject({ state: 'never started', reason: messages.memoryReservation });
      const starting = json<{ err_code: string; err_message: string }>(await act('big', 'start'), 409);
      expect(starting.err_message).toBe(messages.memoryReservation);
      json(await act('web', 'stop'));
      await waitFor(async () => (await app('big'))?.state === 'running', 'the waiting app to start', 30_000);
    });

    test('an app started outside the console is adopted: a template of its definition, redeployed managed', async () => {
      // Room for it once managed (its limit then counts): the large app goes.
      json(await act('big', 'remove'));
      // Started by hand on the device, from the image the engine already has.
      const made = await engineCall(engine!.socketPath, 'POST', '/containers/create?name=outside', {
        body: JSON.stringify({
          Image: `${image}:1`,
          Env: ['GREETING=by hand'],
          HostConfig: { Init: true, Memory: 100 * 1024 * 1024 },
        }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(made.status, made.text).toBe(201);
      const id = (JSON.parse(made.text) as { Id: string }).Id;
      expect((await engineCall(engine!.socketPath, 'POST', `/containers/${id}/start`)).status).toBe(204);
      expect(await app('outside')).toMatchObject({ managed: false, resource: null, state: 'running' });

      const adopted = json<{ template: TemplateView; job: JobDetail }>(
        await api('POST', `${APPLICATION_API}/adopt`, { deviceId, name: 'outside' }),
      );
      // Its registry is the console's: the redeploy pulls with the credentials. 100 MB reads as medium.
      expect(adopted.template).toMatchObject({
        appName: 'outside',
        registryId: reg.id,
        imageName: 'edge/web',
        tag: '1',
        resource: 'medium',
        env: [{ name: 'GREETING', value: 'by hand' }],
      });
      const done = await jobFinished(edge!.jobs, adopted.job.job.id, 120_000);
      expect(done.job.state, JSON.stringify(done.steps)).toBe('succeeded');
      expect(await app('outside')).toMatchObject({ managed: true, resource: 'medium' });
      const logs = json<{ lines: string[] }>(
        await api('GET', `${APPLICATION_API}/logs?deviceId=${deviceId}&name=outside`),
      );
      expect(logs.lines).toContain('app up: by hand');
      json(await act('outside', 'remove'));
    });

    test('volumes and network endpoints are made and removed on the engine; the engine refuses its own', async () => {
      const volumes = json<{ volumes: { name: string; inUse: number; sizeBytes: number | null }[] }>(
        await api('POST', `${APPLICATION_API}/volumes`, { deviceId, name: 'edge-data' }),
      ).volumes;
      expect(volumes).toContainEqual(expect.objectContaining({ name: 'edge-data', inUse: 0 }));
      const afterRemove = json<{ volumes: { name: string }[] }>(
        await api('DELETE', `${APPLICATION_API}/volumes?deviceId=${deviceId}&name=edge-data`),
      ).volumes;
      expect(afterRemove.map((v) => v.name)).not.toContain('edge-data');
      const networks = json<{
        networks: { name: string; driver: string; subnet: string | null; builtIn: boolean }[];
      }>(
        await api('POST', `${APPLICATION_API}/networks`, { deviceId, name: 'edge-net', driver: 'bridge' }),
      ).networks;
      expect(networks.find((n) => n.name === 'edge-net')).toMatchObject({ driver: 'bridge', builtIn: false });
      // The engine's default network (Docker's bridge; Podman's as its API names it) is listed as its own.
      const builtIn = networks.find((n) => n.builtIn && n.driver === 'bridge')?.name;
      expect(builtIn).toBeDefined();
      json(await api('DELETE', `${APPLICATION_API}/networks?deviceId=${deviceId}&name=edge-net`));
      const own = json<{ err_message: string }>(
        await api('DELETE', `${APPLICATION_API}/networks?deviceId=${deviceId}&name=${builtIn}`),
        409,
      );
      expect(own.err_message).toMatch(/engine's own network/);
    });

    test('the hypervisor view: the engine as it names and sets itself up, the device health and cards', async () => {
      const view = json<HypervisorResponse>(
        await api('GET', `${APPLICATION_API}/hypervisor?deviceId=${deviceId}`),
      );
      expect(view).toMatchObject({ deviceId, online: true, unreachable: null });
      expect(view.engine).toMatchObject({
        name: kind === 'Docker' ? 'Docker Engine' : 'Podman Engine',
        dataRoot: expect.stringContaining(engine!.dir),
        cgroupDriver: 'cgroupfs',
        storageDriver: kind === 'Docker' ? expect.any(String) : 'vfs',
      });
      expect(view.engine!.version).toMatch(/^\d+\.\d+/);
      expect(view.engine!.images).toBeGreaterThanOrEqual(1);
      // The web app is there, stopped by the reservation test.
      const { running, stopped } = view.engine!.containers;
      expect(running + stopped).toBeGreaterThanOrEqual(1);
      expect(view.engine!.disk.images).toBeGreaterThan(1_000_000);
      expect(view.health.memory!.total).toBeGreaterThan(0);
      expect(view.health.disk!.total).toBeGreaterThan(0);
      expect(view.networkCards.length).toBeGreaterThan(0);
    });

    test('delete removes the app from the device', async () => {
      const removed = json<{ container: null; message: string }>(await act('web', 'remove'));
      expect(removed).toEqual({ container: null, message: messages.deleted });
      expect(await app('web')).toBeUndefined();
      const again = json<{ err_code: string }>(await act('web', 'remove'), 404);
      expect(again.err_code).toBe('containerNotFound');
    });
  },
);
