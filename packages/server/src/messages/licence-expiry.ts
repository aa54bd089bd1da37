/**
 * The licenceExpiring event: N days before a licence (or the trial, while it is in use) ends, for each
 * threshold of LICENCE_EXPIRY_THRESHOLDS, once per licence and threshold (license_expiry_notices, whose
 * primary key makes the once hold across replicas and restarts). A licence found already past several
 * thresholds (uploaded late, a console that was off) fires once, for the nearest. The event goes through
 * the event rules like any other (a rule with no device scope, or over every device, covers it).
 */
import { LICENCE_EXPIRY_THRESHOLDS, type LicenseListResponse } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { SystemTask } from '../scheduler/service.ts';
import type { Happening } from './engine.ts';

const DAY_MS = 86_400_000;

export interface Expiry {
  /** The licence's id, or 'trial'. */
  id: string;
  name: string;
  /** The instant it stops covering devices (after its end date's last second). */
  endsAt: number;
}

/** What may expire: licences not expired yet, and the trial while no licence was uploaded. */
export function expiriesOf(listed: LicenseListResponse): Expiry[] {
  const out: Expiry[] = listed.list
    .filter((l) => l.statusName !== 'Expired')
    .map((l) => ({ id: l.id, name: l.name, endsAt: Date.parse(`${l.endDate}T00:00:00Z`) + DAY_MS }));
  if (listed.trial.inUse && !listed.trial.expired)
    out.push({ id: 'trial', name: 'Trial', endsAt: listed.trial.expiresAt });
  return out;
}

export function licenceExpiryCheck(deps: {
  db: Db;
  expiries: () => Expiry[];
  happened: (h: Happening) => Promise<void>;
}) {
  /** Fires what is due now; resolves with the happenings fired. */
  async function check(now = Date.now()): Promise<Happening[]> {
    const fired: Happening[] = [];
    for (const expiry of deps.expiries()) {
      const left = expiry.endsAt - now;
      if (left <= 0) continue;
      const crossed = LICENCE_EXPIRY_THRESHOLDS.filter((days) => left <= days * DAY_MS);
      if (!crossed.length) continue;
      const nearest = Math.min(...crossed);
      const noted = await deps.db
        .insertInto('license_expiry_notices')
        .values(crossed.map((days) => ({ license_id: expiry.id, threshold_days: days, notified_at: now })))
        .onConflict((oc) => oc.columns(['license_id', 'threshold_days']).doNothing())
        .returning('threshold_days')
        .execute();
      if (!noted.some((n) => n.threshold_days === nearest)) continue;
      const daysLeft = Math.ceil(left / DAY_MS);
      const happening: Happening = {
        event: 'licenceExpiring',
        deviceId: null,
        subject: `${expiry.id}|${nearest}`,
        detail: `${expiry.id === 'trial' ? 'The trial' : `Licence "${expiry.name}"`} expires in ${daysLeft} day(s), on ${new Date(expiry.endsAt - 1).toISOString().slice(0, 10)}.`,
      };
      try {
        await deps.happened(happening);
      } catch (err) {
        // Not raised: noted again at the next check.
        await deps.db
          .deleteFrom('license_expiry_notices')
          .where('license_id', '=', expiry.id)
          .where(
            'threshold_days',
            'in',
            noted.map((n) => n.threshold_days),
          )
          .execute();
        throw err;
      }
      fired.push(happening);
    }
    return fired;
  }
  const task: SystemTask = {
    name: 'messages.licenceExpiry',
    pattern: '0 */10 * * * *',
    catchUp: false,
    run: () => check(),
  };
  return { check, task };
}
