/**
 * Activity rows of what no request did: a device on the bus, not an operator on the API (an enrolment
 * conflict, issue 13), written with no user the way the recorder writes a refused anonymous request; or an
 * operator's long-lived session whose end no request marks (a terminal, issue 19).
 */
import type { Db } from '../db/schema.ts';
import { ACTIVITY_LIMITS } from './recorder.ts';

export interface ActivityEvent {
  /** What happened, named like a route's activity (e.g. `provision.enrolConflict`). */
  action: string;
  /** What it happened to, e.g. a serial number. */
  target: string;
  /** The HTTP status a request doing the same would have been answered with (409: a conflict). */
  statusCode: number;
  /** Who did it, when an operator did (a terminal session's start and end, issue 19). */
  user?: { id: number; name: string };
  /** From where. */
  ip?: string;
}

export async function recordEvent(db: Db, event: ActivityEvent, at = Date.now()): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      user_id: event.user?.id ?? null,
      user_name: (event.user?.name ?? '').slice(0, ACTIVITY_LIMITS.userName),
      action: event.action.slice(0, ACTIVITY_LIMITS.action),
      target: event.target.slice(0, ACTIVITY_LIMITS.target),
      ip: event.ip ?? '',
      status_code: event.statusCode,
      created_at: at,
    })
    .execute();
}
