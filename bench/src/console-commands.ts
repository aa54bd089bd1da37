/** The console child's side of the control channel: what each request does to the running console. */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { deviceTopic, fleetSerial } from '@edge/protocol';
import type { Console } from '@edge/server';
import type { ConsoleRequest, Counts, OnlineProgress, Replies, RpcReading } from './control-protocol.ts';
import { consoleTimeline } from './console-timeline.ts';
import { topSql } from './sql-stats.ts';

const POLL_MS = 100;

export interface CommandContext {
  edge: Console;
  /** Sends an unsolicited event to the driver. */
  emit(event: object): void;
  /** Closes the console and ends the process after the answer is out. */
  quit(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function commandHandlers(ctx: CommandContext) {
  const { edge } = ctx;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const counts = (): Counts => edge.devices.counts();
  const timeline = consoleTimeline(() => {
    let n = 0;
    for (const v of Object.values(edge.devices.ingest().accepted)) n += v ?? 0;
    return n;
  });
  // Scans, not list(): the bench must not copy the whole fleet inside the console it is measuring.
  const bySerial = (serial: string) => {
    for (const device of edge.devices.scan())
      if (device.record.serial === serial) return { id: device.record.id, online: device.online };
    throw new Error(`no device ${serial}`);
  };

  async function waitOnline(target: number, timeoutMs: number): Promise<OnlineProgress> {
    const deadline = Date.now() + timeoutMs;
    const progress: OnlineProgress = {
      reached: false,
      at50: null,
      at90: null,
      at100: null,
      counts: counts(),
    };
    for (;;) {
      progress.counts = counts();
      const online = progress.counts.numOnline;
      const now = Date.now();
      if (progress.at50 === null && online >= target * 0.5) progress.at50 = now;
      if (progress.at90 === null && online >= target * 0.9) progress.at90 = now;
      if (online >= target) {
        progress.at100 = now;
        progress.reached = true;
        return progress;
      }
      if (now > deadline) return progress;
      await sleep(POLL_MS);
    }
  }

  async function rpc(count: number, spreadMs: number, deadlineMs: number): Promise<RpcReading> {
    const online = [...edge.devices.scan()].filter((d) => d.online).map((d) => d.record);
    const reading: RpcReading = { timings: [], startedAt: [], failures: {} };
    if (online.length === 0) return { ...reading, failures: { noDeviceOnline: count } };
    const begin = Date.now();
    for (let n = 0; n < count; n++) {
      // Paced: the calls sample the whole report cycle, bursts included.
      const wait = begin + (n * spreadMs) / count - Date.now();
      if (wait > 0) await sleep(wait);
      const device = online[n % online.length]!;
      const startedAt = Date.now();
      const started = performance.now();
      try {
        await edge.rpc.call(device.id, 'getInfo', {}, { deadlineMs });
        reading.timings.push(performance.now() - started);
        reading.startedAt.push(startedAt);
      } catch (err) {
        const reason = (err as { reason?: string }).reason ?? String(err);
        reading.failures[reason] = (reading.failures[reason] ?? 0) + 1;
      }
    }
    return reading;
  }

  const handlers: {
    [C in ConsoleRequest['cmd']]: (r: Extract<ConsoleRequest, { cmd: C }>) => Promise<Replies[C]>;
  } = {
    async provision({ prefix, count, claimCode }) {
      const started = Date.now();
      const serials = Array.from({ length: count }, (_, n) => fleetSerial(prefix, n + 1));
      await edge.enrolment.provisionSerials(serials, { group: 'Bench fleet', profile: 'default', claimCode });
      return { ms: Date.now() - started };
    },
    counts: async () => counts(),
    async device({ serial }) {
      const device = bySerial(serial);
      return { deviceId: device.id, online: device.online };
    },
    waitOnline: ({ target, timeoutMs }) => waitOnline(target, timeoutMs),
    async waitOffline({ atMost, timeoutMs }) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const now = counts();
        if (now.numOnline <= atMost) return { reached: true, at: Date.now(), counts: now };
        if (Date.now() > deadline) return { reached: false, at: Date.now(), counts: now };
        await sleep(POLL_MS);
      }
    },
    async ingest() {
      const reading = {
        at: Date.now(),
        counts: edge.devices.ingest(),
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        loopDelayMax: loopDelay.max / 1e6,
        gcTotalMs: timeline.gcTotalMs(),
        memory: process.memoryUsage(),
      };
      loopDelay.reset();
      return reading;
    },
    rpc: ({ count, spreadMs, deadlineMs }) => rpc(count, spreadMs, deadlineMs),
    timeline: async ({ at }) => timeline.since(at),
    gcPauses: async ({ at }) => timeline.gcPauses(at),
    async watchOffline({ serial }) {
      const device = bySerial(serial);
      const off = edge.devices.onChange((change) => {
        if (change.type !== 'offline' || change.deviceId !== device.id) return;
        off();
        ctx.emit({ event: 'offline', serial, at: Date.now() });
      });
      return { deviceId: device.id };
    },
    async clearRetained() {
      let cleared = 0;
      if (edge.bus.mode === 'external') {
        for (const device of edge.devices.list()) {
          await edge.bus.publish(deviceTopic(device.id, 'status'), '', { retain: true, qos: 1 });
          cleared++;
        }
      }
      return { cleared };
    },
    sqlStats: async ({ reset }) => topSql(12, reset),
    heapSnapshot: async ({ file }) => ({ file: v8.writeHeapSnapshot(file) }),
    async liveHeap() {
      // The console child runs with --expose-gc for this one call.
      (globalThis as unknown as { gc: () => void }).gc();
      const { heapUsed, external } = process.memoryUsage();
      return { heapUsed, external };
    },
    async clock() {
      return { us: Number(process.hrtime.bigint() / 1000n) };
    },
    async quit() {
      loopDelay.disable();
      timeline.stop();
      setImmediate(() => void ctx.quit());
      return { closed: true };
    },
  };

  return (request: ConsoleRequest): Promise<unknown> =>
    (handlers[request.cmd] as (r: ConsoleRequest) => Promise<unknown>)(request);
}
