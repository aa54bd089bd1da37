/**
 * Which refused anonymous requests reach the activity log. An unauthenticated caller can send requests
 * as fast as the network allows; logging each one lets anyone fill the disk. One row per source address
 * per window is enough to show that somebody was knocking, and the number of sources per window is
 * bounded too, so a flood from many addresses can neither grow memory nor the log without limit.
 */
export const REFUSAL_WINDOW_MS = 60_000;
/** Past this many sources in one window (a distributed flood) the rest are not logged one by one. */
const MAX_SOURCES_PER_WINDOW = 500;

export function refusalSampler(now: () => number = Date.now) {
  let window = -1;
  const seen = new Set<string>();
  return {
    /** True the first time a source is refused in the current window, false after that. */
    admit(source: string): boolean {
      const current = Math.floor(now() / REFUSAL_WINDOW_MS);
      if (current !== window) {
        window = current;
        seen.clear();
      }
      if (seen.has(source) || seen.size >= MAX_SOURCES_PER_WINDOW) return false;
      seen.add(source);
      return true;
    },
  };
}
