/**
 * How far V8 lets the heap grow past what its last full collection kept before it collects again. V8 picks
 * the factor itself, up to 4 when collecting is fast next to the program's own work: at 10,000 devices the
 * console kept 230-240 MiB live, its heap grew to about 900 MiB in the reconnect storm and gave memory back
 * only slowly, and the steady state's RSS was 870-1,225 MiB. Growing by half (50) held it at 625 MiB with
 * the same list p99 and a smaller share of time collecting (bench/README.md): collections come more often,
 * and with less garbage each. Set at start, the flag holds for every collection after it.
 */
import v8 from 'node:v8';

export function limitHeapGrowth(percent: number): { percent: number } | { skipped: string } {
  const whole = Math.round(percent);
  if (whole <= 0) return { skipped: 'HEAP_GROWING_PERCENT is 0' };
  v8.setFlagsFromString(`--heap-growing-percent=${whole}`);
  return { percent: whole };
}
