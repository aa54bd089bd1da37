/**
 * The console's own release feed (issue 22), on SQLite and PostgreSQL, from a feed served by a local HTTP
 * server and signed with a test key: "Check" finds the newest release of the chosen channel, "Download and
 * stage" puts the archive into DATA_DIR with the feed's hash; a feed signed with another key and a release
 * whose bytes are not the ones the feed names are refused with nothing staged. The auto-check / auto-upgrade
 * task runs at the settings' time only, and two consoles ticking on one store check and stage it once.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  RELEASE_FEED_FORMAT,
  UPGRADE_DEFAULTS,
  messages,
  type ReleaseEntry,
  type UpgradeInfo,
  type UpgradeSettings,
} from '@edge/protocol';
import { generateSigningKeys, signEnvelope } from '@edge/protocol/signature';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { multipart } from '../testing/files.ts';
import { startReceiver, type Receiver } from '../testing/http-receiver.ts';
import { clockedScheduler } from '../testing/clocked-scheduler.ts';
import { consoleRelease } from './console-release.ts';
import { upgradeStore } from './store.ts';

const key = generateSigningKeys();
const otherKey = generateSigningKeys();
const ARCHIVE = 'edge-console release archive 99.1.0\n'.repeat(200);
const LATEST = 'edge-console release archive 99.2.0 (latest)\n'.repeat(100);
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function entry(version: string, body: string, base: string, recommended: boolean): ReleaseEntry {
  return {
    version,
    date: '2027-01-02',
    recommended,
    url: `${base}/releases/${version}.tar.gz`,
    sha256: sha(body),
    size: Buffer.byteLength(body),
  };
}

const feed = (releases: ReleaseEntry[], signer = key.privateKeyPem) =>
  JSON.stringify(signEnvelope(RELEASE_FEED_FORMAT, { product: 'edge-console', releases }, signer));

/** An hour far from now, so the console's own per-minute task (on the real clock) is never due meanwhile. */
const farHour = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;

