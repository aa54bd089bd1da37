/**
 * Diagnose over a simulated fleet through the API: a run is a job whose steps keep each device's result
 * and output lines, which reach a watching browser live and the device's history; bad input at and beyond
 * each limit is refused with nothing written; each test needs its own permission (CellScanner apart);
 * a test a device cannot run fails with a reason code; the console's speedtest endpoint takes only its links.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DIAGNOSE_API,
  DIAGNOSE_SPEEDTEST_PATH,
  LIVE_CHANNELS,
  deviceCapabilities,
  diagnoseRunRequest,
  fleetSerial,
  type DiagnoseHistoryEntry,
  type JobDetail,
} from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { jobFinished } from '../testing/jobs.ts';
import { openLive, type LiveClient } from '../testing/live.ts';
import { speedtestTokens } from './speedtest-token.ts';

const COUNT = 4;
const grant = { control: { enable: true }, isManagement: true };

describe.each(DIALECTS)('Diagnose over a simulated fleet (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let cookie: string;
  let ids: string[];
  const clients: LiveClient[] = [];

  const idOf = (n: number) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, n))!.id;
  const post = (body: object, as: Caller = admin) => as('POST', `${DIAGNOSE_API}/run`, body);
  /**
   * What a run writes: jobs and their steps (the rest of the store changes with the fleet's reports, and the
   * activity log keeps refusals too).
   */
  const written = async () =>
    JSON.stringify([
      await edge.store.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
      await edge.store.db
        .selectFrom('job_steps')
        .select(['id', 'job_id', 'device_id'])
        .orderBy('id')
        .execute(),
    ]);

  beforeAll(async () => {
    let session;
    // Wired and cellular devices in turn: the cell scan needs one without a modem.
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, {
      count: COUNT,
      prefix,
      models: ['ER-605 Router', 'RUT-X11 4G Gateway'],
    }));
    admin = caller(edge, session);
    cookie = session.headers(false).cookie!;
    ids = Array.from({ length: COUNT }, (_, i) => idOf(i + 1));
  }, 90_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await fleet?.stop();
    await edge?.destroy();
  });

  test('a ping on three devices: lines arrive live, results are kept per device and in its history', async () => {
    const live = await openLive(edge, { cookie });
    clients.push(live);
    const res = await post({
      test: 'ping',
      params: { target: '192.0.2.1', count: 3, interval: 0.5 },
      deviceIds: ids.slice(0, 3),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<JobDetail>();
    expect(created.job.kind).toBe('diagnose.ping');
    expect(created.steps.map((s) => s.deviceId).sort()).toEqual(ids.slice(0, 3).sort());

    const key = String(created.job.id);
    live.subscribe(LIVE_CHANNELS.jobs, [key]);
    // The first message is the job and all its steps; then each reply line of each device, as it comes.
    // (A step may change while the snapshot is read: its message can come first.)
    const first = await live.next(LIVE_CHANNELS.jobs, (d, k) => k === key && d.steps.length === 3);
    expect(first.data.job?.id).toBe(created.job.id);
    expect(first.data.steps).toHaveLength(3);
    const line = await live.next(
      LIVE_CHANNELS.jobs,
      (d, k) => k === key && d.steps.some((s) => /icmp_seq=\d+/.test(s.note ?? '')),
    );

    const done = await jobFinished(edge.jobs, created.job.id);
    expect(done.job.state).toBe('succeeded');
    // Seen live before the step was over (under load the messages may be read late, so the step's own
    // state in the message says it, not the clock).
    expect(line.data.steps.find((s) => /icmp_seq=\d+/.test(s.note ?? ''))!.state).toBe('running');
    for (const step of done.steps) {
      expect(step.state).toBe('succeeded');
      expect(step.result).toMatchObject({ target: '192.0.2.1', transmitted: 3 });
      const result = step.result as { lines: string[]; lossPercent: number; rttMs: unknown };
      expect(result.lines.filter((l) => l.includes('icmp_seq')).length).toBe(
        (step.result as { received: number }).received,
      );
      expect(result.lossPercent).toBeGreaterThanOrEqual(0);
    }
    await waitFor(
      () =>
        live.messages.some(
          (m) => m.channel === LIVE_CHANNELS.jobs && (m.data as JobDetail).job?.state === 'succeeded',
        ),
      'the job end, live',
    );

    const history = await admin('GET', `${DIAGNOSE_API}/history?deviceId=${ids[0]}`);
    expect(history.statusCode).toBe(200);
    const entry = history.json<{ list: DiagnoseHistoryEntry[] }>().list[0]!;
    expect(entry).toMatchObject({
      jobId: created.job.id,
      test: 'ping',
      state: 'succeeded',
      createdByName: 'admin',
    });
    expect(entry.params).toMatchObject({ target: '192.0.2.1', count: 3, interval: 0.5 });
    expect(entry.result).toEqual(done.steps.find((s) => s.deviceId === ids[0])!.result);

    const logged = await edge.store.db
      .selectFrom('activity')
      .selectAll()
      .where('action', '=', 'diagnose.run')
      .execute();
    expect(logged.map((a) => [a.user_name, a.status_code])).toContainEqual(['admin', 200]);
  });

  test('a screen that starts watching mid-run is sent the lines streamed before it came', async () => {
    const res = await post({
      test: 'ping',
      params: { target: '192.0.2.1', count: 8, interval: 0.5 },
      deviceIds: [ids[1]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job, steps } = res.json<JobDetail>();
    const stepId = steps[0]!.id;
    // The step row keeps only its newest note: wait until the device has streamed two reply lines (a
    // simulated link may lose any echo, so which icmp_seq they carry is the link's to say).
    let before: string[] = [];
    await waitFor(() => {
      before = edge.jobs.linesOf([stepId])[String(stepId)] ?? [];
      return before.length >= 2;
    }, 'the second reply line');
    const live = await openLive(edge, { cookie });
    clients.push(live);
    live.subscribe(LIVE_CHANNELS.jobs, [String(job.id)]);
    const first = await live.next(LIVE_CHANNELS.jobs, (d, k) => k === String(job.id) && !!d.job);
    const lines = first.data.lines?.[String(stepId)] ?? [];
    // Every line streamed before the screen came, in order, and nothing but the device's own lines.
    expect(lines.slice(0, before.length), lines.join('\n')).toEqual(before);
    const done = await jobFinished(edge.jobs, job.id);
    expect(done.job.state).toBe('succeeded');
    const replies = (done.steps[0]!.result as { lines: string[] }).lines.filter((l) =>
      l.includes('icmp_seq'),
    );
    expect(lines, lines.join('\n')).toEqual(replies.slice(0, lines.length));
  });

  test('traceroute and iperf keep a summary and every line the device streamed', async () => {
    const trace = await post({
      test: 'traceroute',
      params: { target: 'example.com', maxTtl: 4 },
      deviceIds: [ids[0]],
    });
    expect(trace.statusCode, trace.body).toBe(200);
    const iperf = await post({
      test: 'iperf',
      params: { mode: 'client', server: '192.0.2.10', durationSeconds: 2, reportIntervalSeconds: 1 },
      deviceIds: [ids[1]],
    });
    expect(iperf.statusCode, iperf.body).toBe(200);
    const traced = await jobFinished(edge.jobs, trace.json<JobDetail>().job.id);
    const hops = traced.steps[0]!.result as { hops: unknown[]; lines: string[] };
    expect(traced.steps[0]!.state).toBe('succeeded');
    expect(hops.hops.length).toBeGreaterThan(0);
    expect(hops.hops.length).toBeLessThanOrEqual(4);
    expect(hops.lines).toHaveLength(hops.hops.length);
    const measured = await jobFinished(edge.jobs, iperf.json<JobDetail>().job.id);
    const result = measured.steps[0]!.result as {
      intervals: unknown[];
      lines: string[];
      receivedMbps: number;
    };
    expect(measured.steps[0]!.state, JSON.stringify(measured.steps[0])).toBe('succeeded');
    expect(result.intervals).toHaveLength(2);
    expect(result.lines.length).toBeGreaterThanOrEqual(2);
    expect(result.receivedMbps).toBeGreaterThan(0);
  });

  test("a speedtest without a server is served by the console: the result names it, not the device's link", async () => {
    const res = await post({ test: 'speedtest', params: { bytes: 1024 * 1024 }, deviceIds: [ids[2]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobDetail>().job.params).toMatchObject({
      consoleUrl: expect.stringMatching(/^http:\/\//),
    });
    const done = await jobFinished(edge.jobs, res.json<JobDetail>().job.id);
    const result = done.steps[0]!.result as { server: string; downloadMbps: number; lines: string[] };
    expect(done.steps[0]!.state, JSON.stringify(done.steps[0])).toBe('succeeded');
    expect(result.server).toMatch(new RegExp(`${DIAGNOSE_SPEEDTEST_PATH}$`));
    expect(result.downloadMbps).toBeGreaterThan(0);
    expect(result.lines).toEqual([
      expect.stringMatching(/^Latency /),
      expect.stringMatching(/^Download /),
      expect.stringMatching(/^Upload /),
    ]);
  });

  test('a device without a modem fails the cell scan with a reason code, its words kept', async () => {
    const plain = edge.devices
      .list()
      .find((d) => ids.includes(d.id) && !d.capabilities.includes(deviceCapabilities.cellular));
    expect(plain).toBeDefined();
    const res = await post({ test: 'cellScan', params: {}, deviceIds: [plain!.id] });
    const done = await jobFinished(edge.jobs, res.json<JobDetail>().job.id);
    expect(done.steps[0]).toMatchObject({ state: 'failed', reason: 'diagnoseUnsupported' });
    expect((done.steps[0]!.result as { detail: string }).detail).toMatch(/modem/);
  });

  test('bad input at and beyond every limit is refused before anything is written', async () => {
    const target = { deviceIds: [ids[0]] };
    const refused: [object, string][] = [
      [{ test: 'ping', params: { target: '-f' } }, 'diagnoseTargetInvalid'],
      [{ test: 'ping', params: { target: '8.8.8.8; reboot' } }, 'diagnoseTargetInvalid'],
      [{ test: 'ping', params: { target: 'http://example.com' } }, 'diagnoseTargetInvalid'],
      [{ test: 'ping', params: { target: '1.2.3.999' } }, 'diagnoseTargetInvalid'],
      [{ test: 'ping', params: { target: `${'a'.repeat(64)}.com` } }, 'diagnoseTargetInvalid'],
      [{ test: 'ping', params: { target: '' } }, 'diagnoseTargetEmpty'],
      [{ test: 'ping', params: {} }, 'diagnoseTargetEmpty'],
      [{ test: 'ping', params: { target: 'a.b', count: 0 } }, 'diagnoseCountRange'],
      [{ test: 'ping', params: { target: 'a.b', count: 101 } }, 'diagnoseCountRange'],
      [{ test: 'ping', params: { target: 'a.b', interval: 0.1 } }, 'diagnoseIntervalRange'],
      [{ test: 'ping', params: { target: 'a.b', interval: 61 } }, 'diagnoseIntervalRange'],
      [{ test: 'traceroute', params: { target: 'a.b', maxTtl: 0 } }, 'diagnoseMaxTtlRange'],
      [{ test: 'traceroute', params: { target: 'a.b', maxTtl: 65 } }, 'diagnoseMaxTtlRange'],
      [{ test: 'iperf', params: { mode: 'client' } }, 'diagnoseServerRequired'],
      [{ test: 'iperf', params: { mode: 'client', server: '-c' } }, 'diagnoseTargetInvalid'],
      [{ test: 'iperf', params: { mode: 'server', port: 0 } }, 'portRange'],
      [{ test: 'iperf', params: { mode: 'server', port: 65_536 } }, 'portRange'],
      [{ test: 'iperf', params: { mode: 'server', durationSeconds: 0 } }, 'diagnoseDurationRange'],
      [{ test: 'iperf', params: { mode: 'server', durationSeconds: 301 } }, 'diagnoseDurationRange'],
      [{ test: 'iperf', params: { mode: 'server', bandwidthMbps: 10_001 } }, 'diagnoseBandwidthRange'],
      [{ test: 'iperf', params: { mode: 'server', packetSize: 65_508 } }, 'diagnosePacketSizeRange'],
      [
        { test: 'iperf', params: { mode: 'server', reportIntervalSeconds: 61 } },
        'diagnoseReportIntervalRange',
      ],
      [{ test: 'speedtest', params: { server: 'ftp://example.com' } }, 'diagnoseServerUrl'],
      [{ test: 'speedtest', params: { bytes: 64 * 1024 - 1 } }, 'diagnoseBytesRange'],
      [{ test: 'speedtest', params: { bytes: 512 * 1024 * 1024 + 1 } }, 'diagnoseBytesRange'],
    ];
    const before = await written();
    for (const [body, code] of refused) {
      const res = await post({ ...body, ...target });
      expect([res.statusCode, res.json().err_code], JSON.stringify(body)).toEqual([400, code]);
      expect(res.json().err_message).toBeTruthy();
    }
    for (const body of [
      { test: 'ping', params: { target: 'a.b' } },
      { test: 'ping', params: { target: 'a.b' }, deviceIds: [] },
    ]) {
      const res = await post(body);
      expect([res.statusCode, res.json().err_code]).toEqual([400, 'diagnoseDevicesRequired']);
    }
    expect((await post({ test: 'ping', params: { target: 'a.b' }, deviceIds: ['nope'] })).statusCode).toBe(
      400,
    );
    expect((await post({ test: 'ping', params: { target: 'a.b' }, groupId: 999_999 })).statusCode).toBe(404);
    expect((await post({ test: 'reboot', params: {}, ...target })).statusCode).toBe(400);
    expect(await written()).toBe(before);

    // At the limits the same fields pass (the schemas the API and the web form share).
    for (const body of [
      { test: 'ping', params: { target: 'fe80::1', count: 100, interval: 0.2 } },
      { test: 'ping', params: { target: 'a'.repeat(63) + '.example', count: 1, interval: 60 } },
      { test: 'traceroute', params: { target: '10.0.0.1', maxTtl: 64 } },
      { test: 'traceroute', params: { target: 'host-1.example.', maxTtl: 1 } },
      {
        test: 'iperf',
        params: {
          mode: 'client',
          server: 'h',
          port: 65_535,
          durationSeconds: 300,
          bandwidthMbps: 10_000,
          packetSize: 65_507,
          reportIntervalSeconds: 60,
        },
      },
      { test: 'iperf', params: { mode: 'server', port: 1, durationSeconds: 1, reportIntervalSeconds: 1 } },
      { test: 'speedtest', params: { bytes: 64 * 1024 } },
      { test: 'speedtest', params: { server: 'https://speed.example/x', bytes: 512 * 1024 * 1024 } },
    ])
      expect(diagnoseRunRequest.safeParse({ ...body, ...target }).success, JSON.stringify(body)).toBe(true);
  });

  test('each test needs its own permission; CellScanner is apart from the rest', async () => {
    const pinger = await userWithRole(edge, admin, { Diagnose: grant, Ping: grant, Traceroute: grant });
    const ping = { test: 'ping', params: { target: '192.0.2.1', count: 1 }, deviceIds: [ids[0]] };
    const scan = { test: 'cellScan', params: {}, deviceIds: [ids[0]] };
    const before = await written();
    expect((await post(scan, pinger.call)).statusCode).toBe(403);
    expect(await written()).toBe(before);
    const allowed = await post(ping, pinger.call);
    expect(allowed.statusCode, allowed.body).toBe(200);
    // Its history shows only the tests it may see.
    const history = await pinger.call('GET', `${DIAGNOSE_API}/history?deviceId=${ids[0]}&limit=100`);
    expect(
      history
        .json<{ list: DiagnoseHistoryEntry[] }>()
        .list.every((e) => ['ping', 'traceroute'].includes(e.test)),
    ).toBe(true);

    const viewer = await userWithRole(edge, admin, {
      Diagnose: { control: { enable: true }, isManagement: false },
      Ping: { control: { enable: true }, isManagement: false },
    });
    expect((await post(ping, viewer.call)).statusCode).toBe(403);
    const outsider = await userWithRole(edge, admin, { Inventory: grant });
    expect((await post(ping, outsider.call)).statusCode).toBe(403);
    expect((await outsider.call('GET', `${DIAGNOSE_API}/history?deviceId=${ids[0]}`)).statusCode).toBe(403);

    // Nor may it watch a Diagnose job live.
    const live = await openLive(edge, { cookie: outsider.session.cookie });
    clients.push(live);
    live.subscribe(LIVE_CHANNELS.jobs, [String(allowed.json<JobDetail>().job.id)]);
    const refusal = await live.next(LIVE_CHANNELS.live, (d) => 'err_code' in d);
    expect(refusal.data).toMatchObject({ err_code: 'forbidden', channel: LIVE_CHANNELS.jobs });
  });

  test("the console's speedtest endpoint serves only the links it made, for as long as they hold", async () => {
    const tokens = speedtestTokens(edge.secrets);
    const valid = tokens.make({ deviceId: ids[0]!, until: Date.now() + 60_000 });
    const expired = tokens.make({ deviceId: ids[0]!, until: Date.now() - 1 });
    const down = await admin('GET', `${DIAGNOSE_SPEEDTEST_PATH}/${valid}/download?bytes=200000`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.length).toBe(200_000);
    const up = await edge.app.inject({
      method: 'POST',
      url: `${DIAGNOSE_SPEEDTEST_PATH}/${valid}/upload`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(300_000),
    });
    expect([up.statusCode, up.json()]).toEqual([200, { received: 300_000 }]);
    for (const token of [expired, 'forged', valid.slice(0, -2) + 'xx']) {
      const res = await admin('GET', `${DIAGNOSE_SPEEDTEST_PATH}/${token}/download?bytes=10`);
      expect([res.statusCode, res.json().err_code]).toEqual([403, 'speedtestTokenInvalid']);
    }
  });
});
