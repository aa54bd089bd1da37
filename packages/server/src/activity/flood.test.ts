/**
 * Unauthenticated requests must not fill the disk (issue 13): refused requests are logged only in bounded
 * form, anonymous API traffic is rate-limited, and the log has a retention setting an administrator sets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { sourceOf } from '../http/source.ts';
import { REFUSAL_WINDOW_MS } from './refusals.ts';
import { THROTTLE } from '../auth/throttle.ts';

const RETENTION = '/api/v1/settings/activity/retention';

async function databaseBytes(edge: TestConsole): Promise<number> {
  if (edge.store.dialect === 'postgres') {
    const { rows } = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(
      edge.store.db,
    );
    return Number(rows[0]!.n);
  }
  return ['', '-wal']
    .map((suffix) => path.join(edge.config.dataDir, `console.sqlite${suffix}`))
    .filter((file) => fs.existsSync(file))
    .reduce((sum, file) => sum + fs.statSync(file).size, 0);
}

describe.each(DIALECTS)('unauthenticated flood (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('10,000 unauthenticated requests grow the database by less than 1 MB', async () => {
    const before = await databaseBytes(edge);
    const longPath = `/api/v1/${'x'.repeat(8000)}`;
    const kinds = [
      { method: 'POST' as const, url: longPath, payload: { name: 'y'.repeat(5000) } },
      { method: 'POST' as const, url: '/api/v1/settings/company', payload: { name: 'z'.repeat(5000) } },
      {
        method: 'POST' as const,
        url: '/api/v1/auth/login',
        // Not the admin the next test signs in as: this many failures delay an account's sign-in for up to a minute.
        payload: { name: 'flood-target', password: 'wrong-password' },
      },
      {
        method: 'DELETE' as const,
        url: `/api/v1/settings/account/users?${'q'.repeat(6000)}`,
        payload: { id: 1 },
      },
    ];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let i = 0; i < 10_000; i++) {
      const res = await edge.app.inject({ ...kinds[i % kinds.length]!, remoteAddress: `10.9.${i % 7}.1` });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
    if (edge.store.dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(edge.store.db);
    expect((await databaseBytes(edge)) - before).toBeLessThan(1024 * 1024);
    // One row per source per window: 7 sources, over however many windows the run spanned.
    const windows = Math.floor(Date.now() / REFUSAL_WINDOW_MS) - Math.floor(started / REFUSAL_WINDOW_MS) + 1;
    const rows = await edge.store.db
      .selectFrom('activity')
      .selectAll()
      .where('user_id', 'is', null)
      .where('created_at', '>=', started)
      .execute();
    // Wrong passwords are each logged, but the sign-in throttle bounds them per address.
    const wrongPasswords = rows.filter((r) => r.action === 'auth.login' && r.status_code === 401);
    expect(wrongPasswords.length).toBeLessThanOrEqual(7 * THROTTLE.perAddress);
    expect(rows.length - wrongPasswords.length).toBeLessThanOrEqual(7 * windows);
    expect(Math.max(...rows.map((r) => r.target.length + r.action.length + r.user_name.length))).toBeLessThan(
      600,
    );
  });

  it('refuses anonymous API traffic past the per-source limit with 429 in words, and not signed-in users', async () => {
    const anonymous = caller(edge, undefined, '10.8.0.1');
    let last = await anonymous('POST', '/api/v1/auth/login', { name: 'nobody', password: 'wrong-password' });
    for (let i = 0; i < edge.config.anonymousRateLimit && last.statusCode !== 429; i++)
      last = await anonymous('GET', '/api/v1/settings/company');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ err_message: messages.tooManyRequests, err_code: 'tooManyRequests' });
    // Another source is not held back by the first, nor is a signed-in user from the same address.
    expect((await caller(edge, undefined, '10.8.0.2')('GET', '/api/v1/settings/company')).statusCode).toBe(
      401,
    );
    // Signed in elsewhere (earlier tests may have used up 127.0.0.1's allowance), then used from the limited source.
    const session = await signIn(edge, undefined, undefined, '10.8.0.3').catch(() => null);
    expect(session).not.toBeNull();
    expect((await caller(edge, session!, '10.8.0.1')('GET', '/api/v1/settings/company')).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64', () => {
    expect(sourceOf('2001:db8:1:2:aaaa::1')).toBe(sourceOf('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(sourceOf('2001:db8:1:3::1')).not.toBe(sourceOf('2001:db8:1:2::1'));
    expect(sourceOf('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it('keeps the log for the retention an administrator sets, and prunes what is older', async () => {
    expect((await admin('GET', RETENTION)).json()).toEqual({ days: 90 });
    for (const days of [0, 3651, 1.5, '30', null]) {
      const res = await admin('PATCH', RETENTION, { days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json()).toEqual({
        err_message: messages.retentionDaysRange,
        err_code: 'retentionDaysRange',
      });
    }
    expect((await admin('PATCH', RETENTION, { days: 7 })).json()).toEqual({ days: 7 });
    const old = Date.now() - 8 * 86_400_000;
    await edge.store.db
      .insertInto('activity')
      .values({
        user_id: null,
        user_name: 'old',
        action: 'x',
        target: '/x',
        ip: '1.1.1.1',
        status_code: 200,
        created_at: old,
      })
      .execute();
    const { activityRetention } = await import('./retention.ts');
    expect(await activityRetention(edge.store.db).prune()).toBeGreaterThanOrEqual(1);
    const left = await edge.store.db
      .selectFrom('activity')
      .select('id')
      .where('created_at', '<', Date.now() - 7 * 86_400_000)
      .execute();
    expect(left).toEqual([]);
    expect((await admin('GET', RETENTION)).json()).toEqual({ days: 7 });
  });
});
