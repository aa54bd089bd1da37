/**
 * Run in processes of their own: the flag holds for the whole process, and the test runner's heap is shared
 * by other test files.
 */
import { expect, test } from 'vitest';
import { lastLineOfFreshProcess, moduleUrl } from '../testing/fresh-process.ts';

/** The largest heap a fresh process reaches while it keeps 100 arrays alive and keeps replacing them. */
function peakHeapMiB(percent: number): number {
  const script = `
    import v8 from 'node:v8';
    const { limitHeapGrowth } = await import(${moduleUrl('./heap-growth.ts', import.meta.url)});
    limitHeapGrowth(${percent});
    const fill = () => Array.from({ length: 20000 }, (_, k) => ({ k }));
    const kept = Array.from({ length: 100 }, fill);
    let peak = 0;
    for (let i = 0; i < 600; i++) {
      kept[i % 100] = fill();
      peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
    }
    console.log(peak / 2 ** 20);
  `;
  return Number(lastLineOfFreshProcess(script));
}

test("the heap grows by the given share past what it keeps; 0 leaves V8's own choice", () => {
  const own = peakHeapMiB(0);
  const half = peakHeapMiB(50);
  // About 70 MiB are alive throughout: V8 alone let the heap reach about 380 MiB here, by half about 190.
  expect(half).toBeLessThan(own * 0.7);
});
