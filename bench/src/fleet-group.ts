/**
 * One fleet spread over several simulator processes, each running a contiguous slice of the serials. One
 * simulator loop driving 10,000 devices stalls for hundreds of milliseconds at a time (its own GC and
 * bursts of due reports), and every device it drives then sends late and together: the console sees bursts
 * and the RPC round trip waits on the simulator. Slices keep the offered load even and let the simulator
 * use both cores; the group answers as one fleet.
 */
import { startFleetChild, type Census, type FleetChild, type FleetChildOptions } from './fleet-child.ts';

/** Devices per simulator process before the fleet is split (a single loop holds this many evenly). */
export const DEVICES_PER_FLEET_PROCESS = 2500;

export interface FleetGroupOptions extends FleetChildOptions {
  /** Simulator processes; 1 is the plain single-process simulator. */
  processes: number;
}

/** The sizes of `processes` contiguous slices of `count`, the first ones one larger when it does not divide. */
export function sliceSizes(count: number, processes: number): number[] {
  const parts = Math.max(1, Math.min(processes, count));
  return Array.from({ length: parts }, (_, i) => Math.floor(count / parts) + (i < count % parts ? 1 : 0));
}

/** The number of simulator processes for a fleet of `count` on a machine with `cores`. */
export const fleetProcessesFor = (count: number, cores: number): number =>
  Math.max(1, Math.min(cores, Math.ceil(count / DEVICES_PER_FLEET_PROCESS)));

export function mergeCensus(parts: Census[]): Census {
  const census: Record<string, number> = {};
  for (const part of parts)
    for (const [state, n] of Object.entries(part.census)) census[state] = (census[state] ?? 0) + n;
  const loops = parts.flatMap((p) => (p.loop ? [p.loop] : []));
  return {
    at: Math.max(...parts.map((p) => p.at)),
    census,
    sent: parts.reduce((sum, p) => sum + p.sent, 0),
    // The worst of the slices: a stall in any of them delays its devices.
    loop:
      loops.length > 0
        ? { p99Ms: Math.max(...loops.map((l) => l.p99Ms)), maxMs: Math.max(...loops.map((l) => l.maxMs)) }
        : undefined,
  };
}

export async function startFleetGroup(o: FleetGroupOptions): Promise<FleetChild> {
  const sizes = sliceSizes(o.count, o.processes);
  const firsts = sizes.map((_, i) => 1 + sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const settled = await Promise.allSettled(
    sizes.map((count, i) =>
      startFleetChild({
        ...o,
        count,
        first: firsts[i],
        stateFile: sizes.length === 1 ? o.stateFile : `${o.stateFile}.${i}`,
      }),
    ),
  );
  const children = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(children.map((c) => c.stop()));
    throw failed.reason;
  }
  if (children.length === 1) return children[0]!;

  const owner = (serial: string): FleetChild | undefined => {
    const n = Number(serial.slice(o.prefix.length + 1));
    return children[firsts.findLastIndex((first) => first <= n)];
  };
  return {
    pids: children.flatMap((c) => c.pids),
    startedAt: Math.min(...children.map((c) => c.startedAt)),
    census: async () => mergeCensus(await Promise.all(children.map((c) => c.census()))),
    drop: (serial, forMs) => {
      const child = owner(serial);
      return child ? child.drop(serial, forMs) : Promise.reject(new Error(`no fleet process runs ${serial}`));
    },
    tail: () => children.map((c) => c.tail()).join('\n'),
    stop: async () => {
      await Promise.all(children.map((c) => c.stop()));
    },
  };
}
