/** ownTurn: one caller per turn of the event loop, in the order they asked. */
import { expect, test } from 'vitest';
import { ownTurn } from './own-turn.ts';

/** Counts the loop's turns: an immediate queued from an immediate runs in the next turn. */
function turnCounter() {
  let turn = 0;
  let done = false;
  const tick = () => {
    turn += 1;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turn, stop: () => (done = true) };
}

test('callers resume one per turn, in order', async () => {
  const turns = turnCounter();
  const seen: { n: number; turn: number }[] = [];
  await Promise.all(
    [1, 2, 3, 4].map(async (n) => {
      await ownTurn();
      seen.push({ n, turn: turns.now() });
    }),
  );
  turns.stop();
  expect(seen.map((s) => s.n)).toEqual([1, 2, 3, 4]);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.turn).toBeGreaterThan(seen[i - 1]!.turn);
});

test('callers that each await setImmediate share one turn (what ownTurn is for)', async () => {
  const turns = turnCounter();
  const seen = await Promise.all(
    [1, 2, 3].map(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return turns.now();
    }),
  );
  turns.stop();
  expect(new Set(seen).size).toBe(1);
});
