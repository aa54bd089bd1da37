/**
 * SPEC 3's log filters but the key word as WHERE clauses, written once for the page, the download, the
 * export and the device package. Each filter lands on an index of 0012 (device, level, program) or on
 * created_at. The key word is the store's (store.ts page): matched on the rows these pick, read in order,
 * or found through the key-word index of 0023 (keyword-index.ts).
 */
import type { SelectQueryBuilder } from 'kysely';
import { levelOfName, type LogFilter } from '@edge/protocol';
import type { Database } from '../db/schema.ts';

export function applyFilter<O>(
  query: SelectQueryBuilder<Database, 'device_logs', O>,
  filter: Omit<Partial<LogFilter>, 'key'>,
): SelectQueryBuilder<Database, 'device_logs', O> {
  let q = query;
  if (filter.deviceID) q = q.where('device_id', '=', filter.deviceID);
  if (filter.levelName && filter.levelName !== 'All')
    q = q.where('level', '=', levelOfName[filter.levelName]);
  if (filter.functionName) q = q.where('program', '=', filter.functionName);
  if (filter.startDate !== undefined) q = q.where('created_at', '>=', filter.startDate);
  if (filter.endDate !== undefined) q = q.where('created_at', '<=', filter.endDate);
  return q;
}

/** A row's place in the newest-first order: the page ID of SPEC 3 is the last row's place. */
export interface LogCursor {
  createdAt: number;
  id: number;
}

export const cursorText = (c: LogCursor) => `${c.createdAt}.${c.id}`;
export function parseCursor(text: string | undefined): LogCursor | undefined {
  if (!text) return undefined;
  const [createdAt, id] = text.split('.').map(Number);
  return { createdAt: createdAt!, id: id! };
}

/** Rows after the cursor in (created_at DESC, id DESC) order. */
export function after<O>(
  query: SelectQueryBuilder<Database, 'device_logs', O>,
  cursor: LogCursor | undefined,
): SelectQueryBuilder<Database, 'device_logs', O> {
  if (!cursor) return query;
  return query.where((eb) =>
    eb.or([
      eb('created_at', '<', cursor.createdAt),
      eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
    ]),
  );
}
