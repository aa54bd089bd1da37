import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { KernelOomLog } from './kernel-oom.ts';

const PODMAN = 'a'.repeat(63) + 'b';
const DOCKER = 'c'.repeat(63) + 'd';
// Records as /dev/kmsg gives them (priority,sequence,time,flags;text), the kernel's words on this machine.
const records = [
  `6,100,519023601,-;[  17146]     0 17146    16798    16588 tail`,
  `6,101,519023605,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=libpod-${PODMAN},mems_allowed=0,oom_memcg=/libpod_parent/libpod-${PODMAN},task_memcg=/libpod_parent/libpod-${PODMAN},task=tail,pid=17146,uid=0`,
  `3,102,519023633,-;Memory cgroup out of memory: Killed process 17146 (tail) total-vm:67192kB`,
  // A kill of the whole machine's memory names no container.
  `6,103,519023700,-;oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/,task=node,pid=1,uid=0`,
];

test('the container a memory cgroup kill names, under either engine; none for other records', () => {
  expect(KernelOomLog.killedIn(records[1]!)).toBe(PODMAN);
  expect(
    KernelOomLog.killedIn(`6,1,2,-;oom-kill:constraint=CONSTRAINT_MEMCG,oom_memcg=/docker/${DOCKER},task=x`),
  ).toBe(DOCKER);
  expect(KernelOomLog.killedIn(records[0]!)).toBeNull();
  expect(KernelOomLog.killedIn(records[2]!)).toBeNull();
  expect(KernelOomLog.killedIn(records[3]!)).toBeNull();
});

test('read on demand, and again for what was logged since', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kmsg-'));
  const file = path.join(dir, 'kmsg');
  fs.writeFileSync(file, records.join('\n') + '\n');
  const log = new KernelOomLog(file);
  try {
    expect(log.wasKilled(PODMAN)).toBe(true);
    expect(log.wasKilled(DOCKER)).toBe(false);
    fs.appendFileSync(
      file,
      `6,104,1,-;oom-kill:constraint=CONSTRAINT_MEMCG,oom_memcg=/docker/${DOCKER},task=y\n`,
    );
    expect(log.wasKilled(DOCKER)).toBe(true);
  } finally {
    log.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('no kernel log to read: nobody was killed', () => {
  const log = new KernelOomLog('/nonexistent/kmsg');
  expect(log.wasKilled(PODMAN)).toBe(false);
  log.close();
});
