/**
 * Which containers the kernel killed for going past their memory cgroup's limit, read from the kernel log
 * (/dev/kmsg). Docker records such a kill itself (State.OOMKilled); Podman with conmon on cgroup v1 does
 * not (it answers OOMKilled false and sends no `oom` event, only `died` with 137), and by then the
 * container's cgroup, with its memory.oom_control / memory.events counters, is already gone. The kernel's
 * own record outlives it: `oom-kill:constraint=CONSTRAINT_MEMCG,...,oom_memcg=/libpod_parent/libpod-<id>,...`
 * names the cgroup, and every engine names a container's cgroup after its 64-hex id (`/docker/<id>`,
 * `libpod-<id>`, `docker-<id>.scope`). The log is read incrementally without blocking, on demand: only
 * when a container ended with 137 (SIGKILL) and its engine did not say why.
 */
import fs from 'node:fs';

const KMSG = '/dev/kmsg';
/** Ids remembered at most (oldest forgotten first): far more than a device's apps. */
const REMEMBERED = 1024;
/** One kmsg record is at most this long (the kernel's own limit is below it). */
const RECORD_MAX = 8192;
const MEMCG_KILL = /oom-kill:.*\boom_memcg=([^,\s]+)/;
const CONTAINER_ID = /[0-9a-f]{64}/;

export class KernelOomLog {
  private fd: number | null | undefined;
  private readonly killed = new Set<string>();
  private readonly buffer = Buffer.alloc(RECORD_MAX);

  constructor(private readonly path = KMSG) {}

  /** The id of the container a kernel log record says was killed in its memory cgroup, if any. */
  static killedIn(record: string): string | null {
    const memcg = MEMCG_KILL.exec(record)?.[1];
    return memcg ? (CONTAINER_ID.exec(memcg)?.[0] ?? null) : null;
  }

  /** Reads the records logged since the last call (all the kernel still holds the first time). */
  private drain(): void {
    if (this.fd === undefined) {
      try {
        this.fd = fs.openSync(this.path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      } catch {
        // Not root, or no kernel log here (a container): no second opinion, the engine's word stands.
        this.fd = null;
      }
    }
    if (this.fd === null) return;
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(this.fd, this.buffer, 0, RECORD_MAX, null);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // EPIPE: records were overwritten before we read them; the next read goes on from the oldest kept.
        if (code === 'EPIPE') continue;
        return; // EAGAIN: nothing more for now.
      }
      if (n <= 0) return;
      // One record per read from the kernel log (its continuation lines after it); lines either way.
      for (const line of this.buffer.toString('utf8', 0, n).split('\n')) {
        const id = KernelOomLog.killedIn(line);
        if (!id) continue;
        this.killed.add(id);
        if (this.killed.size > REMEMBERED) this.killed.delete(this.killed.values().next().value!);
      }
    }
  }

  /** Whether the kernel killed the container with this full id in its memory cgroup. */
  wasKilled(containerId: string): boolean {
    if (this.killed.has(containerId)) return true;
    this.drain();
    return this.killed.has(containerId);
  }

  close(): void {
    if (typeof this.fd === 'number') fs.closeSync(this.fd);
    this.fd = null;
  }
}
