/**
 * SPEC 5: an app runs only if the device has the resources its limitation reserves. Both platforms check
 * a start against what the running apps reserve, with SPEC 8's words when it does not fit.
 */
import { messages, RESOURCE_LIMITS, type ResourceLevel } from '@edge/protocol';

export interface Capacity {
  /** What apps together may reserve on this device. */
  cpus: number;
  memoryMb: number;
}

/** Why `level` cannot start beside what is reserved, or null when it fits. */
export function reservationRefusal(
  capacity: Capacity,
  reserved: { cpus: number; memoryMb: number },
  level: ResourceLevel,
): string | null {
  const want = RESOURCE_LIMITS[level];
  // A little slack for floating point sums (0.25 + 0.5 + ...).
  if (reserved.cpus + want.cpus > capacity.cpus + 1e-9) return messages.cpuReservation;
  if (reserved.memoryMb + want.memoryMb > capacity.memoryMb + 1e-9) return messages.memoryReservation;
  return null;
}

/** What the running apps of these levels reserve together. */
export function reservedBy(levels: (ResourceLevel | null)[]): { cpus: number; memoryMb: number } {
  let cpus = 0;
  let memoryMb = 0;
  for (const level of levels) {
    if (!level) continue;
    cpus += RESOURCE_LIMITS[level].cpus;
    memoryMb += RESOURCE_LIMITS[level].memoryMb;
  }
  return { cpus, memoryMb };
}

/** The label a console-deployed container carries, and the one that keeps its resource level. */
export const MANAGED_LABEL = 'edge.console.app';
export const RESOURCE_LABEL = 'edge.console.resource';

/** The smallest level whose memory limit holds `memoryBytes` (an orphan's own limit); low without one. */
export function levelFor(memoryBytes: number | undefined): ResourceLevel {
  if (!memoryBytes) return 'low';
  const fits = (['low', 'medium', 'high'] as const).find(
    (l) => RESOURCE_LIMITS[l].memoryMb * 1024 * 1024 >= memoryBytes,
  );
  return fits ?? 'high';
}
