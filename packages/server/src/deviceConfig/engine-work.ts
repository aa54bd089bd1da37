/**
 * The apply engine's work on its way: by key, so two triggers never send the same thing twice at once (a
 * trigger that comes while it runs marks it to run once more: the attempt may be waiting for a device that
 * just came back), and deliveries started in the background, which a stop leaves to end by themselves.
 */
export function engineWork(failed: (deviceId: string) => (err: unknown) => void) {
  const inFlight = new Map<string, { again: boolean }>();
  /** Deliveries started by a write or a resend, not awaited by their caller. */
  const background = new Set<Promise<void>>();
  let stopped = false;

  return {
    get stopped() {
      return stopped;
    },
    stop(): void {
      stopped = true;
    },
    running: (key: string): boolean => inFlight.has(key),

    /** Runs `task` unless it is on its way; then it runs once more after, if `again` (re-checked) says so. */
    async once(key: string, task: () => Promise<void>, again?: () => Promise<boolean>): Promise<void> {
      const running = inFlight.get(key);
      if (running) {
        running.again = true;
        return;
      }
      const entry = { again: false };
      inFlight.set(key, entry);
      try {
        await task();
        while (entry.again && again && !stopped) {
          entry.again = false;
          if (await again()) await task();
        }
      } finally {
        inFlight.delete(key);
      }
    },

    /** Starts a delivery without waiting for it (an apply may wait 20 s for its device). */
    inBackground(deviceId: string, work: () => Promise<void>): void {
      if (stopped) return;
      const running: Promise<void> = work()
        .catch(failed(deviceId))
        .finally(() => background.delete(running));
      background.add(running);
    },

    /** Resolves when the deliveries started so far have ended (tests). */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
