/**
 * Runs tasks of the same key one after another (e.g. two enrolment requests of one serial), others freely.
 * A task may hold several keys at once (a batch of enrolments): it waits for every one of them, and each of
 * them waits for it; keys are taken all in one step, so two such tasks cannot deadlock.
 */
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  function runAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const previous = keys.flatMap((key) => tails.get(key) ?? []);
    const next = Promise.allSettled(previous).then(task);
    for (const key of keys) tails.set(key, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        for (const key of keys) if (tails.get(key) === next) tails.delete(key);
      });
    return next;
  }
  return Object.assign(<T>(key: string, task: () => Promise<T>): Promise<T> => runAll([key], task), {
    all: runAll,
  });
}
