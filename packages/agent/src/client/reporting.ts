/**
 * What a connected device sends on its own: heartbeat, telemetry and events at the report interval, the
 * first at a random point of it (report-spread.ts), and the latency measurements behind SPEC 9's
 * latency-based interval. A simulated device may drop off the network instead of reporting.
 */
import type { ReportIntervalSetting } from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import type { SystemPort } from '../ports/system.ts';
import { ReportInterval } from './latency.ts';
import { gapAfterConnectMs } from './report-spread.ts';
import type { Cancel, Scheduler } from './scheduler.ts';
import type { Live, Session } from './session.ts';

export interface ReporterDeps {
  session: Session;
  system: SystemPort;
  scheduler: Scheduler;
  log: AgentLog;
  /** Drops off the network for `ms` (the simulator's drop-outs). */
  dropOut(ms: number): void;
}

const json = (value: unknown) => JSON.stringify(value);

export class Reporter {
  readonly interval: ReportInterval;
  /** Marked idle by the console (SPEC 4): said in every heartbeat. */
  idle = false;
  private timer: Cancel | null = null;

  constructor(
    private readonly deps: ReporterDeps,
    setting: ReportIntervalSetting,
  ) {
    this.interval = new ReportInterval(setting);
  }

  /** Online: measures the latency first when the interval follows it, then reports. */
  async begin(live: Live): Promise<void> {
    if (this.interval.latencyBased) await this.measureLatency();
    this.report(live, true);
  }

  /** The connection is gone: no more reports or measurements on it. */
  stop(): void {
    this.interval.abandon();
    this.timer?.();
    this.timer = null;
  }

  handlePong(payload: Buffer): void {
    this.interval.handlePong(payload, () => this.deps.scheduler.now());
  }

  private measureLatency(): Promise<number> {
    const { scheduler, session } = this.deps;
    return this.interval.measure(
      (ping) => session.send('ping', json(ping)),
      (ms, fn) => scheduler.after(ms, fn),
      () => scheduler.now(),
    );
  }

  /**
   * One report (heartbeat, telemetry, events), then the next one is scheduled: one interval later, or, after
   * the report on connecting, at a random point of the interval (report-spread.ts).
   */
  private report(live: Live, onConnect = false): void {
    const { session, system, scheduler, log } = this.deps;
    if (!session.current(live)) return;
    const dropFor = system.dropout?.() ?? null;
    if (dropFor !== null) {
      this.deps.dropOut(dropFor);
      return;
    }
    const seconds = this.interval.seconds;
    const wait = onConnect ? gapAfterConnectMs(seconds) : seconds * 1000;
    this.timer = scheduler.after(wait, () => this.report(live));
    void this.publish(live, seconds).catch((err: unknown) =>
      log.error('report failed', { error: String(err) }),
    );
    if (this.interval.dueForMeasurement()) {
      void this.measureLatency().then((now) => {
        // A new interval is announced at once: the console judges presence by the last one it heard.
        if (now !== seconds && session.current(live)) {
          this.timer?.();
          this.report(live);
        }
      });
    }
  }

  private async publish(live: Live, reportInterval: number): Promise<void> {
    const { session, system, scheduler } = this.deps;
    const heartbeat = await system.heartbeat();
    if (!session.current(live)) return;
    session.send('heartbeat', json({ ...heartbeat, ts: scheduler.now(), reportInterval, idle: this.idle }));
    const telemetry = await system.telemetry();
    if (!session.current(live)) return;
    session.send('telemetry', json({ ...telemetry, ts: scheduler.now() }));
    for (const event of system.takeEvents()) session.send('events', json(event), { qos: 1, queue: true });
  }
}
