/**
 * Policy profiles over a simulated fleet of 100 devices, on each dialect: the API (SPEC 8 messages, the
 * section's rules, activity rows), a firewall profile rolled out with a canary of 10 and the rest after it,
 * a rollout halted after the canary when 30 % of the devices refuse (nothing more is sent), variables
 * filled per device and a missing one refused before anything is sent, an offline device served when it
 * returns, and a change made by hand since shown as drift from the profile.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PROFILES_API,
  fleetSerial,
  type AssignmentView,
  type DryRunResponse,
  type FirewallSection,
  type JobDetail,
} from '@edge/protocol';
import { parse } from 'yaml';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { jobFinished } from '../testing/jobs.ts';
import { countStatements } from '../testing/statement-count.ts';

const COUNT = 100;

const firewall = (description: string, port = 8443): FirewallSection => ({
  enabled: true,
  whitelist: [],
  rules: [
    { port: 22, protocol: 'TCP', action: 'DROP', description: 'SSH' },
    { port, protocol: 'TCP', action: 'ACCEPT', description },
  ],
});

describe.each(DIALECTS)('policy profiles over a simulated fleet (%s)', (dialect) => {
  const prefix = uniquePrefix();
  const group = `${prefix}-site`;
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let ids: string[];
  let groupId: number;

  const serialOf = (id: string) => edge.devices.get(id)!.serial;
  const control = (line: string) => fleet.process.stdin!.write(`${line}\n`);
  const firewallOf = async (id: string) => (await edge.deviceConfig.state(id, 'firewall')).sections[0]!;
  const create = async (body: object) => {
    const res = await admin('POST', `${PROFILES_API}/create`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().profile.id as number;
  };
  const rollout = (body: object) => admin('POST', `${PROFILES_API}/rollout`, body);
  const explain = (d: JobDetail) =>
    JSON.stringify(d.steps.filter((s) => s.state !== 'succeeded').map((s) => [s.wave, s.state, s.reason]));

  beforeAll(async () => {
    let session;
    ({ edge, fleet, session } = await startConsoleWithFleet(dialect, {
      count: COUNT,
      prefix,
      control: true,
      entries: () => ({ group }),
    }));
    admin = caller(edge, session);
    ids = Array.from(
      { length: COUNT },
      (_, i) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, i + 1))!.id,
    );
    groupId = edge.devices.get(ids[0]!)!.groupId!;
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('profiles are created, edited and deleted with the SPEC 8 words, checked by the section rules', async () => {
    const made = await admin('POST', `${PROFILES_API}/create`, {
      name: 'Office firewall',
      kind: 'firewall',
      body: firewall('web'),
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      message: 'Firewall template created successfully',
      profile: { name: 'Office firewall', kind: 'firewall', section: 'firewall', assigned: 0 },
    });
    const id = made.json().profile.id as number;

    const duplicate = await admin('POST', `${PROFILES_API}/create`, {
      name: 'Office firewall',
      kind: 'firewall',
      body: firewall('web'),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ err_code: 'profileNameTaken' });
    // The firewall section's own rule: a port past 65535 is refused, nothing stored.
    const badPort = await admin('POST', `${PROFILES_API}/create`, {
      name: 'Bad port',
      kind: 'firewall',
      body: firewall('web', 70000),
    });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json()).toMatchObject({ err_code: 'portRange' });
    const wifi = await admin('POST', `${PROFILES_API}/create`, {
      name: 'Wrong channel',
      kind: 'wifi',
      body: { mode: '2.4G', channel: 40, bandwidth: 20, tx_power: 100, list: [], authentication: [] },
    });
    expect(wifi.statusCode).toBe(400);
    const noName = await admin('POST', `${PROFILES_API}/create`, { name: '', kind: 'firewall', body: {} });
    expect(noName.json()).toMatchObject({ err_message: 'Profile name cannot be empty.' });
    const equals = await admin('POST', `${PROFILES_API}/create`, {
      name: 'Equals',
      kind: 'firewall',
      body: firewall('{{site}}'),
      values: [{ scope: 'group', target: String(groupId), name: 'site', value: 'a=b' }],
    });
    expect(equals.json()).toMatchObject({ err_message: 'name or value must not contain 「=」' });
    // SPEC 7 mission/profile/wifi/authentication/list: the stations a Wi-Fi profile lets associate.
    const station = { name: 'Till 1', mac: 'aa:bb:cc:dd:ee:01' };
    const staff = await create({
      name: 'Staff Wi-Fi',
      kind: 'wifi',
      body: { mode: '2.4G', channel: 6, bandwidth: 20, tx_power: 100, list: [], authentication: [station] },
    });
    const stations = await admin('GET', `${PROFILES_API}/wifi/authentication/list?id=${staff}`);
    // Auth Connect accounts come with the stations; a Wi-Fi profile carries none.
    expect(stations.json()).toEqual({ list: [station], accounts: [] });
    expect((await admin('GET', `${PROFILES_API}/wifi/authentication/list?id=${id}`)).statusCode).toBe(404);
    const listed = await admin('GET', `${PROFILES_API}/list?kind=firewall`);
    expect(listed.json().list.map((p: { name: string }) => p.name)).toEqual(['Office firewall']);

    const edited = await admin('PATCH', `${PROFILES_API}/edit`, {
      id,
      name: 'Office firewall 2',
      body: firewall('https'),
    });
    expect(edited.json()).toMatchObject({
      message: 'Firewall template edited successfully',
      profile: { name: 'Office firewall 2' },
    });
    const removed = await admin('DELETE', `${PROFILES_API}/delete`, { id });
    expect(removed.json()).toEqual({ message: 'Profile deleted successfully.' });
    expect((await admin('DELETE', `${PROFILES_API}/delete`, { id })).statusCode).toBe(404);
    const actions = (
      await edge.store.db
        .selectFrom('activity')
        .select(['action', 'status_code'])
        .where('action', 'like', 'profile.%')
        .orderBy('id')
        .execute()
    ).map((r) => `${r.action} ${r.status_code}`);
    expect(actions).toEqual(
      expect.arrayContaining(['profile.create 200', 'profile.edit 200', 'profile.delete 200']),
    );
    expect(actions).toContain('profile.create 409');
  });

  test('variables fill per device; a missing one refuses the rollout before anything is sent', async () => {
    const two = ids.slice(0, 2);
    const id = await create({
      name: 'Per-site rule',
      kind: 'firewall',
      body: firewall('{{site}} {{serial}}'),
      values: [{ scope: 'device', target: two[0], name: 'site', value: 'North' }],
    });
    const before = await Promise.all(two.map(firewallOf));
    const refused = await rollout({ id, deviceIds: two });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ err_code: 'profileVariableMissing' });
    expect(refused.json().err_message).toContain(serialOf(two[1]!));
    expect((await edge.jobs.list({ kind: 'profiles.apply', limit: 50, offset: 0 })).total).toBe(0);
    for (const [n, deviceId] of two.entries())
      expect((await firewallOf(deviceId)).desiredVersion).toBe(before[n]!.desiredVersion);

    // The group's value fills the second; the device's own value wins on the first.
    await admin('PATCH', `${PROFILES_API}/edit`, {
      id,
      name: 'Per-site rule',
      body: firewall('{{site}} {{serial}}'),
      values: [
        { scope: 'device', target: two[0], name: 'site', value: 'North' },
        { scope: 'group', target: String(groupId), name: 'site', value: 'Main' },
      ],
    });
    const dry = await admin('POST', `${PROFILES_API}/dryRun`, { id, deviceIds: two });
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json() as DryRunResponse;
    expect(result).toMatchObject({ section: 'firewall', total: 2, changing: 2, refused: 0 });
    const byDevice = new Map(result.devices.map((d) => [d.deviceId, d]));
    expect(byDevice.get(two[0]!)!.changes).toContainEqual({
      path: 'rules[1]',
      desired: { port: 8443, protocol: 'TCP', action: 'ACCEPT', description: `North ${serialOf(two[0]!)}` },
      reported: null,
    });
    expect(byDevice.get(two[1]!)!.changes[0]!.desired).toMatchObject({
      description: `Main ${serialOf(two[1]!)}`,
    });
  });

  test('a firewall profile reaches 100 devices: a canary of 10 first, then the rest', async () => {
    const id = await create({ name: 'Fleet firewall', kind: 'firewall', body: firewall('fleet') });
    const sectionReads = countStatements((sql) => /^select .* from "device_sections"/i.test(sql));
    let done;
    try {
      const started = await rollout({ id, groupId, canaryShare: 0.1, concurrency: 20 });
      expect(started.statusCode, started.body).toBe(200);
      done = await jobFinished(edge.jobs, started.json().jobId, 120_000);
    } finally {
      sectionReads.stop();
    }
    // The rollout's check reads the targets' sections in one statement, and a step reads its device's section
    // once, to render the profile into it: the writes return their rows for the announcements, the answer and
    // the delivery (eight reads a device before: one in the check, seven in the step). The waiter's check every
    // few seconds adds one for a device slow to settle; a second read in every step would break the bound.
    console.log(`[rollout] ${dialect}: ${sectionReads.count()} device_sections reads for ${COUNT} devices`);
    expect(sectionReads.count()).toBeLessThan(COUNT * 2);
    expect(done.job.state, explain(done)).toBe('succeeded');
    expect(done.job.counts.succeeded).toBe(COUNT);
    const canary = done.steps.filter((s) => s.wave === 0);
    expect(canary).toHaveLength(10);
    const canaryEnd = Math.max(...canary.map((s) => s.finishedAt!));
    expect(done.steps.filter((s) => s.wave === 1).every((s) => s.startedAt! >= canaryEnd)).toBe(true);
    for (const deviceId of ids) {
      const view = await firewallOf(deviceId);
      expect(view.state).toBe('in_sync');
      expect(view.reported).toEqual(firewall('fleet'));
    }
    const assigned = (await admin('GET', `${PROFILES_API}/assignments?id=${id}`)).json()
      .list as AssignmentView[];
    expect(assigned).toHaveLength(COUNT);
    expect(assigned.every((a) => a.state === 'applied')).toBe(true);

    // Changed by hand on one device since: drifted from its profile.
    const local = ids[7]!;
    await edge.rpc.call(local, 'debug.setLocal', { section: 'firewall', doc: firewall('by hand') });
    const drifted = await waitFor(async () => {
      const list = (await admin('GET', `${PROFILES_API}/assignments?id=${id}`)).json()
        .list as AssignmentView[];
      const row = list.find((a) => a.deviceId === local);
      return row?.state === 'drifted' && row;
    }, 'the device drifted from its profile');
    expect(drifted.drift).toContainEqual({
      path: 'rules[1].description',
      desired: 'fleet',
      reported: 'by hand',
    });
  }, 180_000);

  test('with 30 % of devices refusing, the rollout halts after the canary and sends nothing more', async () => {
    const failing = ids.filter((_, i) => i % 10 < 3);
    for (const deviceId of failing) control(`refuse ${serialOf(deviceId)}`);
    try {
      const id = await create({ name: 'Halting firewall', kind: 'firewall', body: firewall('halt') });
      const versions = new Map(
        await Promise.all(ids.map(async (d) => [d, (await firewallOf(d)).desiredVersion] as const)),
      );
      const started = await rollout({ id, deviceIds: ids, canaryShare: 0.1, maxFailedShare: 0.1 });
      expect(started.statusCode, started.body).toBe(200);
      const done = await jobFinished(edge.jobs, started.json().jobId, 120_000);
      expect(done.job.state, explain(done)).toBe('stopped');
      expect(done.job.counts).toMatchObject({ succeeded: 7, failed: 3, cancelled: 90 });
      expect(done.steps.find((s) => s.state === 'failed')?.reason).toContain('simulated fault');
      // Only the canary's ten got a new desired version.
      const changed = [];
      for (const deviceId of ids)
        if ((await firewallOf(deviceId)).desiredVersion !== versions.get(deviceId)) changed.push(deviceId);
      expect(changed.sort()).toEqual(ids.slice(0, 10).sort());
    } finally {
      for (const deviceId of failing) control(`accept ${serialOf(deviceId)}`);
    }
  }, 180_000);

  test('an operator aborts a rollout: the pending devices are not sent it', async () => {
    const id = await create({ name: 'Aborted firewall', kind: 'firewall', body: firewall('aborted') });
    const started = await rollout({ id, deviceIds: ids.slice(20, 60), canaryShare: 0, concurrency: 1 });
    const jobId = started.json().jobId as number;
    await waitFor(async () => (await edge.jobs.get(jobId)).job.counts.succeeded >= 2, 'two devices done');
    const aborted = await admin('POST', `${PROFILES_API}/abort`, { id: jobId });
    expect(aborted.statusCode, aborted.body).toBe(200);
    const done = await jobFinished(edge.jobs, jobId);
    expect(done.job.state).toBe('cancelled');
    expect(done.job.counts.cancelled).toBeGreaterThan(30);
    const untouched = done.steps.filter((s) => s.state === 'cancelled').map((s) => s.deviceId);
    for (const deviceId of untouched)
      expect((await firewallOf(deviceId)).desired).not.toEqual(firewall('aborted'));
    // Only rollouts: another kind's job is not found here.
    expect((await admin('POST', `${PROFILES_API}/abort`, { id: 999_999 })).statusCode).toBe(404);
  }, 120_000);

  test('export then import on a fresh console gives the same profiles; the import previews first', async () => {
    const yamlText = (await admin('GET', `${PROFILES_API}/export`)).body;
    const exported = parse(yamlText) as { profiles: { name: string; values: { target: string }[] }[] };
    const names = exported.profiles.map((p) => p.name);
    expect(names).toContain('Per-site rule');
    // Value tables name groups and devices portably: by group name and serial.
    const perSite = exported.profiles.find((p) => p.name === 'Per-site rule')!;
    expect(perSite.values.map((v) => v.target).sort()).toEqual([group, serialOf(ids[0]!)].sort());
    const json = await admin('GET', `${PROFILES_API}/export?format=json`);
    expect(json.headers['content-type']).toContain('application/json');
    expect(JSON.parse(json.body)).toEqual(exported);

    const fresh = await startTestConsole(dialect);
    try {
      const other = caller(fresh, await signIn(fresh));
      const preview = await other('POST', `${PROFILES_API}/import`, { document: yamlText });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ applied: false, changed: [], unchanged: [], droppedValues: 2 });
      expect(preview.json().created.sort()).toEqual([...names].sort());
      expect((await other('GET', `${PROFILES_API}/list`)).json().list).toEqual([]);

      const applied = await other('POST', `${PROFILES_API}/import`, { document: yamlText, apply: true });
      expect(applied.json()).toMatchObject({ message: 'Profiles imported successfully.', applied: true });
      const mine = (await admin('GET', `${PROFILES_API}/list`)).json().list as {
        name: string;
        body: unknown;
      }[];
      const theirs = (await other('GET', `${PROFILES_API}/list`)).json().list as typeof mine;
      expect(theirs.map((p) => [p.name, p.body])).toEqual(mine.map((p) => [p.name, p.body]));
      // The same document again changes nothing; a broken one is refused with nothing written.
      const again = await other('POST', `${PROFILES_API}/import`, { document: yamlText, apply: true });
      expect(again.json()).toMatchObject({ created: [], changed: [] });
      const broken = await other('POST', `${PROFILES_API}/import`, { document: 'profiles: [', apply: true });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ err_code: 'profileDocumentInvalid' });
    } finally {
      await fresh.destroy();
    }
  }, 120_000);

  test('a device offline at the rollout gets the profile when it returns', async () => {
    const away = ids[50]!;
    control(`drop ${serialOf(away)} 6000`);
    await waitFor(() => !edge.devices.get(away)!.online, 'the device offline');
    const id = await create({ name: 'Late firewall', kind: 'firewall', body: firewall('late') });
    const started = await rollout({ id, deviceIds: ids.slice(48, 53), canaryShare: 0 });
    const done = await jobFinished(edge.jobs, started.json().jobId, 90_000);
    expect(done.job.state, explain(done)).toBe('succeeded');
    expect((await firewallOf(away)).reported).toEqual(firewall('late'));
  }, 120_000);
});
