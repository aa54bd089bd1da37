/**
 * Device messages taken off the bus at once and handled in turns, with the event loop free between turns.
 *
 * Why: at 10,000 devices a second can bring a burst of over a thousand reports (the fleet's reporting
 * drifts into step); handled as they arrive, an operator's request that came in the same second waited
 * behind all of them, and `inventory/list` p99 sat at 40-90 ms for a request that costs 1.6 ms. In turns
 * of TURN_MS the request waits behind one turn at most.
 *
 * Fair share: when the loop is busy with other work (sockets in a reconnect storm), a fixed short turn
 * would let the queue fall ever further behind and delay presence (a device's hello waiting for minutes).
 * A turn may therefore last as long as the loop spent elsewhere since the last one, up to MAX_TURN_MS: no
 * more, because a turn is a stall for everything else (with 250 ms allowed, the bench's 10,000 devices saw
 * 212-ms stalls and an `inventory/list` p99 of 89 ms).
 *
 * Bound: past MAX_WAITING messages (a console that cannot keep up, e.g. the ingest probe's 1-s reports), each
 * arrival first handles the oldest one where it arrives, as without the queue: the reading of sockets pays
 * for the handling again, so TCP pushes back on the devices instead of the queue growing without end.
 */
import { performance } from 'node:perf_hooks';

export type IntakeHandler = (topic: string, payload: Buffer) => void;

const TURN_MS = 8;
const MAX_TURN_MS = 32;
const MAX_WAITING = 10_000;
/** Messages between two looks at the clock: a handler takes microseconds, the clock read is not free. */
const CLOCK_EVERY = 16;

export interface Intake {
  /** Queues one message for its handler; messages are handled in the order they arrived. */
  push(handler: IntakeHandler, topic: string, payload: Buffer): void;
  /** Messages waiting. */
  readonly waiting: number;
  /** Handles everything waiting now (shutdown, tests). */
  drain(): void;
}

export function intakeQueue(onError: (err: unknown, topic: string) => void): Intake {
  // Three parallel arrays, no object per message: a storm queues hundreds of thousands.
  let handlers: IntakeHandler[] = [];
  let topics: string[] = [];
  let payloads: Buffer[] = [];
  let head = 0;
  let scheduled = false;
  let lastTurnEnd = performance.now();

  function handleOne(): void {
    const topic = topics[head]!;
    try {
      handlers[head]!(topic, payloads[head]!);
    } catch (err) {
      onError(err, topic);
    }
    head++;
  }

  function compact(): void {
    if (head === handlers.length) {
      handlers = [];
      topics = [];
      payloads = [];
    } else if (head > 4096 && head * 2 > handlers.length) {
      handlers = handlers.slice(head);
      topics = topics.slice(head);
      payloads = payloads.slice(head);
    } else return;
    head = 0;
  }

  function turn(): void {
    const start = performance.now();
    const budget = Math.min(MAX_TURN_MS, Math.max(TURN_MS, start - lastTurnEnd));
    let now = start;
    while (head < handlers.length && now - start < budget) {
      for (let i = 0; i < CLOCK_EVERY && head < handlers.length; i++) handleOne();
      now = performance.now();
    }
    lastTurnEnd = now;
    compact();
    if (head < handlers.length) setImmediate(turn);
    else scheduled = false;
  }

  return {
    push(handler, topic, payload) {
      if (handlers.length - head >= MAX_WAITING) handleOne();
      handlers.push(handler);
      topics.push(topic);
      payloads.push(payload);
      if (scheduled) return;
      scheduled = true;
      // The first turn after a quiet spell shares the time from now on, not the quiet spell before.
      lastTurnEnd = performance.now();
      setImmediate(turn);
    },
    get waiting() {
      return handlers.length - head;
    },
    drain() {
      while (head < handlers.length) handleOne();
      compact();
    },
  };
}
