/**
 * The licenceExpiring event on SQLite and PostgreSQL: the trial (and licences) as the License app lists them
 * fire the event once per threshold as their end comes near, through the event rules, into a message whose
 * notification is queued like any other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AlertMessageView, LicenseListResponse } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { ruleStore } from './rules.ts';
import { messageStore, type FreshHook } from './store.ts';
import { messageService } from './service.ts';
import { ruleEngine } from './engine.ts';
import { expiriesOf, licenceExpiryCheck } from './licence-expiry.ts';

const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };

describe.each(DIALECTS)('licence expiring (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect, { licenseTrialDays: 5 });
    admin = caller(edge, await signIn(edge));
  }, 60_000);
  afterAll(async () => {
    await edge?.destroy();
  });

  test('fires once per threshold, through the rules, into a message', async () => {
    const rule = await admin('POST', '/api/v1/messages/rules/add', {
      name: 'Licences',
      description: 'A licence is about to expire',
      events: ['licenceExpiring'],
      controller: true,
      severity: 'warning',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const listed = (await admin('GET', '/api/v1/license/list')).json<LicenseListResponse>();
    expect(listed.trial.inUse).toBe(true);
    const expiries = expiriesOf(listed);
    expect(expiries).toEqual([{ id: 'trial', name: 'Trial', endsAt: listed.trial.expiresAt }]);

    const db = edge.store.db;
    const fresh = new Set<FreshHook>();
    const rules = ruleStore(db);
    const messages = messageService({ rules, store: messageStore(db, fresh), fresh, log: silent });
    const engine = ruleEngine({
      rules,
      devices: { get: () => undefined, onChange: () => () => undefined },
      raise: (r) => messages.raise(r),
      log: silent,
    });
    const check = licenceExpiryCheck({ db, expiries: () => expiries, happened: engine.happened });
    const now = Date.now();

    // Five days left: past the 30- and 7-day thresholds at once, so one event (the nearest, 7).
    const first = await check.check(now);
    expect(first.map((h) => h.subject)).toEqual(['trial|7']);
    expect(first[0]!.detail).toMatch(/^The trial expires in 5 day\(s\)/);
    // Again, or from another replica: nothing more.
    expect(await check.check(now + 60_000)).toEqual([]);
    // Under a day left: the 1-day threshold, once.
    expect((await check.check(listed.trial.expiresAt - DAY / 2)).map((h) => h.subject)).toEqual(['trial|1']);
    expect(await check.check(listed.trial.expiresAt - DAY / 4)).toEqual([]);
    // Ended: nothing (the License app says it expired).
    expect(await check.check(listed.trial.expiresAt + 1)).toEqual([]);

    const { list } = (await admin('GET', '/api/v1/messages/list?key=trial')).json<{
      list: AlertMessageView[];
    }>();
    expect(list.map((m) => [m.event, m.severity, m.ruleName])).toEqual([
      ['licenceExpiring', 'warning', 'Licences'],
      ['licenceExpiring', 'warning', 'Licences'],
    ]);
    const notices = await db
      .selectFrom('license_expiry_notices')
      .select(['license_id', 'threshold_days'])
      .execute();
    expect(notices.map((n) => n.threshold_days).sort((a, b) => a - b)).toEqual([1, 7, 30]);
  });
});
