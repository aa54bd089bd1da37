/** SQL of device_sections: desired and reported documents per device and section, and the apply state. */
import type { Selectable } from 'kysely';
import type { ApplyOutcome, SectionDoc, SectionKey, SectionState } from '@edge/protocol';
import type { Db, DeviceSectionsTable } from '../db/schema.ts';
import { mapChunks } from '../lib/chunks.ts';

/** Devices per `in (...)` list. */
const CHUNK = 512;

/**
 * A row but its reported document: a report's write knows the text it wrote (twelve sections on a first
 * connect). A column missing here fails to compile where writeReported returns SectionRow.
 */
const ALL_BUT_REPORTED = [
  'device_id',
  'section',
  'desired',
  'desired_version',
  'reported_version',
  'reported_hash',
  'reported_at',
  'state',
  'outcome',
  'last_error',
  'last_error_code',
  'confirm_by',
  'updated_by',
  'updated_at',
] as const;

export type SectionRow = Selectable<DeviceSectionsTable>;

/** A move of the apply engine: the state, and whatever else it settles. */
export interface Transition {
  state: SectionState;
  outcome?: ApplyOutcome | null;
  last_error?: string | null;
  last_error_code?: string | null;
  confirm_by?: number | null;
}

export interface Reported {
  section: SectionKey;
  /** Checked against the section's schema (it came through the device protocol's parse). */
  doc: SectionDoc;
  version: number;
  hash: string;
  at: number;
}

export function configStore(db: Db) {
  const rows = () => db.selectFrom('device_sections').selectAll();
  return {
    list: (deviceId: string) => rows().where('device_id', '=', deviceId).execute(),

    get: (deviceId: string, section: SectionKey) =>
      rows().where('device_id', '=', deviceId).where('section', '=', section).executeTakeFirst(),

    /** One section of many devices (a rollout's check of every target), in a statement per few hundred. */
    sectionOf: (deviceIds: string[], section: SectionKey) =>
      mapChunks(deviceIds, CHUNK, (chunk) =>
        rows().where('device_id', 'in', chunk).where('section', '=', section).execute(),
      ),

    withState: (state: SectionState) => rows().where('state', '=', state).execute(),

    /** The sections of these devices whose desired version has not reached them yet. */
    undelivered: (deviceIds: string[]) =>
      mapChunks(deviceIds, CHUNK, (chunk) =>
        db
          .selectFrom('device_sections')
          .select(['device_id', 'section'])
          .where('device_id', 'in', chunk)
          .where('state', 'in', ['pending', 'applying'] satisfies SectionState[])
          .execute(),
      ),

    /**
     * Stores a new desired document as the next version, only if the stored version is still `expected`
     * (a change someone else made meanwhile wins; the caller tries again on top of it). Gives the row as
     * written, or none: each write returns its row so that nobody reads it back (announcing-store.ts).
     */
    writeDesired(
      deviceId: string,
      section: SectionKey,
      change: { doc: unknown; expected: number; user: string; at: number },
    ): Promise<SectionRow | undefined> {
      const values = {
        desired: JSON.stringify(change.doc),
        desired_version: change.expected + 1,
        state: 'pending' satisfies SectionState,
        last_error: null,
        last_error_code: null,
        confirm_by: null,
        updated_by: change.user,
        updated_at: change.at,
      };
      return db
        .insertInto('device_sections')
        .values({ device_id: deviceId, section, ...values })
        .onConflict((oc) =>
          oc
            .columns(['device_id', 'section'])
            .doUpdateSet(values)
            .where('device_sections.desired_version', '=', change.expected),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * What the device says it holds, for one or more sections in one statement (a device reports all twelve on
     * its first connection); written whatever the apply state (the device is the truth of it). Gives the rows
     * as written, in no particular order; their reported documents are the texts written, not read back.
     */
    async writeReported(deviceId: string, reported: Reported[]): Promise<SectionRow[]> {
      if (reported.length === 0) return [];
      const texts = new Map(reported.map((r) => [r.section as string, JSON.stringify(r.doc)]));
      const rows = await db
        .insertInto('device_sections')
        .values(
          reported.map((r) => ({
            device_id: deviceId,
            section: r.section,
            reported: texts.get(r.section)!,
            reported_version: r.version,
            reported_hash: r.hash,
            reported_at: r.at,
            updated_at: r.at,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['device_id', 'section']).doUpdateSet((eb) => ({
            reported: eb.ref('excluded.reported'),
            reported_version: eb.ref('excluded.reported_version'),
            reported_hash: eb.ref('excluded.reported_hash'),
            reported_at: eb.ref('excluded.reported_at'),
          })),
        )
        .returning(ALL_BUT_REPORTED)
        .execute();
      return rows.map((row) => ({ ...row, reported: texts.get(row.section) ?? null }));
    },

    /**
     * Moves the apply state, only while `version` is still the desired one (a newer change owns it otherwise)
     * and, when `from` is given, only out of those states. Gives the row as moved, or none if it did not move.
     */
    transition(
      deviceId: string,
      section: SectionKey,
      version: number,
      to: Transition,
      from?: readonly SectionState[],
    ): Promise<SectionRow | undefined> {
      let update = db
        .updateTable('device_sections')
        .set(to)
        .where('device_id', '=', deviceId)
        .where('section', '=', section)
        .where('desired_version', '=', version);
      if (from) update = update.where('state', 'in', [...from]);
      return update.returningAll().executeTakeFirst();
    },
  };
}

export type ConfigStore = ReturnType<typeof configStore>;
