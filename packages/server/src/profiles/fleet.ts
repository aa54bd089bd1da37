/**
 * The choices a profile's editors offer, from what the fleet reports (protocol profiles/fleet.ts). Devices
 * of one model report the same documents: each distinct reported document (by its hash) is read once, so
 * the answer costs a few rows for a fleet of thousands.
 */
import {
  fleetChoicesOf,
  type FleetReports,
  type ProfileFleetChoices,
  type VlanSection,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { ProfileStore } from './store.ts';

const SECTIONS = ['portType', 'wan', 'vlan'] as const satisfies readonly (keyof FleetReports)[];

export function fleetChoices(db: Db, profiles: Pick<ProfileStore, 'list'>) {
  return async (): Promise<ProfileFleetChoices> => {
    const [distinct, counted, vlanProfiles] = await Promise.all([
      db
        .selectFrom('device_sections')
        .select(['section', (eb) => eb.fn.max('reported').as('reported')])
        .where('section', 'in', SECTIONS)
        .where('reported', 'is not', null)
        .groupBy(['section', 'reported_hash'])
        .execute(),
      db
        .selectFrom('device_sections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('section', '=', 'portType')
        .where('reported', 'is not', null)
        .executeTakeFirstOrThrow(),
      profiles.list('vlan'),
    ]);
    const reports: { [K in keyof FleetReports]: unknown[] } = { portType: [], wan: [], vlan: [] };
    for (const row of distinct) reports[row.section as keyof FleetReports].push(JSON.parse(row.reported!));
    const profileVids = vlanProfiles.flatMap((p) =>
      (JSON.parse(p.body) as VlanSection).list.map((v) => v.vid),
    );
    return fleetChoicesOf(reports as unknown as FleetReports, profileVids, Number(counted.n));
  };
}
