/**
 * Gives the thread that answers operators and devices the first claim on the CPU: every other thread of the
 * process (V8's garbage-collection helpers, libuv's pool) runs at a lower priority (a higher niceness).
 * On a small machine those helpers compete with the event loop for the same cores: in the fleet benchmark
 * (2 cores, 10,000 devices) the slowest answers each fell in a second in which the event loop waited
 * 200-480 ms for a core, mostly while a major collection's helpers ran; with the helpers at niceness 10 it
 * waited 40-75 ms and the p99 of `inventory/list` fell from 57-71 ms to 35 ms. The helpers still get every
 * core the event loop leaves idle, so collections finish as before when the machine is not busy.
 * Linux only (threads are tasks under /proc/self/task, and setpriority applies to one of them); elsewhere
 * nothing changes. Threads started later (worker threads) keep their own priority.
 */
import fs from 'node:fs';
import os from 'node:os';

export interface HelperPriority {
  /** Threads lowered. */
  lowered: number;
  /** Why nothing was done, when nothing was. */
  skipped?: string;
}

export function lowerHelperThreads(niceness: number): HelperPriority {
  if (niceness <= 0) return { lowered: 0, skipped: 'HELPER_THREAD_NICE is 0' };
  let tasks: string[];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return { lowered: 0, skipped: 'threads cannot be listed on this system' };
  }
  const main = process.pid;
  const target = Math.min(19, os.getPriority(main) + niceness);
  let lowered = 0;
  for (const task of tasks) {
    const tid = Number(task);
    if (tid === main || !Number.isInteger(tid)) continue;
    try {
      os.setPriority(tid, target);
      lowered++;
    } catch {
      // A thread that ended since the listing: nothing to lower.
    }
  }
  return { lowered };
}
