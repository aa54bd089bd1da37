/**
 * Application through the API: templates and registries at and beyond their field rules (4xx with the
 * rule's words, nothing written), template files in this console's format and Portainer's v2 and v3,
 * permissions; and a group deploy to 200 simulated devices of which 10 have no room left (their memory
 * reserved by other apps): per-device progress, the stop rule halting a deploy, and a re-run of the failed
 * steps once room was made, reaching every device. The fleet-wide installed list shows the result.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  APPLICATION_API,
  LIVE_CHANNELS,
  fleetSerial,
  messages,
  type InstalledResponse,
  type JobDetail,
  type RegistryView,
  type TemplateView,
} from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { jobFinished } from '../testing/jobs.ts';
import { openLive } from '../testing/live.ts';

const grant = { control: { enable: true }, isManagement: true };
const view = { control: { enable: true }, isManagement: false };

const json = <T>(res: { statusCode: number; body: string }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body) as T;
};

const goodTemplate = {
  appName: 'node-red',
  imageName: 'nodered/node-red',
  tag: '3.1',
  resource: 'medium',
  env: [{ name: 'TZ', value: 'Europe/Berlin' }],
  ports: [{ hostPort: 1880, containerPort: 1880 }],
  volumes: [{ name: 'node-red-data', containerPath: '/data' }],
  network: 'apps',
  icon: 'https://example.com/node-red.png',
  category: 'automation',
  description: 'Flow-based programming',
};

describe.each(DIALECTS)('templates and registries (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => {
    await edge?.destroy();
  });

  const written = async () =>
    JSON.stringify([
      await edge.store.db.selectFrom('app_templates').selectAll().orderBy('id').execute(),
      await edge.store.db.selectFrom('app_registries').selectAll().orderBy('id').execute(),
      await edge.store.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
    ]);

  test('a template keeps every SPEC 3 field; edit and delete', async () => {
    const reg = json<RegistryView>(
      await admin('POST', `${APPLICATION_API}/registries`, {
        name: 'harbor',
        insecure: false,
        serverAddress: 'harbor.example.com:8443',
        username: 'robot',
        password: 'token-123',
      }),
    );
    const made = json<TemplateView>(
      await admin('POST', `${APPLICATION_API}/templates`, { ...goodTemplate, registryId: reg.id }),
    );
    expect(made).toMatchObject({
      ...goodTemplate,
      ports: [{ hostPort: 1880, containerPort: 1880, protocol: 'tcp' }],
      registryId: reg.id,
      registryName: 'harbor',
      image: 'harbor.example.com:8443/nodered/node-red:3.1',
    });
    const edited = json<TemplateView>(
      await admin('PATCH', `${APPLICATION_API}/templates?id=${made.id}`, {
        ...goodTemplate,
        tag: '3.2',
        resource: 'high',
      }),
    );
    expect(edited).toMatchObject({
      tag: '3.2',
      resource: 'high',
      registryId: null,
      image: 'nodered/node-red:3.2',
    });
    // A registry still named by a template stays.
    json(
      await admin('PATCH', `${APPLICATION_API}/templates?id=${made.id}`, {
        ...goodTemplate,
        registryId: reg.id,
      }),
    );
    expect(
      json<{ err_code: string }>(await admin('DELETE', `${APPLICATION_API}/registries?id=${reg.id}`), 409)
        .err_code,
    ).toBe('registryInUse');
    expect(
      json<{ message: string }>(await admin('DELETE', `${APPLICATION_API}/templates?id=${made.id}`)).message,
    ).toBe(messages.deleted);
    json(await admin('DELETE', `${APPLICATION_API}/registries?id=${reg.id}`));
    expect(json<{ list: unknown[] }>(await admin('GET', `${APPLICATION_API}/templates`)).list).toEqual([]);
  });

  test('bad input at and beyond the rules: 4xx in the rules words, nothing written', async () => {
    const before = await written();
    const refusals: [object, string][] = [
      [{ imageName: '' }, 'imageNameEmpty'],
      [{ imageName: 'Upper/Case' }, 'imageNameFormat'],
      [{ imageName: 'a//b' }, 'imageNameFormat'],
      [{ imageName: 'host:5000/app' }, 'imageNameFormat'],
      [{ imageName: 'a'.repeat(256) }, 'imageNameFormat'],
      [{ tag: '.hidden' }, 'imageTagFormat'],
      [{ tag: 'x'.repeat(129) }, 'imageTagFormat'],
      [{ appName: '' }, 'appNameEmpty'],
      [{ appName: '-app' }, 'appNameFormat'],
      [{ appName: 'a'.repeat(64) }, 'appNameFormat'],
      [{ ports: [{ hostPort: 0, containerPort: 80 }] }, 'portRange'],
      [{ ports: [{ hostPort: 65536, containerPort: 80 }] }, 'portRange'],
      [
        {
          ports: [
            { hostPort: 80, containerPort: 80 },
            { hostPort: 80, containerPort: 81 },
          ],
        },
        'hostPortDuplicate',
      ],
      [{ env: [{ name: '1ABC', value: '' }] }, 'envNameFormat'],
      [{ env: [{ name: 'A-B', value: '' }] }, 'envNameFormat'],
      [
        {
          env: [
            { name: 'A', value: '1' },
            { name: 'A', value: '2' },
          ],
        },
        'envNameDuplicate',
      ],
      [{ volumes: [{ name: 'data', containerPath: 'relative' }] }, 'containerPathFormat'],
      [{ network: 'a b' }, 'networkNameFormat'],
    ];
    for (const [change, code] of refusals) {
      const res = await admin('POST', `${APPLICATION_API}/templates`, { ...goodTemplate, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({
        err_code: code,
        err_message: messages[code as keyof typeof messages],
      });
    }
    // At the limits: accepted.
    const edge1 = json<TemplateView>(
      await admin('POST', `${APPLICATION_API}/templates`, {
        ...goodTemplate,
        appName: 'a'.repeat(63),
        tag: 'x'.repeat(128),
        ports: [{ hostPort: 65535, containerPort: 1 }],
        env: [{ name: '_A1', value: '' }],
      }),
    );
    json(await admin('DELETE', `${APPLICATION_API}/templates?id=${edge1.id}`));
    const after = await written();
    for (const [address, ok] of [
      ['registry.example.com', true],
      ['127.0.0.1:5000', true],
      ['reg:65535', true],
      ['reg:65536', false],
      ['reg:0', false],
      ['https://registry.example.com', false],
      ['registry.example.com/path', false],
      ['-bad.example.com', false],
      ['', false],
    ] as const) {
      const res = await admin('POST', `${APPLICATION_API}/registries`, {
        name: `r-${address}`,
        serverAddress: address,
      });
      if (ok) {
        expect(res.statusCode, address).toBe(200);
        json(await admin('DELETE', `${APPLICATION_API}/registries?id=${res.json<RegistryView>().id}`));
      } else {
        expect(res.statusCode, address).toBe(400);
        expect(res.json<{ err_code: string }>().err_code, address).toBe('registryAddressFormat');
      }
    }
    const noDevices = await admin('POST', `${APPLICATION_API}/deploy`, { templateId: 1 });
    expect(noDevices.statusCode).toBe(400);
    expect(noDevices.json<{ err_code: string }>().err_code).toBe('deployDevicesRequired');
    expect(after).toBe(before);
  });

  test('a template file: this console format, Portainer v2 and v3; stacks and bad entries are skipped with why', async () => {
    const portainer = (version: string) =>
      JSON.stringify({
        version,
        templates: [
          {
            type: 1,
            title: 'Mosquitto broker',
            name: `mosquitto-v${version}`,
            description: 'MQTT broker',
            image: 'eclipse-mosquitto:2.0',
            logo: 'https://example.com/mqtt.png',
            categories: ['messaging'],
            ports: ['1883:1883/tcp', '9001/tcp'],
            env: [
              { name: 'TZ', label: 'Time zone', default: 'UTC' },
              {
                name: 'MODE',
                select: [
                  { text: 'a', value: 'one' },
                  { text: 'b', value: 'two', default: true },
                ],
              },
            ],
            volumes: [{ container: '/mosquitto/data' }],
          },
          { type: 2, title: 'A swarm stack', repository: { url: 'https://example.com/x.git' } },
          { type: 1, title: 'Bad ports', image: 'nginx', ports: ['70000/tcp'] },
          { type: 1, title: 'Quay app', image: 'quay.io/team/app:1.0' },
        ],
      });
    for (const version of ['2', '3']) {
      const result = json<{ imported: number; skipped: { title: string; reason: string }[] }>(
        await admin('POST', `${APPLICATION_API}/templates/import`, { content: portainer(version) }),
      );
      expect(result.imported).toBe(version === '2' ? 2 : 1);
      expect(result.skipped.map((s) => s.title)).toEqual(
        version === '2' ? ['A swarm stack', 'Bad ports'] : ['A swarm stack', 'Bad ports', 'Quay app'],
      );
      expect(result.skipped[1]!.reason).toBe(messages.portRange);
      if (version === '3') expect(result.skipped[2]!.reason).toBe(messages.templateNameTaken);
    }
    const list = json<{ list: TemplateView[] }>(
      await admin('GET', `${APPLICATION_API}/templates?search=mosquitto`),
    ).list;
    expect(list.find((t) => t.appName === 'mosquitto-v2')).toMatchObject({
      imageName: 'eclipse-mosquitto',
      tag: '2.0',
      category: 'messaging',
      icon: 'https://example.com/mqtt.png',
      ports: [
        { hostPort: 1883, containerPort: 1883, protocol: 'tcp' },
        { hostPort: 9001, containerPort: 9001, protocol: 'tcp' },
      ],
      env: [
        { name: 'TZ', value: 'UTC' },
        { name: 'MODE', value: 'two' },
      ],
      volumes: [{ name: 'mosquitto-v2-data', containerPath: '/mosquitto/data' }],
    });
    const quay = json<{ list: TemplateView[] }>(
      await admin('GET', `${APPLICATION_API}/templates?search=quay`),
    ).list;
    expect(quay[0]).toMatchObject({ appName: 'Quay-app', image: 'quay.io/team/app:1.0' });
    const own = json<{ imported: number }>(
      await admin('POST', `${APPLICATION_API}/templates/import`, {
        content: JSON.stringify({
          version: 'edge-1',
          templates: [{ ...goodTemplate, appName: 'imported-red' }],
        }),
      }),
    );
    expect(own.imported).toBe(1);
    const before = await written();
    for (const content of ['not json', '{"version":"9","templates":[]}', '{"a":1}']) {
      const res = await admin('POST', `${APPLICATION_API}/templates/import`, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ err_code: string }>().err_code).toBe('templateImportInvalid');
    }
    expect(await written()).toBe(before);
  });

  test('reading needs Application view; changing it Application manage', async () => {
    const viewer = await userWithRole(edge, admin, { Application: view });
    const outsider = await userWithRole(edge, admin, { Inventory: grant });
    expect((await viewer.call('GET', `${APPLICATION_API}/templates`)).statusCode).toBe(200);
    expect((await viewer.call('POST', `${APPLICATION_API}/templates`, goodTemplate)).statusCode).toBe(403);
    expect((await outsider.call('GET', `${APPLICATION_API}/templates`)).statusCode).toBe(403);
    expect((await outsider.call('GET', `${APPLICATION_API}/licence`)).statusCode).toBe(403);
    expect(json(await viewer.call('GET', `${APPLICATION_API}/licence`))).toMatchObject({
      count: null,
      unused: null,
    });
  });
});

describe('a group deploy to 200 simulated devices, 10 without room', () => {
  const COUNT = 200;
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let ids: string[];
  let groupId: number;
  /** Every 20th device: its memory is taken by three large apps first. */
  let full: string[];

  beforeAll(async () => {
    let session;
    ({ edge, session, fleet } = await startConsoleWithFleet('sqlite', {
      count: COUNT,
      prefix,
      models: ['EG-8P PoE Edge Gateway'],
      // 200 is the size and stays. Each device enrols (a key pair, a certificate), says hello and
      // reports before it counts: on the shared 2 cores with other suites running this once took over the
      // default minute, so the fleet gets three (the whole file ran in 61 s on a quieter machine).
      readyMs: 180_000,
    }));
    admin = caller(edge, session);
    ids = Array.from(
      { length: COUNT },
      (_, i) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, i + 1))!.id,
    );
    groupId = (await edge.devices.groups.create(`apps-${prefix}`)).id;
    await edge.devices.updateMany(ids, { groupId });
    full = ids.filter((_, i) => i % 20 === 19);
  }, 300_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  const template = async (appName: string, resource: string) =>
    json<TemplateView>(
      await admin('POST', `${APPLICATION_API}/templates`, {
        appName,
        imageName: `demo/${appName}`,
        tag: '1',
        resource,
      }),
    );
  const deploy = async (body: object) =>
    json<JobDetail>(await admin('POST', `${APPLICATION_API}/deploy`, body));

  test('progress per device, 10 refused for memory, the stop rule, and a re-run once room is made', async () => {
    // Each EG-8P gives apps 1536 MB: three high apps (512 MB each) fill it.
    for (const n of [1, 2, 3]) {
      const hog = await template(`hog-${n}`, 'high');
      const done = await jobFinished(
        edge.jobs,
        (await deploy({ templateId: hog.id, deviceIds: full })).job.id,
      );
      expect(done.job.counts.succeeded).toBe(full.length);
    }
    const seen = new Map<number, Set<string>>();
    edge.jobs.onChange((change) => {
      if (change.type !== 'step') return;
      const states = seen.get(change.jobId) ?? new Set<string>();
      states.add(change.step.state);
      seen.set(change.jobId, states);
    });

    const shop = await template('shop', 'medium');
    const started = await deploy({ templateId: shop.id, groupId, concurrency: 50 });
    expect(started.steps).toHaveLength(COUNT);
    const done = await jobFinished(edge.jobs, started.job.id, 120_000);
    expect(done.job.state).toBe('failed');
    expect(done.job.counts).toMatchObject({ succeeded: COUNT - 10, failed: 10 });
    const failed = done.steps.filter((s) => s.state === 'failed');
    expect(failed.map((s) => s.deviceId).sort()).toEqual([...full].sort());
    for (const step of failed) {
      expect(step.reason).toBe('memoryReservation');
      expect(JSON.stringify(step.result)).toContain(messages.memoryReservation);
    }
    expect([...seen.get(started.job.id)!]).toEqual(
      expect.arrayContaining(['running', 'succeeded', 'failed']),
    );

    // The stop rule: at most 2% may fail; 20 at a time, so the rest is left alone once 5 failed.
    const cache = await template('cache', 'medium');
    const halted = await jobFinished(
      edge.jobs,
      (await deploy({ templateId: cache.id, groupId, concurrency: 20, maxFailedShare: 0.02 })).job.id,
      120_000,
    );
    expect(halted.job.state).toBe('stopped');
    expect(halted.job.counts.failed).toBeGreaterThanOrEqual(5);
    expect(halted.job.counts.failed).toBeLessThanOrEqual(10);
    expect(halted.job.counts.cancelled).toBeGreaterThan(0);

    // Room made on the 10 (one large app removed each), the failed steps of the first deploy run again.
    for (const deviceId of full) {
      const removed = json<{ message: string }>(
        await admin('POST', `${APPLICATION_API}/action`, { deviceId, name: 'hog-1', action: 'remove' }),
      );
      expect(removed.message).toBe(messages.deleted);
    }
    json(await admin('POST', '/api/v1/jobs/rerun', { id: started.job.id }));
    const rerun = await waitFor(
      async () => {
        const detail = await edge.jobs.get(started.job.id);
        return detail.job.finishedAt !== null && detail.job.counts.succeeded === COUNT && detail;
      },
      'the re-run to finish',
      60_000,
    );
    expect(rerun.job.state).toBe('succeeded');
    expect(rerun.steps.filter((s) => full.includes(s.deviceId)).every((s) => s.attempts === 2)).toBe(true);

    // A device's own list has the app running with its limits; the fleet list has it on every device.
    const one = json<{ containers: { name: string; state: string; resource: string | null }[] }>(
      await admin('GET', `${APPLICATION_API}/installed?deviceId=${full[0]}`),
    );
    expect(one.containers.find((c) => c.name === 'shop')).toMatchObject({
      state: 'running',
      resource: 'medium',
    });
    const fleetList = await waitFor(
      async () => {
        const list = json<{ total: number }>(
          await admin('GET', `${APPLICATION_API}/installed/fleet?search=shop&pageSize=500`),
        );
        return list.total === COUNT && list;
      },
      'every device to report the app',
      30_000,
    );
    expect(fleetList.total).toBe(COUNT);
  }, 300_000);

  test('a Container account sees only the Application area, and deploys to the devices it lists', async () => {
    const operator = await userWithRole(edge, admin, { Application: grant, Inventory: grant }, 'Container');
    expect((await operator.call('GET', '/api/v1/inventory/list?page=1&pageSize=10')).statusCode).toBe(403);
    const offered = json<{ list: { id: string; model: string }[]; groups: { id: number }[] }>(
      await operator.call('GET', `${APPLICATION_API}/devices?search=${prefix}`),
    );
    expect(offered.list.length).toBe(Math.min(100, COUNT));
    expect(offered.list.every((d) => d.model === 'EG-8P PoE Edge Gateway')).toBe(true);
    expect(offered.groups.map((g) => g.id)).toContain(groupId);
    const tiny = await template('tiny', 'low');
    const started = json<JobDetail>(
      await operator.call('POST', `${APPLICATION_API}/deploy`, {
        templateId: tiny.id,
        deviceIds: [offered.list[0]!.id],
      }),
    );
    expect((await jobFinished(edge.jobs, started.job.id)).job.state).toBe('succeeded');
  });

  test('volumes and network endpoints of a device: create, list with use and size, remove; in use refused', async () => {
    const deviceId = ids[0]!;
    const made = json<{ volumes: { name: string; inUse: number }[] }>(
      await admin('POST', `${APPLICATION_API}/volumes`, { deviceId, name: 'data-1' }),
    );
    expect(made.volumes).toContainEqual(expect.objectContaining({ name: 'data-1', inUse: 0 }));
    json(await admin('DELETE', `${APPLICATION_API}/volumes?deviceId=${deviceId}&name=data-1`));
    const bad = json<{ err_code: string }>(
      await admin('POST', `${APPLICATION_API}/volumes`, { deviceId, name: 'a' }),
      400,
    );
    expect(bad.err_code).toBe('volumeNameFormat');
    const nets = json<{
      networks: { name: string; driver: string; options: Record<string, string>; builtIn: boolean }[];
    }>(
      await admin('POST', `${APPLICATION_API}/networks`, {
        deviceId,
        name: 'plant-floor',
        driver: 'macvlan',
        options: { parent: 'eth1' },
      }),
    );
    expect(nets.networks).toContainEqual(
      expect.objectContaining({
        name: 'plant-floor',
        driver: 'macvlan',
        options: { parent: 'eth1' },
        builtIn: false,
      }),
    );
    const twice = await admin('POST', `${APPLICATION_API}/networks`, { deviceId, name: 'plant-floor' });
    expect(twice.statusCode).toBe(409);
    const gone = json<{ networks: { name: string }[] }>(
      await admin('DELETE', `${APPLICATION_API}/networks?deviceId=${deviceId}&name=plant-floor`),
    );
    expect(gone.networks.map((n) => n.name)).toEqual(['bridge']);
  });

  test('device to device: a running app copied to other devices with its definition', async () => {
    const targets = ids.filter((id) => !full.includes(id)).slice(0, 3);
    const copied = json<JobDetail>(
      await admin('POST', `${APPLICATION_API}/copy`, {
        fromDeviceId: full[0],
        name: 'hog-2',
        deviceIds: targets,
      }),
    );
    const done = await jobFinished(edge.jobs, copied.job.id);
    expect(done.job.counts.succeeded).toBe(3);
    const there = json<{
      containers: { name: string; resource: string | null; image: string; managed: boolean }[];
    }>(await admin('GET', `${APPLICATION_API}/installed?deviceId=${targets[0]}`)).containers.find(
      (c) => c.name === 'hog-2',
    );
    expect(there).toMatchObject({ resource: 'high', image: 'demo/hog-2:1', managed: true });
    const missing = json<{ err_code: string }>(
      await admin('POST', `${APPLICATION_API}/copy`, {
        fromDeviceId: full[0],
        name: 'no-such-app',
        deviceIds: targets,
      }),
      404,
    );
    expect(missing.err_code).toBe('containerNotFound');
  });

  test('an orphan (started outside the console) is adopted: a template of it, deployed again under management', async () => {
    let orphan: { deviceId: string; name: string } | undefined;
    for (const deviceId of ids) {
      const list = json<{ containers: { name: string; managed: boolean }[] }>(
        await admin('GET', `${APPLICATION_API}/installed?deviceId=${deviceId}`),
      ).containers;
      const found = list.find((c) => !c.managed);
      if (found) {
        orphan = { deviceId, name: found.name };
        break;
      }
    }
    expect(orphan, 'a simulated device with an app of its own').toBeDefined();
    const adopted = json<{ template: TemplateView; job: JobDetail }>(
      await admin('POST', `${APPLICATION_API}/adopt`, orphan),
    );
    expect(adopted.template).toMatchObject({
      appName: orphan!.name,
      imageName: orphan!.name,
      tag: 'latest',
      resource: 'low',
    });
    const done = await jobFinished(edge.jobs, adopted.job.job.id);
    expect(done.job.state).toBe('succeeded');
    const now = json<{ containers: { name: string; managed: boolean; resource: string | null }[] }>(
      await admin('GET', `${APPLICATION_API}/installed?deviceId=${orphan!.deviceId}`),
    ).containers.filter((c) => c.name === orphan!.name);
    expect(now).toEqual([expect.objectContaining({ managed: true, resource: 'low' })]);
  });
});

