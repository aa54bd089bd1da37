/**
 * The Log app over a simulated fleet, on SQLite and PostgreSQL: a rebooted device's burst of boot lines
 * and the console's own connect/disconnect lines land in the store; the SPEC 7 routes answer in SPEC 3's
 * shapes with every filter; the .zip and .tar.gz exports, opened by unzip and tar, hold exactly the rows the
 * same query pages through; clearing needs Log management and clears only what it names; retention deletes
 * what is older than the expiry duration and nothing newer.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSOLE_LOG_DEVICE, fleetSerial, type LogListResponse, type LogRow } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { logStore, type LogLine } from './store.ts';
import { logService } from './service.ts';
import { logSettingsStore } from './settings.ts';
import { programBook } from './program-book.ts';
import { consoleLog } from './console-log.ts';
import { deviceModeStore } from './report-mode.ts';
import { LOG_FILE_HEADER } from './archive/files.ts';

const COUNT = 3;
const DAY = 86_400_000;
const view = { control: { enable: true }, isManagement: false };

describe.each(DIALECTS)('Log over a simulated fleet (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let ids: string[];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-logs-'));
  const t0 = Date.now() - 3 * 3_600_000;

  const idOf = (n: number) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, n))!.id;
  const get = async (url: string, as: Caller = admin) => {
    const res = await as('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const list = async (query: Record<string, string | number>) =>
    (
      await get(`/api/v2/logs/list?${new URLSearchParams(query as Record<string, string>)}`)
    ).json<LogListResponse>();
  /** Every row a query picks, page after page through pageID. */
  const everyRow = async (query: Record<string, string | number>) => {
    const rows: LogRow[] = [];
    let page = await list({ ...query, pageSize: 100 });
    rows.push(...page.list);
    while (page.list.length === 100) {
      page = await list({ ...query, pageSize: 100, page: page.pageCurrent + 1, pageID: page.pageID });
      rows.push(...page.list);
    }
    return rows;
  };
  const asLines = (rows: LogRow[]) =>
    rows.map(
      (r) =>
        `${new Date(r.createdAt).toISOString()}\t${r.level}\t${r.deviceID}\t${r.deviceName}\t${r.program}\t${r.message}`,
    );
  /** The data lines of export files (each file starts with the header). */
  const dataLines = (text: string) => text.split('\n').filter((l) => l && `${l}\n` !== LOG_FILE_HEADER);

  /** Known lines at known times: 40 of device 1 (levels and programs in turn), 5 of device 2. */
  const seeded: LogLine[] = [];

  beforeAll(async () => {
    let session;
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, { count: COUNT, prefix }));
    admin = caller(edge, session);
    ids = Array.from({ length: COUNT }, (_, i) => idOf(i + 1));
    const levels = ['info', 'warning', 'error'] as const;
    for (let i = 0; i < 40; i++)
      seeded.push({
        device_id: ids[0]!,
        level: levels[i % 3]!,
        program: i % 2 ? 'seed-odd' : 'seed-even',
        message: `seeded line ${i} ${i % 5 === 0 ? 'Needle_50%' : 'hay'}`,
        alarm_code: null,
        created_at: t0 + i * 1000,
      });
    for (let i = 0; i < 5; i++)
      seeded.push({
        device_id: ids[1]!,
        level: 'info',
        program: 'seed-two',
        message: `other device ${i}`,
        alarm_code: null,
        created_at: t0 + i * 1000,
      });
    const store = logStore(edge.store.db, dialect);
    await store.insert(seeded);
    // As the devices' lines would: their programs are noted as they arrive.
    const book = programBook(store);
    for (const r of seeded) book.note(r.device_id, r.program, r.created_at);
    await book.flush();
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a reboot: the device writes its boot burst, the console its disconnect and connect', async () => {
    const id = ids[2]!;
    await edge.rpc.call(id, 'reboot', {});
    await waitFor(
      async () => {
        await edge.flushDevices();
        const page = await list({ deviceID: id, functionName: 'kernel', pageSize: 100 });
        return page.list.length >= 25;
      },
      'boot lines of the rebooted device',
      60_000,
    );
    await waitFor(
      async () => {
        const page = await list({ deviceID: id, functionName: 'console', pageSize: 100 });
        const messages = page.list.map((r) => r.message);
        return (
          messages.some((m) => m.includes('disconnected')) && messages.some((m) => m.includes('connected to'))
        );
      },
      'console lines of the reboot',
      30_000,
    );
    // Programs newly seen are written every 2 s.
    await waitFor(
      async () => {
        const programs = (await get(`/api/v1/logs/programList?deviceID=${id}`)).json<{ list: string[] }>()
          .list;
        return ['kernel', 'netifd', 'console'].every((p) => programs.includes(p));
      },
      'the function list of the rebooted device',
      15_000,
    );
    const all = (await get('/api/v1/logs/programList')).json<{ list: string[] }>().list;
    expect(all).toEqual(expect.arrayContaining(['kernel', 'seed-odd', 'seed-even', 'seed-two']));
    const row = (await list({ deviceID: id, functionName: 'kernel' })).list[0]!;
    expect(row).toMatchObject({ deviceID: id, deviceName: edge.devices.get(id)!.name, program: 'kernel' });
  }, 90_000);

  test('SPEC 3 page: size 10 by default, newest first, pages ahead listed, pageID continues', async () => {
    const q = { deviceID: ids[0]!, endDate: t0 + 60_000 };
    const first = await list(q);
    expect(first.pageSize).toBe(10);
    expect(first.pageCurrent).toBe(1);
    expect(first.list.map((r) => r.message)).toEqual(
      seeded
        .slice(30, 40)
        .reverse()
        .map((r) => r.message),
    );
    expect(first.pageArray).toEqual([1, 2, 3, 4]);
    const second = await list({ ...q, page: 2, pageID: first.pageID });
    expect(second.list.map((r) => r.message)).toEqual(
      seeded
        .slice(20, 30)
        .reverse()
        .map((r) => r.message),
    );
    // By offset (no pageID) the same page.
    expect((await list({ ...q, page: 2 })).list).toEqual(second.list);
    const last = await list({ ...q, page: 4 });
    expect(last.list).toHaveLength(10);
    expect(last.pageArray).toEqual([1, 2, 3, 4]);
    const beyond = await list({ ...q, page: 5 });
    expect(beyond).toMatchObject({ list: [], pageID: '', pageCurrent: 5 });
  });

  test('filters: level, function, time range and key word, alone and together', async () => {
    const mine = seeded.filter((r) => r.device_id === ids[0]);
    const expectRows = async (query: Record<string, string | number>, want: LogLine[]) =>
      expect((await everyRow({ deviceID: ids[0]!, ...query })).map((r) => r.message)).toEqual(
        [...want].reverse().map((r) => r.message),
      );
    const range = { startDate: t0, endDate: t0 + 60_000 };
    await expectRows(
      { ...range, levelName: 'Warning' },
      mine.filter((r) => r.level === 'warning'),
    );
    await expectRows(
      { ...range, levelName: 'Error' },
      mine.filter((r) => r.level === 'error'),
    );
    await expectRows({ ...range, levelName: 'All' }, mine);
    await expectRows(
      { ...range, functionName: 'seed-odd' },
      mine.filter((r) => r.program === 'seed-odd'),
    );
    await expectRows({ startDate: t0 + 5000, endDate: t0 + 9000 }, mine.slice(5, 10));
    // Case-insensitive, and % is a literal character, not a wildcard.
    await expectRows(
      { ...range, key: 'needle_50%' },
      mine.filter((r) => r.message.includes('Needle')),
    );
    await expectRows({ ...range, key: 'needle_5%0' }, []);
    await expectRows(
      { ...range, levelName: 'Info', functionName: 'seed-even', key: 'hay' },
      mine.filter((r) => r.level === 'info' && r.program === 'seed-even' && r.message.includes('hay')),
    );
    // The legacy path answers the same.
    const legacy = await get(`/logs/log_list?deviceID=${ids[0]}&levelName=Error&endDate=${t0 + 60_000}`);
    expect(legacy.json<LogListResponse>().list).toEqual(
      (await list({ deviceID: ids[0]!, levelName: 'Error', endDate: t0 + 60_000 })).list,
    );
  });

  test('export as .zip and .tar.gz: real archives holding the rows of the query', async () => {
    const query = { deviceID: ids[0]!, levelName: 'Warning', startDate: t0, endDate: t0 + 60_000 };
    const want = asLines(await everyRow(query));
    expect(want.length).toBeGreaterThan(10);
    const qs = new URLSearchParams(query as unknown as Record<string, string>);

    const zip = await get(`/logs/export?${qs}&format=zip`);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/attachment; filename=".+\.zip"/);
    const zipFile = path.join(tmp, 'export.zip');
    fs.writeFileSync(zipFile, zip.rawPayload);
    execFileSync('unzip', ['-tq', zipFile]); // CRCs and structure checked by Info-ZIP
    expect(dataLines(execFileSync('unzip', ['-p', zipFile], { encoding: 'utf8' }))).toEqual(want);

    const tgz = await get(`/logs/export?${qs}&format=tar.gz`);
    expect(tgz.headers['content-type']).toBe('application/gzip');
    const tgzFile = path.join(tmp, 'export.tar.gz');
    fs.writeFileSync(tgzFile, tgz.rawPayload);
    const names = execFileSync('tar', ['-tzf', tgzFile], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^edge-logs-.+-0001\.log$/);
    expect(dataLines(execFileSync('tar', ['-xzOf', tgzFile], { encoding: 'utf8' }))).toEqual(want);

    // Download: the same rows as one text file.
    const text = await get(`/api/v1/logs/download?${qs}`);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(dataLines(text.body)).toEqual(want);

    // A device's package: all its lines.
    const pkg = await get(`/logs/log_pkg?deviceID=${ids[1]}`);
    const pkgFile = path.join(tmp, 'pkg.tar.gz');
    fs.writeFileSync(pkgFile, pkg.rawPayload);
    expect(dataLines(execFileSync('tar', ['-xzOf', pkgFile], { encoding: 'utf8' }))).toEqual(
      asLines(await everyRow({ deviceID: ids[1]! })),
    );
    expect((await admin('GET', '/logs/log_pkg?deviceID=nope')).statusCode).toBe(404);
  });

  test('an export larger than one file is cut into files of 10,000 lines, all in the archive', async () => {
    const many: LogLine[] = Array.from({ length: 12_345 }, (_, i) => ({
      device_id: CONSOLE_LOG_DEVICE,
      level: 'info',
      program: 'bulk',
      message: `bulk ${i}`,
      alarm_code: null,
      created_at: t0 - DAY + i,
    }));
    await logStore(edge.store.db, dialect).insert(many);
    const qs = `functionName=bulk&deviceID=${CONSOLE_LOG_DEVICE}`;
    const zipFile = path.join(tmp, 'bulk.zip');
    fs.writeFileSync(zipFile, (await get(`/logs/export?${qs}&format=zip`)).rawPayload);
    const listing = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toHaveLength(2);
    const lines = dataLines(execFileSync('unzip', ['-p', zipFile], { encoding: 'utf8' }));
    expect(lines).toHaveLength(12_345);
    expect(lines[0]).toMatch(/\tbulk 12344$/);
    const tgzFile = path.join(tmp, 'bulk.tar.gz');
    fs.writeFileSync(tgzFile, (await get(`/logs/export?${qs}&format=tar.gz`)).rawPayload);
    expect(dataLines(execFileSync('tar', ['-xzOf', tgzFile], { encoding: 'utf8' }))).toEqual(lines);
  }, 60_000);

  test('bad input: 4xx with the words, nothing written', async () => {
    // The fleet keeps writing lines and telemetry; what a refused call could write is the settings.
    const settings = () => edge.store.db.selectFrom('console_settings').selectAll().execute();
    const before = await settings();
    const bad = [
      ['/api/v2/logs/list?levelName=Debug', 'Invalid'],
      [`/api/v2/logs/list?startDate=${t0 + 10}&endDate=${t0}`, 'The start date must be before the end date.'],
      ['/api/v2/logs/list?startDate=yesterday', 'Invalid date.'],
      ['/logs/export?format=rar', 'Export format must be .zip or .tar.gz.'],
      ['/api/v2/logs/list?pageID=abc', 'Invalid'],
    ] as const;
    for (const [url, words] of bad) {
      const res = await admin('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ err_message: string }>().err_message, url).toContain(words);
    }
    const res = await admin('PATCH', '/api/v1/logs/setting', { reportMode: 'Info', expiryDays: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ err_message: string }>().err_message).toBe(
      'Expiry duration must be between 1 and 365 days.',
    );
    expect(await settings()).toEqual(before);
  });

  test('permissions: Log to read, Log management to clear and set; others refused', async () => {
    const reader = await userWithRole(edge, admin, { Log: view });
    const nobody = await userWithRole(edge, admin, { Inventory: view });
    expect((await reader.call('GET', '/api/v2/logs/list')).statusCode).toBe(200);
    expect((await reader.call('GET', '/logs/export?format=zip')).statusCode).toBe(200);
    expect((await reader.call('POST', '/logs/reset', {})).statusCode).toBe(403);
    expect(
      (await reader.call('PATCH', '/api/v1/logs/setting', { reportMode: 'Error', expiryDays: 5 })).statusCode,
    ).toBe(403);
    for (const url of [
      '/api/v2/logs/list',
      '/logs/log_list',
      '/api/v1/logs/programList',
      '/api/v1/logs/download',
      '/logs/export',
      `/logs/log_pkg?deviceID=${ids[0]}`,
    ])
      expect((await nobody.call('GET', url)).statusCode, url).toBe(403);
  });

  /** Reboots the device, waits until it is back and its lines are stored; resolves with when it began. */
  async function rebootAndSettle(id: string): Promise<number> {
    const since = Date.now();
    await edge.rpc.call(id, 'reboot', {});
    await waitFor(
      async () => {
        const page = await list({ deviceID: id, functionName: 'console', startDate: since });
        return page.list.some((r) => r.message.includes('connected to'));
      },
      'device back',
      60_000,
    );
    await new Promise((r) => setTimeout(r, 3000));
    await edge.flushDevices();
    return since;
  }

  test('report mode reaches the devices: Error mode keeps info lines of a reboot away', async () => {
    const saved = await admin('PATCH', '/api/v1/logs/setting', { reportMode: 'Error', expiryDays: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('/api/v1/logs/setting')).json()).toEqual({ reportMode: 'Error', expiryDays: 30 });
    const id = ids[1]!;
    // The console tells the online devices after answering (three devices: a few milliseconds).
    await new Promise((r) => setTimeout(r, 1500));
    const since = await rebootAndSettle(id);
    expect((await list({ deviceID: id, functionName: 'kernel', startDate: since })).list).toEqual([]);
    await admin('PATCH', '/api/v1/logs/setting', { reportMode: 'Info', expiryDays: 30 });
  }, 90_000);

  test("a device's own report mode overrides the fleet's, is pushed to it, and can follow the fleet again", async () => {
    const id = ids[2]!;
    const mode = async () => (await get(`/api/v1/logs/deviceMode?deviceID=${id}`)).json();
    expect(await mode()).toEqual({ deviceID: id, mode: null, effective: 'Info' });
    const set = await admin('PATCH', '/api/v1/logs/deviceMode', { deviceID: id, mode: 'Error' });
    expect(set.statusCode, set.body).toBe(200);
    // Pushed to the device in the same call: it answered.
    expect(set.json()).toEqual({ deviceID: id, mode: 'Error', effective: 'Error', told: true });
    const since = await rebootAndSettle(id);
    // Told again as it came back (a device reports everything after a boot): no info lines of the reboot.
    expect((await list({ deviceID: id, functionName: 'kernel', startDate: since })).list).toEqual([]);
    // The fleet's mode changing leaves the device's own alone.
    await admin('PATCH', '/api/v1/logs/setting', { reportMode: 'Warning', expiryDays: 30 });
    expect(await mode()).toEqual({ deviceID: id, mode: 'Error', effective: 'Error' });
    const cleared = await admin('PATCH', '/api/v1/logs/deviceMode', { deviceID: id, mode: null });
    expect(cleared.json()).toMatchObject({ mode: null, effective: 'Warning', told: true });
    await admin('PATCH', '/api/v1/logs/setting', { reportMode: 'Info', expiryDays: 30 });
    expect(await mode()).toEqual({ deviceID: id, mode: null, effective: 'Info' });
    const unknown = await admin('PATCH', '/api/v1/logs/deviceMode', {
      deviceID: 'no-such-device',
      mode: 'Error',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await admin('PATCH', '/api/v1/logs/deviceMode', { deviceID: id, mode: 'Loud' });
    expect(bad.statusCode).toBe(400);
  }, 90_000);

  test('clear: one device, then everything; it is in the activity log', async () => {
    const one = await admin('POST', '/logs/reset', { deviceID: ids[1] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ deleted: number }>().deleted).toBeGreaterThanOrEqual(5);
    expect((await list({ deviceID: ids[1]!, functionName: 'seed-two' })).list).toEqual([]);
    expect((await list({ deviceID: ids[0]!, endDate: t0 + 60_000 })).list).toHaveLength(10);
    const programs = (await get(`/api/v1/logs/programList?deviceID=${ids[1]}`)).json<{ list: string[] }>()
      .list;
    expect(programs).not.toContain('seed-two');
    const all = await admin('POST', '/logs/reset', {});
    expect(all.json<{ deleted: number }>().deleted).toBeGreaterThan(40);
    const left = await everyRow({ endDate: Date.now() - 1 });
    // What remains is what arrived after the clear (the clear's own line, devices still talking).
    expect(left.filter((r) => r.program.startsWith('seed'))).toEqual([]);
    const activity = await edge.store.db
      .selectFrom('activity')
      .select('status_code')
      .where('action', '=', 'logs.reset')
      .orderBy('id')
      .execute();
    // The reader's refused clear (the permissions test) is logged too, as every refused change is.
    expect(activity.map((r) => r.status_code)).toEqual([403, 200, 200]);
  });

  test('retention deletes what is older than the expiry duration, in batches, and nothing newer', async () => {
    const store = logStore(edge.store.db, dialect);
    const now = Date.now();
    const old = Array.from({ length: 4500 }, (_, i) => ({
      device_id: ids[0]!,
      level: 'info',
      program: 'aged',
      message: `old ${i}`,
      alarm_code: null,
      created_at: now - 3 * DAY - i,
    }));
    const young = Array.from({ length: 50 }, (_, i) => ({
      ...old[i]!,
      message: `young ${i}`,
      created_at: now - 2 * DAY + 60_000 + i,
    }));
    await store.insert([...old, ...young]);
    await admin('PATCH', '/api/v1/logs/setting', { reportMode: 'Info', expiryDays: 2 });
    const settings = logSettingsStore(edge.store.db);
    const programs = programBook(store);
    const service = logService({
      store,
      devices: edge.devices,
      settings,
      programs,
      consoleLog: consoleLog(store, programs),
      tellReportMode: async () => undefined,
      deviceModes: deviceModeStore(edge.store.db),
      tellDevice: async () => false,
    });
    expect(await service.prune()).toBeGreaterThanOrEqual(4500);
    const aged = await edge.store.db
      .selectFrom('device_logs')
      .select('message')
      .where('program', '=', 'aged')
      .execute();
    expect(aged.map((r) => r.message).sort()).toEqual(young.map((r) => r.message).sort());
  });
});
