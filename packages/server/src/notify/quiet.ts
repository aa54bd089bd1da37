/**
 * Quiet hours of an event rule or of a contact: from HH:MM to HH:MM in the console's time zone (crossing
 * midnight when `to` is earlier than `from`). A non-critical delivery queued inside them waits until they
 * end; a contact's own quiet hours replace its rule's for that contact.
 */
import type { Db } from '../db/schema.ts';
import { consoleTimeZone, wallTime } from '../scheduler/zoned.ts';

export interface QuietHours {
  from: string;
  to: string;
}

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** When the quiet hours around `now` end, or undefined when `now` is outside them (or there are none). */
export function quietUntil(
  now: number,
  quiet: QuietHours | undefined,
  timeZone = consoleTimeZone(),
): number | undefined {
  if (!quiet?.from || !quiet.to || quiet.from === quiet.to) return undefined;
  const wall = wallTime(now, timeZone); // YYYY-MM-DDTHH:MM:SS
  const minute = minuteOf(wall.slice(11, 16));
  const from = minuteOf(quiet.from);
  const to = minuteOf(quiet.to);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return undefined;
  const intoMinuteMs = Number(wall.slice(17, 19)) * 1000 + (now % 1000);
  // Wall minutes to the end; a DST change inside the window moves the end by its hour at most.
  return now + ((to - minute + 1440) % 1440) * 60_000 - intoMinuteMs;
}

/** The contacts' own quiet hours (those that have them), from their settings. */
export async function contactQuiet(db: Db, contactIds: number[]): Promise<Map<number, QuietHours>> {
  const own = new Map<number, QuietHours>();
  if (!contactIds.length) return own;
  const rows = await db
    .selectFrom('notify_contacts')
    .select(['id', 'settings'])
    .where('id', 'in', contactIds)
    .execute();
  for (const row of rows) {
    const { quietFrom, quietTo } = JSON.parse(row.settings) as { quietFrom?: string; quietTo?: string };
    if (quietFrom && quietTo) own.set(row.id, { from: quietFrom, to: quietTo });
  }
  return own;
}