describe('live app states', () => {
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let adminHeaders: Record<string, string>;
  let deviceId: string;
  let serial: string;
  let otherId: string;
  let otherSerial: string;

  beforeAll(async () => {
    const prefix = uniquePrefix();
    let session;
    ({ edge, session, fleet } = await startConsoleWithFleet('sqlite', {
      count: 2,
      prefix,
      models: ['EG-8P PoE Edge Gateway'],
      control: true,
    }));
    admin = caller(edge, session);
    adminHeaders = session.headers(false);
    serial = fleetSerial(prefix, 1);
    deviceId = edge.devices.list().find((d) => d.serial === serial)!.id;
    otherId = edge.devices.list().find((d) => d.serial === fleetSerial(prefix, 2))!.id;
    otherSerial = fleetSerial(prefix, 2);
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  /** A low app of that name deployed to the device (a template, then a deploy job that succeeded). */
  async function deployLow(appName: string): Promise<void> {
    const made = json<TemplateView>(
      await admin('POST', `${APPLICATION_API}/templates`, {
        appName,
        imageName: `demo/${appName}`,
        tag: '1',
        resource: 'low',
      }),
    );
    const started = json<JobDetail>(
      await admin('POST', `${APPLICATION_API}/deploy`, { templateId: made.id, deviceIds: [deviceId] }),
    );
    expect((await jobFinished(edge.jobs, started.job.id)).job.state).toBe('succeeded');
  }

  test('app state changes reach the browsers watching live: the device list pushed, the fleet told', async () => {
    await deployLow('beat');
    // The device's report of the new app taken in (and pushed to nobody yet): a push of it cannot then come
    // after the subscription below and pass for one made on subscribing.
    await waitFor(
      async () =>
        json<{ list: { deviceId: string; state: string }[] }>(
          await admin('GET', `${APPLICATION_API}/installed/fleet?search=beat&pageSize=500`),
        ).list.find((r) => r.deviceId === deviceId)?.state === 'running',
      'the new app reported running',
    );
    const live = await openLive(edge, adminHeaders);
    try {
      live.subscribe(LIVE_CHANNELS.containers, [deviceId, 'ffffffffffffffff']);
      live.subscribe(LIVE_CHANNELS.containerFleet, ['']);
      await live.settled();
      const refused = await live.next(LIVE_CHANNELS.live, (d) => 'err_code' in d);
      expect(refused.data).toMatchObject({ err_code: 'deviceNotFound', key: 'ffffffffffffffff' });
      // Nothing on subscribe: the screen reads the list itself.
      expect(live.messages.filter((m) => m.channel === LIVE_CHANNELS.containers)).toEqual([]);

      json(await admin('POST', `${APPLICATION_API}/action`, { deviceId, name: 'beat', action: 'stop' }));
      const pushed = await live.next(
        LIVE_CHANNELS.containers,
        (d) => d.containers.find((c) => c.name === 'beat')?.state === 'exited',
      );
      expect(pushed.key).toBe(deviceId);
      expect(pushed.data).toMatchObject({
        deviceId,
        capacity: expect.objectContaining({ cpus: expect.any(Number) }),
      });
      // The fleet's batch may come before or after the device's list: looked for among all messages.
      await waitFor(
        () =>
          live.messages.some(
            (m) =>
              m.channel === LIVE_CHANNELS.containerFleet &&
              m.key === '' &&
              (m.data as { deviceIds: string[] }).deviceIds.includes(deviceId),
          ),
        'the fleet told',
      );
      // The fleet list has the newest states at once, not at the device's next report.
      const fleetRows = json<{ list: { deviceId: string; name: string; state: string }[] }>(
        await admin('GET', `${APPLICATION_API}/installed/fleet?search=beat&pageSize=500`),
      ).list;
      expect(fleetRows.find((r) => r.deviceId === deviceId)).toMatchObject({ state: 'exited' });

      json(await admin('POST', `${APPLICATION_API}/action`, { deviceId, name: 'beat', action: 'remove' }));
      await live.next(LIVE_CHANNELS.containers, (d) => !d.containers.some((c) => c.name === 'beat'));
    } finally {
      live.close();
    }

    // Reading the channel needs Application view, as GET installed does.
    const stranger = await userWithRole(edge, admin, { Inventory: view });
    const theirs = await openLive(edge, stranger.session.headers(false));
    theirs.subscribe(LIVE_CHANNELS.containers, [deviceId]);
    const no = await theirs.next(LIVE_CHANNELS.live, (d) => 'err_code' in d);
    expect(no.data).toMatchObject({ err_code: 'forbidden', key: deviceId });
    theirs.close();
  });

  test('an offline device shows its last known apps marked offline, and refreshes by itself when back', async () => {
    await deployLow('keep');
    const installed = async (id: string) =>
      json<InstalledResponse>(await admin('GET', `${APPLICATION_API}/installed?deviceId=${id}`));
    const online = await installed(deviceId);
    expect(online).toMatchObject({ offline: false, asOf: expect.any(Number) });
    const running = online.containers.find((c) => c.name === 'keep')!;
    expect(running).toMatchObject({ state: 'running', resource: 'low', managed: true });

    const live = await openLive(edge, adminHeaders);
    try {
      live.subscribe(LIVE_CHANNELS.containers, [deviceId]);
      await live.settled();
      // Cut off as a cable pulled out; back after 8 s.
      fleet.process.stdin!.write(`drop ${serial} 8000\n`);
      fleet.process.stdin!.write(`drop ${otherSerial} 60000\n`);
      await waitFor(
        () => !edge.devices.get(deviceId)!.online && !edge.devices.get(otherId)!.online,
        'both devices offline',
        60_000,
      );
      // Pushed to the screen as soon as it went: the same apps, marked offline with when they were read.
      const stale = await live.next(LIVE_CHANNELS.containers, (d) => d.offline, 30_000);
      expect(stale.data.asOf).toBeGreaterThanOrEqual(online.asOf!);
      // And answered at once, not an empty list nor a wait: what it last showed, without live figures.
      const asked = await installed(deviceId);
      expect(asked).toMatchObject({ offline: true, capacity: online.capacity });
      expect(asked.containers.find((c) => c.name === 'keep')).toEqual({
        ...running,
        cpuPercent: null,
        memoryBytes: null,
      });
      // Its actions are refused while it is away.
      const refused = await admin('POST', `${APPLICATION_API}/action`, {
        deviceId,
        name: 'keep',
        action: 'stop',
      });
      expect(refused.statusCode).toBe(409);
      expect(JSON.parse(refused.body)).toMatchObject({ err_code: 'deviceOffline' });

      // Back: the screen watching gets the device's own list again, with nobody asking.
      const back = await live.next(
        LIVE_CHANNELS.containers,
        (d) => !d.offline && d.containers.some((c) => c.name === 'keep' && c.state === 'running'),
        60_000,
      );
      expect(back.key).toBe(deviceId);
      expect(edge.devices.get(deviceId)!.online).toBe(true);
    } finally {
      live.close();
    }

    // A device this console never read the apps of: its last report's names and states, marked offline.
    const reported = edge.devices.get(otherId)!.telemetry!;
    const other = await installed(otherId);
    expect(other).toMatchObject({ offline: true, capacity: null, asOf: expect.any(Number) });
    expect(other.containers.map((c) => [c.name, c.state])).toEqual(
      reported.containers.map((c) => [c.name, c.state]),
    );
  }, 150_000);
});
