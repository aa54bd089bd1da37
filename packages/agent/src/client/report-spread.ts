/**
 * When the report after the one sent on connecting is due. A fleet that reconnects together (the console or
 * the network came back after an outage) would otherwise report together forever after: every interval, all
 * devices at the same second, a burst the console must take in at once while operators wait on it (the
 * bench measured inventory p99 at 10,000 devices in those bursts). A random gap of up to one interval
 * spreads the fleet over the interval; never longer than the interval, so presence (missed reports) is
 * unaffected.
 */
export const MIN_GAP_MS = 1000;

export function gapAfterConnectMs(intervalS: number, random: () => number = Math.random): number {
  return Math.max(MIN_GAP_MS, Math.min(intervalS * 1000, Math.floor(random() * intervalS * 1000)));
}
