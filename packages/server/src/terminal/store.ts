/** Terminal sessions and their recordings (table terminal_sessions, migrations 0015 and 0029). */
import type { TerminalSessionRow } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

/** Sessions listed per device at most. */
const LIST_LIMIT = 100;

export function terminalStore(db: Db) {
  return {
    async started(row: {
      id: string;
      deviceId: string;
      container: string | null;
      userId: number;
      userName: string;
      at: number;
    }) {
      await db
        .insertInto('terminal_sessions')
        .values({
          id: row.id,
          device_id: row.deviceId,
          container: row.container,
          user_id: row.userId,
          user_name: row.userName,
          started_at: row.at,
          ended_at: null,
          end_reason: null,
          cast: null,
        })
        .execute();
    },

    async ended(id: string, end: { at: number; reason: string; bytes: number; cast: string }) {
      await db
        .updateTable('terminal_sessions')
        .set({ ended_at: end.at, end_reason: end.reason, bytes: end.bytes, cast: end.cast })
        .where('id', '=', id)
        .execute();
    },

    async list(deviceId: string): Promise<TerminalSessionRow[]> {
      const rows = await db
        .selectFrom('terminal_sessions')
        .select(['id', 'device_id', 'container', 'user_name', 'started_at', 'ended_at', 'bytes'])
        .where('device_id', '=', deviceId)
        .orderBy('started_at', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        deviceId: r.device_id,
        userName: r.user_name,
        container: r.container,
        startedAt: Number(r.started_at),
        endedAt: r.ended_at === null ? null : Number(r.ended_at),
        bytes: Number(r.bytes),
      }));
    },

    async cast(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('terminal_sessions')
        .select('cast')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.cast ?? null;
    },
  };
}

export type TerminalStore = ReturnType<typeof terminalStore>;
