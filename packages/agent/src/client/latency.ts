/**
 * The report interval in force (SPEC 9): a fixed number of seconds, or, with `latency`, one chosen from the
 * measured round trip to the console: a ping on the bus that the console echoes as a pong.
 */
import {
  DEFAULT_REPORT_INTERVAL_S,
  pingMessage,
  reportIntervalForLatency,
  type PingMessage,
  type ReportIntervalSetting,
} from '@edge/protocol';

/** A ping without its pong within this long counts as the slowest class (60 s). */
export const PING_TIMEOUT_MS = 5000;
/** How many reports between two latency measurements. */
export const REMEASURE_EVERY_REPORTS = 20;

export class ReportInterval {
  private current: number;
  private sequence = 0;
  private waiting: { id: number; resolve(latencyMs: number): void; cancel(): void } | null = null;
  private reportsSinceMeasure = 0;

  constructor(readonly setting: ReportIntervalSetting) {
    this.current = setting === 'latency' ? DEFAULT_REPORT_INTERVAL_S : setting;
  }

  /** Seconds between reports now. */
  get seconds(): number {
    return this.current;
  }

  get latencyBased(): boolean {
    return this.setting === 'latency';
  }

  /** Counts a report; true when it is time to measure again. */
  dueForMeasurement(): boolean {
    if (!this.latencyBased) return false;
    return this.reportsSinceMeasure++ % REMEASURE_EVERY_REPORTS === 0;
  }

  /**
   * Sends a ping and waits for its pong. Resolves with the interval in force afterwards, in seconds (SPEC 9
   * rule); `after` is the scheduler's timer, so a fleet measures without timers of its own.
   */
  measure(
    send: (ping: PingMessage) => void,
    after: (ms: number, fn: () => void) => () => void,
    now: () => number,
  ): Promise<number> {
    this.abandon();
    const id = ++this.sequence;
    return new Promise((resolve) => {
      const finish = (latencyMs: number | null) => {
        if (this.waiting?.id !== id) return;
        cancelTimer();
        this.waiting = null;
        if (latencyMs !== null) this.current = reportIntervalForLatency(latencyMs);
        resolve(this.current);
      };
      const cancelTimer = after(PING_TIMEOUT_MS, () => finish(Infinity));
      this.waiting = { id, resolve: finish, cancel: () => finish(null) };
      send({ id, sentAt: now() });
    });
  }

  /** A pong arrived: settles the measurement it answers. */
  handlePong(payload: Buffer, now: () => number): void {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const pong = pingMessage.safeParse(raw);
    if (pong.success && this.waiting?.id === pong.data.id) this.waiting.resolve(now() - pong.data.sentAt);
  }

  /** The connection dropped: a pending measurement ends, keeping the interval it had. */
  abandon(): void {
    this.waiting?.cancel();
  }
}
