/** What the figures were measured on: cores, memory, Node, OS, load, and the per-process open-file limit. */
import fs from 'node:fs';
import os from 'node:os';
import { loadAverage } from './proc-sampler.ts';

/** Soft limit of open files per process: each device costs a socket in the fleet and in the console. */
export function openFileLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

function osName(): string {
  try {
    return /^PRETTY_NAME="?([^"\n]+)/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.type();
  } catch {
    return os.type();
  }
}

export function describeMachine(): string {
  return [
    `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'})`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    `Node ${process.versions.node}`,
    osName(),
    `open files/process ${openFileLimit() ?? 'unknown'}`,
    `load ${loadAverage()}`,
  ].join(', ');
}
