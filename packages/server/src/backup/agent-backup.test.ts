/**
 * A real `edge-agent` (Linux backend, configuration rendered below its apply root): its backup carries the
 * agent's configuration files as a tar.gz archive fetched over RPC backup.archive; a file changed after
 * the backup is back as it was after a restore; an archive whose paths leave their folder is refused by
 * the agent itself, nothing written outside the root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar, writeTar, type BackupFile, type BackupView, type RestoreResult } from '@edge/protocol';
import { TEST_CLAIM_CODE, signIn, type TestConsole } from '../testing/harness.ts';
import {
  agentOnline,
  consoleUrl,
  startAgent,
  startListeningConsole,
  uniquePrefix,
  type Child,
} from '../testing/devices.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { jobFinished } from '../testing/jobs.ts';

let edge: TestConsole;
let agent: Child;
let admin: Caller;
let stateDir = '';
let deviceId = '';
const custom = () => path.join(stateDir, 'apply-root', 'etc', 'config', 'custom');

beforeAll(async () => {
  edge = await startListeningConsole('sqlite');
  admin = caller(edge, await signIn(edge));
  const serial = `${uniquePrefix()}-BAK`;
  await edge.enrolment.provision([{ serial, claimCode: TEST_CLAIM_CODE }]);
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-backup-agent-'));
  agent = startAgent({ console: consoleUrl(edge), serial, stateDir, interval: 2 });
  deviceId = await agentOnline(edge, serial, 'the agent online', 60_000);
}, 90_000);

afterAll(async () => {
  await agent?.stop();
  await edge?.destroy();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe("a real agent's configuration archive", () => {
  it('round-trips through a backup and a restore', async () => {
    fs.mkdirSync(path.dirname(custom()), { recursive: true });
    fs.writeFileSync(custom(), "config custom 'main'\n\toption value 'before'\n");

    const started = await admin('POST', '/api/v1/backup/now', { deviceIds: [deviceId] });
    expect(started.statusCode, started.body).toBe(200);
    const done = await jobFinished(edge.jobs, started.json().jobId, 90_000);
    expect(done.steps[0]!.reason ?? '').toBe('');
    const [backup] = (await admin('GET', `/api/v1/backup/history?deviceId=${deviceId}`)).json()
      .list as BackupView[];
    expect(backup).toMatchObject({ hasArchive: true, model: 'Test Linux Box' });
    const file = (
      await admin('GET', `/api/v1/uploadFile/get?id=${encodeURIComponent(backup!.id)}`)
    ).json<BackupFile>();
    expect(file.content.archive?.source).toBe('agent-files');
    const entries = readTar(gunzipSync(Buffer.from(file.content.archive!.data, 'base64')));
    const saved = entries.find((e) => e.name === 'etc/config/custom');
    expect(Buffer.from(saved!.data).toString()).toContain("'before'");

    fs.writeFileSync(custom(), "config custom 'main'\n\toption value 'after'\n");
    const restore = await admin('POST', '/api/v1/backup/restore', { id: backup!.id });
    expect(restore.statusCode, restore.body).toBe(200);
    const restored = await jobFinished(edge.jobs, restore.json().jobId, 120_000);
    expect(restored.steps[0]!.reason ?? '').toBe('');
    expect(restored.steps[0]!.result as RestoreResult).toMatchObject({ archive: true, rebootInMs: 200 });
    expect(fs.readFileSync(custom(), 'utf8')).toContain("'before'");
  }, 240_000);

  it('refuses an archive with a path leaving its folder, writing nothing', async () => {
    const outside = path.join(stateDir, 'escaped');
    const data = gzipSync(
      writeTar([
        { name: 'etc/config/fine', data: new TextEncoder().encode('fine') },
        { name: '../escaped', data: new TextEncoder().encode('x') },
      ]),
    ).toString('base64');
    await expect(
      edge.rpc.call(deviceId, 'backup.restore', {
        archive: { format: 'tar.gz', source: 'agent-files', data },
      }),
    ).rejects.toThrow(/leaves its folder/);
    expect(fs.existsSync(outside)).toBe(false);
    expect(fs.existsSync(path.join(stateDir, 'apply-root', 'etc', 'config', 'fine'))).toBe(false);
  }, 60_000);
});
