/**
 * Exponential backoff with full jitter: after a console restart, thousands of devices retry spread over
 * the whole window instead of all at once.
 */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 60_000 };

export class Backoff {
  private attempt = 0;

  constructor(
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
    private readonly random: () => number = Math.random,
  ) {}

  /** The wait before the next attempt: uniform in [initial/2, min(max, initial * 2^attempt)]. */
  next(): number {
    const ceiling = Math.min(this.options.maxMs, this.options.initialMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    const floor = Math.min(ceiling, this.options.initialMs / 2);
    return Math.round(floor + this.random() * (ceiling - floor));
  }

  reset(): void {
    this.attempt = 0;
  }
}
