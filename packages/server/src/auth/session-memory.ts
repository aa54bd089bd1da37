/**
 * The sessions this console resolved lately, held in memory for one purpose: while the database cannot be
 * reached, an operator signed in here keeps reading what the console holds in memory (the inventory, live
 * device state) instead of being signed out by an outage. Only ever consulted when the database query failed
 * as unreachable; every session the database answers for replaces its entry, and ending a session (or every
 * session of a user) drops it here too. Writes still fail: they need the database.
 */
import type { Identity } from '../http/types.ts';

/** Bounded: a burst of sign-ins cannot grow it without end; the least recently resolved go first. */
const MAX_HELD = 10_000;

interface Held {
  identity: Identity;
  userId: number;
  lastSeenAt: number;
}

export function sessionMemory(idleMs: number) {
  const held = new Map<string, Held>();
  return {
    /** A session the database just vouched for. */
    keep(idHash: string, identity: Identity, lastSeenAt: number): void {
      held.delete(idHash);
      held.set(idHash, { identity, userId: identity.userId, lastSeenAt });
      if (held.size > MAX_HELD) held.delete(held.keys().next().value!);
    },
    /** The identity of a session seen within its idle limit, for a request the database cannot answer. */
    recall(idHash: string, now: number): Identity | null {
      const entry = held.get(idHash);
      if (!entry) return null;
      if (now - entry.lastSeenAt > idleMs) {
        held.delete(idHash);
        return null;
      }
      return entry.identity;
    },
    drop(idHash: string): void {
      held.delete(idHash);
    },
    /** Every session ended at once (a console restore replaced the sessions table). */
    dropAll(): void {
      held.clear();
    },
    dropUser(userId: number, exceptIdHash?: string): void {
      for (const [idHash, entry] of held)
        if (entry.userId === userId && idHash !== exceptIdHash) held.delete(idHash);
    },
  };
}
