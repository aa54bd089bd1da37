/**
 * --max: grows the fleet from the largest size already run until a run breaks (not every device online
 * after the reconnect storm, or the console dying), and reports the largest fleet held and why the next broke.
 */
import type { Figures } from './figures.ts';
import { held } from './targets.ts';

export interface MaxSearch {
  largestHeld: number | null;
  brokeAt: number | null;
  why: string | null;
  runs: Figures[];
}

export async function searchMax(
  start: number,
  factor: number,
  limit: number,
  run: (size: number) => Promise<Figures>,
): Promise<MaxSearch> {
  const search: MaxSearch = { largestHeld: null, brokeAt: null, why: null, runs: [] };
  for (let size = start; size <= limit; size = Math.round((size * factor) / 500) * 500) {
    const figures = await run(size);
    search.runs.push(figures);
    if (!held(figures)) {
      search.brokeAt = size;
      search.why = figures.problems.join('; ') || 'not every device came online';
      break;
    }
    search.largestHeld = size;
  }
  return search;
}
