/**
 * Issue 22 with a real `edge-agent`, built by this test (packages/agent/scripts/build.mjs) as version
 * 1.0.0-t and started under its supervisor with a test upgrade key: it takes version 2.0.0-t (built here
 * too, signed with the test key, uploaded to the console and rolled out as a job) and comes back reporting
 * it; an image signed with another key is refused by the device; a version that cannot reach the console is
 * rolled back by the device itself within its deadline. Uploads the console refuses leave nothing written.
 * SQLite only: what is under test is the device and the image path, not the store.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RELEASE_FEED_MAX_BYTES, UPGRADE_DEFAULTS, type JobDetail } from '@edge/protocol';
import { generateSigningKeys } from '@edge/protocol/signature';
import { packImage } from '@edge/protocol/upgrade-image';
import { TEST_CLAIM_CODE, signIn, type TestConsole } from '../testing/harness.ts';
import {
  agentOnline,
  consoleUrl,
  startAgent,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type Child,
} from '../testing/devices.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { multipart, png } from '../testing/files.ts';

const BUILD = path.resolve(import.meta.dirname, '../../../agent/scripts/build.mjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-upgrade-'));
const key = generateSigningKeys();
const otherKey = generateSigningKeys();
let edge: TestConsole;
let agent: Child;
let call: Caller;
let deviceId = '';

function build(version: string): string {
  const outDir = path.join(work, version);
  const built = spawnSync(process.execPath, [BUILD, '--outdir', outDir, '--version', version], {
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  return path.join(outDir, 'edge-agent.mjs');
}

const upload = (bytes: Buffer, name = 'agent.img', url = '/api/v1/systemUpgrade/image/upload') => {
  const body = multipart(bytes, name);
  return call('POST', url, body.payload, body.headers);
};
const setKey = (publicKey: string) =>
  call('PATCH', '/api/v1/systemUpgrade/setting', { ...UPGRADE_DEFAULTS, publicKey });

async function rollOut(imageId: number, rollbackAfterS = 60): Promise<JobDetail> {
  const res = await call('POST', '/api/v1/systemUpgrade/rollout', {
    imageId,
    deviceIds: [deviceId],
    canaryShare: 0,
    rollbackAfterS,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { jobId } = res.json<{ jobId: number }>();
  return waitFor(
    async () => {
      const detail = await edge.jobs.get(jobId);
      return detail.job.state !== 'running' && detail;
    },
    `upgrade job ${jobId} finished`,
    180_000,
  );
}

const versionOf = async () =>
  (await call('GET', '/api/v1/systemUpgrade/versions'))
    .json<{ list: { deviceId: string; agentVersion: string | null; state: string | null }[] }>()
    .list.find((r) => r.deviceId === deviceId);

beforeAll(async () => {
  const v1 = build('1.0.0-t');
  edge = await startListeningConsole('sqlite');
  call = caller(edge, await signIn(edge));
  expect((await setKey(key.publicKeyPem)).statusCode).toBe(200);
  const keyFile = path.join(work, 'upgrade.pub');
  fs.writeFileSync(keyFile, key.publicKeyPem);
  const serial = `${uniquePrefix()}-UPG`;
  await edge.enrolment.provision([{ serial, claimCode: TEST_CLAIM_CODE }]);
  agent = startAgent({
    console: consoleUrl(edge),
    serial,
    stateDir: path.join(work, 'state'),
    interval: 5,
    program: v1,
    extraArgs: ['--upgrade-key', keyFile],
  });
  deviceId = await agentOnline(edge, serial, 'the built agent online', 90_000);
}, 150_000);

afterAll(async () => {
  await agent?.stop();
  await edge?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a real agent upgrades itself', () => {
  test('to a new version built and signed here, and reports it', async () => {
    const v2 = build('2.0.0-t');
    const image = packImage(
      { kind: 'agent', model: '*', version: '2.0.0-t' },
      fs.readFileSync(v2),
      key.privateKeyPem,
    );
    const res = await upload(image);
    expect(res.statusCode, res.body).toBe(200);
    const detail = await rollOut(res.json<{ id: number }>().id);
    expect(detail.steps[0], JSON.stringify(detail.steps[0])).toMatchObject({ state: 'succeeded' });
    expect(detail.job.state).toBe('succeeded');
    expect(await versionOf()).toMatchObject({ agentVersion: '2.0.0-t', state: 'done' });
    const slots = JSON.parse(fs.readFileSync(path.join(work, 'state/upgrade/slots.json'), 'utf8'));
    expect(slots).toMatchObject({ active: 'a', trial: null, last: { version: '2.0.0-t', from: '1.0.0-t' } });
    await waitFor(
      () => edge.devices.list().find((d) => d.id === deviceId)?.online,
      'the upgraded agent online',
    );
  }, 240_000);

  test('an image signed with a key the device does not hold is refused by the device', async () => {
    // The console is told to trust another key, so it takes the image; the device knows better.
    expect((await setKey(otherKey.publicKeyPem)).statusCode).toBe(200);
    const image = packImage(
      { kind: 'agent', model: '*', version: '2.5.0-t' },
      Buffer.from('console.log("not from the vendor")\n'),
      otherKey.privateKeyPem,
    );
    const res = await upload(image);
    expect(res.statusCode, res.body).toBe(200);
    const detail = await rollOut(res.json<{ id: number }>().id);
    expect(detail.steps[0]!.state).toBe('failed');
    expect(detail.steps[0]!.reason).toContain("signature does not match this device's upgrade key");
    expect((await versionOf())?.agentVersion).toBe('2.0.0-t');
    expect((await setKey(key.publicKeyPem)).statusCode).toBe(200);
  }, 120_000);

  test('a version that cannot reach the console is rolled back by the device within its deadline', async () => {
    // A build that starts and never connects: the supervisor must put the previous version back.
    const broken = Buffer.from('setInterval(() => {}, 1000);\n');
    const image = packImage(
      { kind: 'agent', model: '*', version: '3.0.0-broken' },
      broken,
      key.privateKeyPem,
    );
    const res = await upload(image);
    expect(res.statusCode, res.body).toBe(200);
    const started = Date.now();
    const detail = await rollOut(res.json<{ id: number }>().id, 10);
    const tookMs = Date.now() - started;
    expect(detail.steps[0]!.state).toBe('failed');
    expect(detail.steps[0]!.reason).toMatch(
      /rolled back to 2\.0\.0-t: the new version did not reach the console within 10 s/,
    );
    expect(await versionOf()).toMatchObject({ agentVersion: '2.0.0-t', state: 'rolledBack' });
    // Deadline 10 s, then the old version's own start and reconnect: well inside the step's budget.
    expect(tookMs).toBeLessThan(90_000);
    const slots = JSON.parse(fs.readFileSync(path.join(work, 'state/upgrade/slots.json'), 'utf8'));
    expect(slots).toMatchObject({ active: 'a', trial: null, last: { state: 'rolledBack' } });
  }, 180_000);
});

describe('the console refuses bad uploads, and writes nothing', () => {
  test('unsigned, badly signed, wrong type, too large', async () => {
    const before = (await call('GET', '/api/v1/systemUpgrade/image/list')).json<{ list: unknown[] }>().list
      .length;
    const good = packImage(
      { kind: 'agent', model: '*', version: '9.0.0' },
      Buffer.from('x'),
      key.privateKeyPem,
    );
    const text = good.toString('latin1');
    const lines = text.split('\n');
    const unsigned = Buffer.from([lines[0], lines[1], '', lines.slice(3).join('\n')].join('\n'), 'latin1');
    const forged = packImage(
      { kind: 'agent', model: '*', version: '9.0.0' },
      Buffer.from('x'),
      otherKey.privateKeyPem,
    );
    const tampered = Buffer.concat([good.subarray(0, good.length - 1), Buffer.from('y')]);
    const cases: [Buffer, string][] = [
      [unsigned, 'This image is not signed: only signed images are accepted.'],
      [forged, "The image's signature does not match this console's upgrade key."],
      [tampered, 'The image is damaged: its contents do not match its manifest.'],
      [png(10, 10), 'This file is not a device image.'],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ err_message: message });
    }
    const big = await upload(
      Buffer.alloc(RELEASE_FEED_MAX_BYTES + 1, 0x61),
      'feed.json',
      '/api/v1/systemUpgrade/feed/upload',
    );
    expect(big.statusCode).toBe(413);
    const after = (await call('GET', '/api/v1/systemUpgrade/image/list')).json<{ list: unknown[] }>().list
      .length;
    expect(after).toBe(before);
    expect((await call('GET', '/api/v1/systemUpgrade/info')).json()).toMatchObject({ feedSource: 'none' });
  });
});
