/**
 * How long the event loop has worked since it last polled for I/O, and a pause for a turn of its own once
 * that passes a budget. On SQLite every query is synchronous, so a chain of awaited queries never waits
 * for anything: the device messages one poll brought in (a reconnect storm's configuration reports, a
 * rollout's answers) each ran their whole chain of store work before the loop polled again, and an HTTP
 * request that came meanwhile waited behind all of them (stretches of 3 s at 2,000 devices in the bench).
 *
 * A stretch starts at the first look after the loop's check phase and ends at the next one: an immediate
 * queued at that look keeps the poll from blocking, so the stretch counts work, not idle time.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { ownTurn } from './own-turn.ts';

/** Work past this, in one stretch, waits for a turn of its own. */
export const TURN_BUDGET_MS = 10;

let startedAt: number | undefined;

/**
 * The request being answered, while it is open. Its own store work does not wait: it would queue behind
 * every deferred chain of device work, and a request is what the pause is there to answer (a list request
 * whose session was read from the store waited 1.2 s that way at 2,000 devices). Work the request started
 * and left running (an apply, a job) waits as any once the answer has gone.
 */
const answering = new AsyncLocalStorage<{ open: boolean }>();

/** Handles an HTTP request as one being answered until its response closes. */
export function whileAnswering(response: ServerResponse, handle: () => void): void {
  const request = { open: true };
  response.once('close', () => (request.open = false));
  answering.run(request, handle);
}

function stretchEnded(): void {
  startedAt = undefined;
}

/** Milliseconds the loop has worked in the current stretch (0 at its first look). */
export function turnSpentMs(): number {
  const now = performance.now();
  if (startedAt === undefined) {
    startedAt = now;
    setImmediate(stretchEnded);
  }
  return now - startedAt;
}

/**
 * Resolves at once within the budget, else in a later turn of the loop, after it polled for I/O. The
 * caller then has a whole budget of its own: were it measured against a stretch still open, it could wait
 * again at once, each time, and never go on.
 */
export async function yieldWhenTurnSpent(budgetMs = TURN_BUDGET_MS): Promise<void> {
  if (turnSpentMs() <= budgetMs || answering.getStore()?.open) return;
  await ownTurn();
  turnSpentMs();
  startedAt = performance.now();
}
