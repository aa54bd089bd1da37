/**
 * The staged rollout of a device image (issue 22) over simulated devices, which answer the same upgrade
 * calls as the real agent: every device takes the new version and the version report says so; a canary
 * that fails (the fleet's `upgrade-fail`: the new version never reaches the console and is rolled back)
 * stops the job before the rest are touched; past the failure share the job halts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fleetSerial, UPGRADE_DEFAULTS, type JobDetail } from '@edge/protocol';
import { generateSigningKeys } from '@edge/protocol/signature';
import { packImage } from '@edge/protocol/upgrade-image';
import type { TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { multipart } from '../testing/files.ts';

const COUNT = 5;
const prefix = uniquePrefix();
const key = generateSigningKeys();
let edge: TestConsole;
let fleet: Child;
let call: Caller;

beforeAll(async () => {
  const started = await startConsoleWithFleet('sqlite', {
    count: COUNT,
    prefix,
    control: true,
    entries: (_serial, i) => (i < 2 ? { group: 'North' } : {}),
  });
  edge = started.edge;
  fleet = started.fleet;
  call = caller(edge, started.session);
  const res = await call('PATCH', '/api/v1/systemUpgrade/setting', {
    ...UPGRADE_DEFAULTS,
    publicKey: key.publicKeyPem,
  });
  expect(res.statusCode, res.body).toBe(200);
}, 90_000);

afterAll(async () => {
  await fleet?.stop();
  await edge?.destroy();
});

async function image(version: string): Promise<number> {
  const body = multipart(
    packImage({ kind: 'agent', model: '*', version }, Buffer.from(`agent ${version}`), key.privateKeyPem),
    'agent.img',
  );
  const res = await call('POST', '/api/v1/systemUpgrade/image/upload', body.payload, body.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}

async function rollOut(body: object): Promise<JobDetail> {
  const res = await call('POST', '/api/v1/systemUpgrade/rollout', body);
  expect(res.statusCode, res.body).toBe(200);
  const { jobId } = res.json<{ jobId: number }>();
  return waitFor(
    async () => {
      const detail = await edge.jobs.get(jobId);
      return detail.job.state !== 'running' && detail;
    },
    `job ${jobId} finished`,
    120_000,
  );
}

const deviceIds = () => edge.devices.list().map((d) => d.id);
const control = (line: string) => fleet.process.stdin!.write(`${line}\n`);

type VersionRow = {
  deviceId: string;
  firmware: string;
  agentVersion: string | null;
  state: string | null;
};
const versionReport = async () =>
  (await call('GET', '/api/v1/systemUpgrade/versions')).json<{ list: VersionRow[] }>().list;

describe('staged rollout over simulated devices', () => {
  test('before any rollout, the version report lists what every device says in its hello', async () => {
    const versions = await versionReport();
    expect(versions).toHaveLength(COUNT);
    for (const row of versions) {
      const device = edge.devices.get(row.deviceId)!;
      expect(row.agentVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(row.agentVersion).toBe(device.agentVersion);
      expect(row.firmware).toBe(device.firmware);
      expect(row.firmware).not.toBe('');
      expect(row.state).toBeNull();
    }
  });

  test('every device takes the new version, canary first; the version report says so', async () => {
    const detail = await rollOut({ imageId: await image('5.0.0'), deviceIds: deviceIds(), canaryShare: 0.2 });
    expect(detail.job.state).toBe('succeeded');
    expect(detail.steps.filter((s) => s.wave === 0)).toHaveLength(1);
    expect(detail.steps.every((s) => s.state === 'succeeded')).toBe(true);
    const versions = (await call('GET', '/api/v1/systemUpgrade/versions')).json<{
      list: { agentVersion: string | null; state: string | null }[];
    }>().list;
    expect(versions).toHaveLength(COUNT);
    expect(versions.every((v) => v.agentVersion === '5.0.0' && v.state === 'done')).toBe(true);
    // The devices said so themselves: their hello after the restart carries the new version, and it is
    // kept in the devices table across a console restart.
    await waitFor(
      () => edge.devices.list().every((d) => d.agentVersion === '5.0.0'),
      'every hello saying 5.0.0',
    );
    await edge.flushDevices();
    const stored = await edge.store.db.selectFrom('devices').select('agent_version').execute();
    expect(stored.map((r) => r.agent_version)).toEqual(Array(COUNT).fill('5.0.0'));
  }, 150_000);

  test('a canary that rolls back stops the job before the rest are touched', async () => {
    for (let i = 1; i <= COUNT; i++) control(`upgrade-fail ${fleetSerial(prefix, i)}`);
    const detail = await rollOut({ imageId: await image('6.0.0'), deviceIds: deviceIds(), canaryShare: 0.2 });
    expect(detail.job.state).toBe('stopped');
    const canary = detail.steps.filter((s) => s.wave === 0);
    expect(canary).toHaveLength(1);
    expect(canary[0]!.state).toBe('failed');
    expect(canary[0]!.reason).toMatch(/^rolled back to 5\.0\.0/);
    expect(detail.steps.filter((s) => s.wave === 1).every((s) => s.startedAt === null)).toBe(true);
    const versions = (await call('GET', '/api/v1/systemUpgrade/versions')).json<{
      list: { agentVersion: string | null }[];
    }>().list;
    expect(versions.every((v) => v.agentVersion === '5.0.0')).toBe(true);
  }, 150_000);

  test('past the failure share the job halts: the remaining devices are left alone', async () => {
    const detail = await rollOut({
      imageId: await image('7.0.0'),
      deviceIds: deviceIds(),
      canaryShare: 0,
      maxFailedShare: 0.3,
      concurrency: 1,
    });
    expect(detail.job.state).toBe('stopped');
    const failed = detail.steps.filter((s) => s.state === 'failed');
    expect(failed.length).toBe(2);
    expect(detail.steps.filter((s) => s.startedAt === null).length).toBe(COUNT - 2);
    for (let i = 1; i <= COUNT; i++) control(`upgrade-ok ${fleetSerial(prefix, i)}`);
  }, 150_000);

  test('a group: every device of it, and only those, take the image', async () => {
    const groupId = edge.devices.list().find((d) => d.groupId !== null)!.groupId!;
    const members = edge.devices
      .list()
      .filter((d) => d.groupId === groupId)
      .map((d) => d.id);
    expect(members).toHaveLength(2);
    const detail = await rollOut({ imageId: await image('8.0.0'), groupId, canaryShare: 0 });
    expect(detail.job.state).toBe('succeeded');
    expect(detail.steps.map((s) => s.deviceId).sort()).toEqual([...members].sort());
    const versions = await versionReport();
    for (const row of versions)
      expect(row.agentVersion, row.deviceId).toBe(members.includes(row.deviceId) ? '8.0.0' : '5.0.0');
  }, 150_000);
});
