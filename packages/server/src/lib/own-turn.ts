/**
 * A turn of the event loop of one's own: `ownTurn()` resolves one caller per turn, in the order they asked.
 * Callers that each await setImmediate all run in the same check phase, one after the other with no I/O
 * polled between them: a wave of fifty job steps each storing a desired document (synchronous work on
 * SQLite) held the loop for over a second that way. Here the loop polls between two callers, so the HTTP
 * requests and device messages that came meanwhile are answered between them. An immediate queued while
 * the check phase runs waits for the next turn (Node's rule), which is what spaces the callers.
 */
const waiting: (() => void)[] = [];
let head = 0;
let pumping = false;

function pump(): void {
  const next = waiting[head++]!;
  if (head < waiting.length) setImmediate(pump);
  else {
    waiting.length = 0;
    head = 0;
    pumping = false;
  }
  next();
}

export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (pumping) return;
    pumping = true;
    setImmediate(pump);
  });
}
