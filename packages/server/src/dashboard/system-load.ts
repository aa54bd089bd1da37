/**
 * The console's own load: CPU over the time since the previous reading (os.cpus() tick deltas; the first
 * reading spans the time since boot), memory, the data directory's file system, uptimes.
 */
import os from 'node:os';
import { statfs } from 'node:fs/promises';
import type { ConsoleLoad } from '@edge/protocol';

function ticks() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

export function systemLoad(dataDir: string) {
  let previous = { idle: 0, total: 0 };
  return async (): Promise<ConsoleLoad> => {
    const now = ticks();
    const total = now.total - previous.total;
    const cpuPercent =
      total > 0 ? Math.max(0, Math.min(100, (1 - (now.idle - previous.idle) / total) * 100)) : 0;
    previous = now;
    const fs = await statfs(dataDir).catch(() => null);
    return {
      cpuPercent,
      cores: os.cpus().length,
      memory: { total: os.totalmem(), used: os.totalmem() - os.freemem() },
      disk: fs
        ? { total: fs.blocks * fs.bsize, used: (fs.blocks - fs.bfree) * fs.bsize }
        : { total: 0, used: 0 },
      processUptime: process.uptime(),
      hostUptime: os.uptime(),
    };
  };
}
