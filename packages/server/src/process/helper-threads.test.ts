/**
 * Run in a process of its own: lowering "every thread but the main one" inside the test runner would slow
 * the other test files sharing its threads.
 */
import fs from 'node:fs';
import { expect, test } from 'vitest';
import { lastLineOfFreshProcess, moduleUrl } from '../testing/fresh-process.ts';

/** Lowers the helpers of a fresh Node process by `niceness`, then reports every thread's niceness. */
function runWith(niceness: number): { lowered: number; main: number; others: number[] } {
  const script = `
    import fs from 'node:fs';
    const { lowerHelperThreads } = await import(${moduleUrl('./helper-threads.ts', import.meta.url)});
    const { lowered } = lowerHelperThreads(${niceness});
    const nice = (tid) => Number(fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
    const tids = fs.readdirSync('/proc/self/task').map(Number);
    console.log(JSON.stringify({ lowered, main: nice(process.pid), others: tids.filter((t) => t !== process.pid).map(nice) }));
  `;
  return JSON.parse(lastLineOfFreshProcess(script)) as { lowered: number; main: number; others: number[] };
}

test.runIf(fs.existsSync('/proc/self/task'))(
  "every thread but the event loop's runs at the added niceness; 0 leaves them alone",
  () => {
    const lowered = runWith(7);
    expect(lowered.others.length).toBeGreaterThan(0);
    expect(lowered.lowered).toBe(lowered.others.length);
    expect(new Set(lowered.others)).toEqual(new Set([Math.min(19, lowered.main + 7)]));

    const untouched = runWith(0);
    expect(untouched.lowered).toBe(0);
    expect(new Set(untouched.others)).toEqual(new Set([untouched.main]));
  },
);
