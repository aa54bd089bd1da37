/**
 * Activity rows of what no request did: a device on the bus, not an operator on the API (an enrolment
 * conflict, issue 13). Written with no user, the way the recorder writes a refused anonymous request.
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
}

export async function recordEvent(db: Db, event: ActivityEvent, at = Date.now()): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      user_id: null,
      user_name: '',
      action: event.action.slice(0, ACTIVITY_LIMITS.action),
      target: event.target.slice(0, ACTIVITY_LIMITS.target),
      ip: '',
      status_code: event.statusCode,
      created_at: at,
    })
    .execute();
}
