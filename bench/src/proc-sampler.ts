/**
 * CPU and memory of one process, read from /proc (Linux): CPU time from /proc/PID/stat (utime + stime,
 * in clock ticks), resident memory from /proc/PID/status (VmRSS, VmHWM). Reading costs the measured
 * process nothing.
 */
import fs from 'node:fs';

/** USER_HZ: clock ticks per second of /proc/PID/stat (100 on every Linux the bench targets). */
const TICKS_PER_SECOND = 100;

export interface ProcReading {
  at: number;
  /** CPU seconds used so far, user + system. */
  cpuSeconds: number;
  rssBytes: number;
  /** Peak resident memory so far. */
  peakRssBytes: number;
  /**
   * Seconds the main thread was ready to run but waited for a core (/proc/PID/schedstat, second field):
   * on a machine the fleet shares, the delay a request suffers that is nobody's code.
   */
  cpuWaitSeconds: number;
}

/** Run-queue wait of a task so far, seconds; `self` for the calling process. NaN where schedstat is missing. */
export function cpuWaitSeconds(pid: number | 'self'): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return NaN;
  }
}

export function readProc(pid: number): ProcReading {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return {
    at: Date.now(),
    cpuSeconds: ticks / TICKS_PER_SECOND,
    rssBytes: kb('VmRSS') * 1024,
    peakRssBytes: kb('VmHWM') * 1024,
    cpuWaitSeconds: cpuWaitSeconds(pid),
  };
}

/** Several processes read as one (a fleet spread over processes): CPU and memory summed. */
export function readProcs(pids: number[]): ProcReading {
  const readings = pids.map(readProc);
  const sum = (pick: (r: ProcReading) => number) => readings.reduce((total, r) => total + pick(r), 0);
  return {
    at: Math.max(...readings.map((r) => r.at)),
    cpuSeconds: sum((r) => r.cpuSeconds),
    rssBytes: sum((r) => r.rssBytes),
    peakRssBytes: sum((r) => r.peakRssBytes),
    cpuWaitSeconds: sum((r) => r.cpuWaitSeconds),
  };
}

/** Percent of one core used between two readings (200 % = both cores of a 2-core machine). */
export function cpuPercent(from: ProcReading, to: ProcReading): number {
  const wall = (to.at - from.at) / 1000;
  return wall > 0 ? ((to.cpuSeconds - from.cpuSeconds) / wall) * 100 : NaN;
}

/** Milliseconds per second that a process waited for a core between two readings. */
export function cpuWaitMsPerS(from: ProcReading, to: ProcReading): number {
  const wall = (to.at - from.at) / 1000;
  return wall > 0 ? ((to.cpuWaitSeconds - from.cpuWaitSeconds) * 1000) / wall : NaN;
}

/** The machine's 1-minute load average, from /proc/loadavg. */
export function loadAverage(): string {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}
