/**
 * The Backup app end to end over a simulated fleet, on SQLite and PostgreSQL: back up a device (its
 * sections and its own archive, sealed in DATA_DIR), change its configuration, restore, and find the old
 * configuration applied on the device and the device rebooted; the same backup restored on another device
 * of the same model; uploads refused with SPEC 8's words and nothing written (corrupted, foreign model,
 * unsafe archive, too large, not a backup); retention; permissions per route.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FILE_MAX_BYTES,
  canonicalJson,
  messages,
  writeTar,
  type BackupFile,
  type BackupView,
  type RestoreResult,
} from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';
import { nextChange, startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { multipart } from '../testing/files.ts';
import { jobFinished } from '../testing/jobs.ts';
import { contentHash } from './file-format.ts';

const grant = { control: { enable: true }, isManagement: false };
const MODEL = 'ER-605 Router';
const OTHER_MODEL = 'RUT-X11 4G Gateway';

describe.each(DIALECTS)('device backup and restore (%s)', (dialect) => {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-backups-'));
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let ids: { first: string; second: string; other: string };

  const upload = (deviceId: string, bytes: Buffer, name = 'backup.json') => {
    const form = multipart(bytes, name, 'application/json');
    return admin('POST', `/api/v1/backup/upload/${encodeURIComponent(deviceId)}`, form.payload, form.headers);
  };
  const history = async (deviceId: string): Promise<BackupView[]> =>
    (await admin('GET', `/api/v1/backup/history?deviceId=${encodeURIComponent(deviceId)}`)).json().list;
  const backupNow = async (deviceIds: string[]) => {
    const res = await admin('POST', '/api/v1/backup/now', { deviceIds });
    expect(res.statusCode, res.body).toBe(200);
    return jobFinished(edge.jobs, res.json().jobId, 90_000);
  };
  const download = async (id: string): Promise<BackupFile> => {
    const res = await admin('GET', `/api/v1/uploadFile/get?id=${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const nameOnDevice = async (deviceId: string) =>
    (
      (await edge.rpc.call(deviceId, 'config.get', { sections: ['general'] })).sections[0]!.doc as {
        deviceName: string;
      }
    ).deviceName;
  const rename = async (deviceId: string, deviceName: string) => {
    const res = await admin('PATCH', '/api/v1/inventory/settings/generalSetting/setting', {
      id: deviceId,
      deviceName,
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(
      async () => (await nameOnDevice(deviceId)) === deviceName,
      `the device named ${deviceName}`,
      30_000,
    );
  };

  beforeAll(async () => {
    const started = await startConsoleWithFleet(dialect, {
      count: 3,
      prefix,
      models: [MODEL, MODEL, OTHER_MODEL],
      // BACKUP_DIR: the files go to a folder of their own (a mounted object store), not DATA_DIR.
      config: { backupDir },
    });
    edge = started.edge;
    fleet = started.fleet;
    admin = caller(edge, started.session);
    const byModel = (m: string) =>
      edge.devices
        .list()
        .filter((d) => d.model === m)
        .map((d) => d.id)
        .sort();
    const [first, second] = byModel(MODEL) as [string, string];
    ids = { first, second, other: byModel(OTHER_MODEL)[0]! };
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('backs up, restores the old configuration through the desired path, and reboots the device', async () => {
    await rename(ids.first, 'Before backup');
    const done = await backupNow([ids.first]);
    expect(done.job).toMatchObject({ kind: 'backup.device', state: 'succeeded' });
    const [backup] = await history(ids.first);
    expect(backup).toMatchObject({ deviceId: ids.first, model: MODEL, origin: 'backup', hasArchive: true });
    // BACKUP_DIR holds the files; nothing of them is in DATA_DIR.
    expect(fs.readdirSync(backupDir)).not.toHaveLength(0);
    expect(fs.existsSync(path.join(edge.config.dataDir, 'device-backups'))).toBe(false);

    // Sealed at rest: the file does not show the device's name; the download is the file.
    const folder = backupDir;
    const sealed = fs.readdirSync(folder).map((f) => fs.readFileSync(path.join(folder, f), 'utf8'));
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).not.toContain('Before backup');
    const file = await download(backup!.id);
    expect(file).toMatchObject({
      format: 'edge-device-backup',
      version: 1,
      model: MODEL,
      sha256: backup!.sha256,
    });
    expect(contentHash(file.content)).toBe(file.sha256);
    expect(JSON.stringify(file.content.sections)).toContain('Before backup');
    expect(file.content.archive?.source).toBe('simulated');

    await rename(ids.first, 'Changed after backup');
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === ids.first, 120_000);
    const started = await admin('POST', '/api/v1/backup/restore', { id: backup!.id });
    expect(started.statusCode, started.body).toBe(200);
    const restored = await jobFinished(edge.jobs, started.json().jobId, 120_000);
    expect(restored.steps[0]!.reason ?? '').toBe('');
    expect(restored.job).toMatchObject({ kind: 'backup.restore', state: 'succeeded' });
    expect(restored.steps[0]!.result as RestoreResult).toMatchObject({
      archive: true,
      rebootInMs: expect.any(Number),
    });
    await offline;
    await waitFor(() => edge.devices.get(ids.first)?.online, 'the device back after its reboot', 60_000);
    expect(await nameOnDevice(ids.first)).toBe('Before backup');
    expect((await edge.deviceConfig.current(ids.first, 'general')).deviceName).toBe('Before backup');
  }, 300_000);

  it('restores one device backup on another of the same model, never on another model', async () => {
    const [backup] = await history(ids.first);
    const foreign = await admin('POST', '/api/v1/backup/restore', { id: backup!.id, deviceId: ids.other });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ err_message: messages.backupWrongModel, err_code: 'backupWrongModel' });
    await rename(ids.second, 'Spare hardware');
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === ids.second, 120_000);
    const started = await admin('POST', '/api/v1/backup/restore', { id: backup!.id, deviceId: ids.second });
    expect(started.statusCode, started.body).toBe(200);
    const restored = await jobFinished(edge.jobs, started.json().jobId, 120_000);
    expect(restored.job.state).toBe('succeeded');
    await offline;
    await waitFor(() => edge.devices.get(ids.second)?.online, 'the spare back after its reboot', 60_000);
    expect(await nameOnDevice(ids.second)).toBe('Before backup');
  }, 300_000);

  it('refuses corrupted, foreign-model, unsafe, oversized and non-backup uploads, writing nothing', async () => {
    const [backup] = await history(ids.first);
    const good = await download(backup!.id);
    const bytes = (f: unknown) => Buffer.from(JSON.stringify(f));
    const resealed = (f: BackupFile): BackupFile => ({ ...f, sha256: contentHash(f.content) });
    // The devices back from the last test's reboots: their presence is written before the comparison starts.
    await edge.flushDevices();
    const before = await snapshot(edge);
    const files = fs.readdirSync(backupDir).length;

    const corrupted = structuredClone(good);
    corrupted.content.name = 'tampered';
    const foreignModel = resealed({ ...structuredClone(good), model: OTHER_MODEL });
    const unsafe = structuredClone(good);
    unsafe.content.archive = {
      format: 'tar.gz',
      source: 'simulated',
      data: gzipSync(writeTar([{ name: '../../etc/passwd', data: new TextEncoder().encode('x') }])).toString(
        'base64',
      ),
    };
    const cases: [Buffer, string, number][] = [
      [bytes(corrupted), 'backupCorrupted', 400],
      [bytes(foreignModel), 'backupWrongModel', 400],
      [bytes(resealed(unsafe)), 'backupUnsafeArchive', 400],
      [Buffer.from('not json at all'), 'backupNotABackup', 400],
      [bytes({ ...good, version: 99 }), 'backupNewerVersion', 400],
      [Buffer.alloc(BACKUP_FILE_MAX_BYTES + 1, 32), 'backupTooLarge', 413],
    ];
    for (const [body, code, status] of cases) {
      const res = await upload(ids.first, body);
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toEqual({ err_message: messages[code as keyof typeof messages], err_code: code });
      expect(res.json().err_message).toMatch(/^File upload failed, please try again\./);
    }
    expect(await snapshot(edge)).toBe(before);
    expect(fs.readdirSync(backupDir)).toHaveLength(files);

    // The same file untouched is taken, for its device or another of the model.
    const taken = await upload(ids.second, bytes(good));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ deviceId: ids.second, sourceDeviceId: ids.first, origin: 'upload' });
    expect(canonicalJson((await download(taken.json().id)).content)).toBe(canonicalJson(good.content));
  }, 120_000);

  it('keeps the newest N backups per device, pruned after each new one; delete asks nothing twice', async () => {
    expect((await admin('PATCH', '/api/v1/backup/settings', { keep: 2 })).json()).toEqual({ keep: 2 });
    for (let i = 0; i < 3; i++) await backupNow([ids.other]);
    const kept = await history(ids.other);
    expect(kept).toHaveLength(2);
    const list = (await admin('GET', '/api/v1/backup/devices')).json().list;
    expect(list.find((d: { id: string }) => d.id === ids.other)).toMatchObject({
      count: 2,
      latest: { id: kept[0]!.id },
    });

    const removed = await admin('DELETE', '/api/v1/backup/delete', { id: kept[1]!.id });
    expect(removed.json()).toEqual({ message: messages.backupDeleted });
    expect(await history(ids.other)).toHaveLength(1);
    const again = await admin('DELETE', '/api/v1/backup/delete', { id: kept[1]!.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().err_message).toBe('Delete failed');
    expect(
      (await admin('GET', `/api/v1/uploadFile/get?id=${encodeURIComponent(kept[1]!.id)}`)).statusCode,
    ).toBe(404);
  }, 120_000);

  it('asks Backup to read and Backup management to change; records who did what', async () => {
    const [backup] = await history(ids.first);
    const other = await userWithRole(edge, admin, { Inventory: grant });
    const reader = await userWithRole(edge, admin, { Backup: grant });
    const manager = await userWithRole(edge, admin, { Backup: { ...grant, isManagement: true } });
    const id = encodeURIComponent(backup!.id);
    expect((await other.call('GET', '/api/v1/backup/devices')).statusCode).toBe(403);
    expect((await other.call('GET', `/api/v1/uploadFile/get?id=${id}`)).statusCode).toBe(403);
    expect((await reader.call('GET', '/api/v1/backup/devices')).statusCode).toBe(200);
    expect((await reader.call('GET', `/api/v1/uploadFile/get?id=${id}`)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/v1/backup/now', { deviceIds: [ids.other] }],
      ['POST', '/api/v1/backup/restore', { id: backup!.id }],
      ['POST', '/api/v1/backup/factoryDefault', { deviceId: ids.other }],
      ['DELETE', '/api/v1/backup/delete', { id: backup!.id }],
      ['PATCH', '/api/v1/backup/settings', { keep: 3 }],
    ] as const) {
      expect((await other.call(method, url, body)).statusCode, url).toBe(403);
      expect((await reader.call(method, url, body)).statusCode, url).toBe(403);
    }
    expect((await manager.call('PATCH', '/api/v1/backup/settings', { keep: 3 })).statusCode).toBe(200);
    const activity = (await admin('GET', '/api/v1/settings/activity/list?page=1&pageSize=50')).body;
    expect(activity).toContain('backup.settings');
    expect(activity).toContain('backup.restore');
  }, 120_000);
});
