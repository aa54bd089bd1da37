/** Runs tasks of the same key one after another (e.g. two enrolment requests of one serial), others freely. */
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    tails.set(key, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (tails.get(key) === next) tails.delete(key);
      });
    return next;
  };
}
