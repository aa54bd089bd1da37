/** The fleet's one timer: due tasks run in order, in slices that let what arrived meanwhile in. */
import { afterEach, expect, test } from 'vitest';
import { HeapScheduler } from './scheduler.ts';

const scheduler = new HeapScheduler();
afterEach(() => scheduler.stop());

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

test('tasks due together run in due order, and what came in meanwhile runs between slices', async () => {
  const ran: string[] = [];
  for (let i = 0; i < 40; i++)
    scheduler.after(10, () => {
      // The first task's arrival stands for a keystroke that came in while the fleet reported.
      if (i === 0) setImmediate(() => ran.push('input'));
      busy(1);
      ran.push(`task ${i}`);
    });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const tasks = ran.filter((r) => r !== 'input');
  expect(tasks).toEqual(Array.from({ length: 40 }, (_, i) => `task ${i}`));
  // 40 ms of work in 5 ms slices: the input ran long before the last task, not after all 40.
  expect(ran.indexOf('input')).toBeGreaterThan(0);
  expect(ran.indexOf('input')).toBeLessThan(20);
});

test('a stop during a yielded run cancels the rest', async () => {
  let count = 0;
  for (let i = 0; i < 40; i++)
    scheduler.after(0, () => {
      busy(1);
      count++;
    });
  await new Promise((resolve) => setTimeout(resolve, 5));
  scheduler.stop();
  const seen = count;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(count).toBe(seen);
  expect(count).toBeLessThan(40);
});