describe.each(DIALECTS)('release feed, check and stage (%s)', (dialect) => {
  let edge: TestConsole;
  let call: Caller;
  let feeds: Receiver;
  const releasesDir = () => path.join(edge.config.dataDir, 'upgrade', 'releases');
  const stagedFiles = () => (fs.existsSync(releasesDir()) ? fs.readdirSync(releasesDir()) : []);
  const info = async () => (await call('GET', '/api/v1/systemUpgrade/info')).json<UpgradeInfo>();
  const save = (settings: Partial<UpgradeSettings>) =>
    call('PATCH', '/api/v1/systemUpgrade/setting', {
      ...UPGRADE_DEFAULTS,
      time: farHour,
      publicKey: key.publicKeyPem,
      feedUrl: `${feeds.url}/feed.json`,
      ...settings,
    });
  /** Serves this feed, and the archives at their paths. */
  function serve(text: string, archives: Record<string, string> = {}) {
    feeds.always('/feed.json', { status: 200, body: text });
    for (const [version, body] of Object.entries(archives))
      feeds.always(`/releases/${version}.tar.gz`, {
        status: 200,
        body,
        headers: { 'content-type': 'application/gzip' },
      });
  }
  const served = (prefix: string) => feeds.calls.filter((c) => c.url.startsWith(prefix)).length;

  beforeAll(async () => {
    feeds = await startReceiver();
    edge = await startTestConsole(dialect);
    call = caller(edge, await signIn(edge));
  }, 60_000);
  afterAll(async () => {
    await feeds?.close();
    await edge?.destroy();
  });

  test('a feed signed with another key is refused: nothing offered, nothing staged', async () => {
    expect((await save({})).statusCode).toBe(200);
    serve(feed([entry('99.1.0', ARCHIVE, feeds.url, true)], otherKey.privateKeyPem), { '99.1.0': ARCHIVE });
    const res = await call('POST', '/api/v1/systemUpgrade/check');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ err_message: messages.upgradeFeedSignature });
    const after = await info();
    expect(after.available).toBeNull();
    expect(after.lastCheckError).toBe(messages.upgradeFeedSignature);
    const staged = await call('POST', '/api/v1/systemUpgrade/stage');
    expect(staged.statusCode).toBe(404);
    expect(staged.json()).toMatchObject({ err_message: messages.upgradeSoftwareNotFound });
    expect(served('/releases/')).toBe(0);
    expect(stagedFiles()).toEqual([]);

    // The same forgery uploaded as a release file: refused, no file kept.
    const body = multipart(
      Buffer.from(feed([entry('99.1.0', ARCHIVE, feeds.url, true)], otherKey.privateKeyPem)),
    );
    const uploaded = await call('POST', '/api/v1/systemUpgrade/feed/upload', body.payload, body.headers);
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json()).toMatchObject({ err_message: messages.upgradeFeedSignature });
    expect((await info()).feedSource).toBe('url');
  });

  test('a release whose bytes are not the ones the signed feed names is not staged', async () => {
    serve(feed([entry('99.1.0', ARCHIVE, feeds.url, true)]), { '99.1.0': `${ARCHIVE.slice(0, -2)}X\n` });
    const checked = await call('POST', '/api/v1/systemUpgrade/check');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<UpgradeInfo>()).toMatchObject({
      lastCheckError: null,
      available: { version: '99.1.0' },
      live: { status: 'available', version: '99.1.0' },
    });
    const res = await call('POST', '/api/v1/systemUpgrade/stage');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ err_message: messages.upgradeStagedHashMismatch });
    expect(served('/releases/99.1.0')).toBe(1);
    expect((await info()).staged).toBeNull();
    expect(stagedFiles()).toEqual([]);
  });

  test('check finds the recommended release (or the latest), and "download and stage" keeps it in DATA_DIR', async () => {
    serve(
      feed([
        entry('0.0.1', 'old', feeds.url, true),
        entry('99.1.0', ARCHIVE, feeds.url, true),
        entry('99.2.0', LATEST, feeds.url, false),
      ]),
      { '99.1.0': ARCHIVE, '99.2.0': LATEST },
    );
    const checked = await call('POST', '/api/v1/systemUpgrade/check');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<UpgradeInfo>().available?.version).toBe('99.1.0');

    const res = await call('POST', '/api/v1/systemUpgrade/stage');
    expect(res.statusCode, res.body).toBe(200);
    const { staged, live } = res.json<UpgradeInfo>();
    expect(live.status).toBe('staged');
    expect(staged).toMatchObject({
      version: '99.1.0',
      path: path.join(releasesDir(), 'edge-console-99.1.0.tar.gz'),
    });
    // The page tells the operator what to run: a running Node process cannot replace itself.
    expect(staged!.command).toContain(`tar -xzf '${staged!.path}'`);
    expect(fs.readFileSync(staged!.path, 'utf8')).toBe(ARCHIVE);
    expect(stagedFiles()).toEqual(['edge-console-99.1.0.tar.gz']);

    expect((await save({ version: 'Latest' })).statusCode).toBe(200);
    const latest = (await call('POST', '/api/v1/systemUpgrade/check')).json<UpgradeInfo>();
    expect(latest.available?.version).toBe('99.2.0');
    // What was staged is no longer what is offered: the page does not claim it any more.
    expect(latest.staged).toBeNull();
    expect((await save({ version: 'Recommended' })).statusCode).toBe(200);
  });

  test('a release file uploaded instead of an address is checked the same way', async () => {
    const text = feed([entry('99.1.0', ARCHIVE, feeds.url, true)]);
    expect((await save({ feedUrl: '' })).statusCode).toBe(200);
    const body = multipart(Buffer.from(text), 'feed.json');
    const uploaded = await call('POST', '/api/v1/systemUpgrade/feed/upload', body.payload, body.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<UpgradeInfo>().feedSource).toBe('file');
    const feedsBefore = served('/feed.json');
    const checked = await call('POST', '/api/v1/systemUpgrade/check');
    expect(checked.json<UpgradeInfo>().available?.version).toBe('99.1.0');
    expect(served('/feed.json')).toBe(feedsBefore);
  });

  test('auto-check and auto-upgrade run at their time only, once across two consoles on one store', async () => {
    const at = '2027-01-05T';
    expect(
      (await save({ autoCheck: true, autoUpgrade: true, frequency: 'Daily', time: '03:00' })).statusCode,
    ).toBe(200);
    serve(feed([entry('99.1.0', ARCHIVE, feeds.url, true)]), { '99.1.0': ARCHIVE });
    await edge.store.db.updateTable('upgrade_settings').set({ staged: null, available: null }).execute();
    fs.rmSync(releasesDir(), { recursive: true, force: true });

    /** A second console process in all but the HTTP side: its own scheduler and release service. */
    const replica = (start: string) => {
      const release = consoleRelease({ store: upgradeStore(edge.store.db), dataDir: edge.config.dataDir });
      const { scheduler, at: tick } = clockedScheduler(edge, `${at}${start}`);
      scheduler.register({
        name: 'upgrade.autoCheck',
        pattern: '0 * * * * *',
        run: (occursAt) => release.tick(occursAt),
        catchUp: false,
      });
      return (time: string) => tick(`${at}${time}`);
    };
    const one = replica('02:58:00');
    const two = replica('02:58:00');
    const feedsBefore = served('/feed.json');
    const downloadsBefore = served('/releases/');

    await Promise.all([one('02:59:30'), two('02:59:30')]);
    expect(served('/feed.json')).toBe(feedsBefore);
    expect((await info()).staged).toBeNull();

    await Promise.all([one('03:00:05'), two('03:00:05')]);
    expect(served('/feed.json')).toBe(feedsBefore + 1);
    expect(served('/releases/')).toBe(downloadsBefore + 1);
    const after = await info();
    expect(after.staged?.version).toBe('99.1.0');
    expect(fs.readFileSync(after.staged!.path, 'utf8')).toBe(ARCHIVE);
    const claims = await edge.store.db
      .selectFrom('schedule_occurrences')
      .select('occurs_at')
      .where('schedule_key', '=', 'task:upgrade.autoCheck')
      .where('occurs_at', '>=', Date.parse(`${at}00:00:00Z`))
      .execute();
    expect(claims.map((c) => new Date(Number(c.occurs_at)).toISOString())).toEqual([
      `${at}02:59:00.000Z`,
      `${at}03:00:00.000Z`,
    ]);

    // Weekly: only on Mondays (5 January 2027 is a Tuesday).
    expect(
      (await save({ autoCheck: true, autoUpgrade: true, frequency: 'Weekly', time: '03:01' })).statusCode,
    ).toBe(200);
    await Promise.all([one('03:01:05'), two('03:01:05')]);
    expect(served('/feed.json')).toBe(feedsBefore + 1);
  });
});
