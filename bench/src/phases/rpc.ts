/**
 * RPC round trip, console -> broker -> device -> broker -> console: getInfo to online devices in turn, one
 * at a time, paced over one report interval (bursts of reports included).
 */
import { summarise, type LatencySummary } from '../stats.ts';
import type { RunContext } from '../run-context.ts';
import { explainSlowest } from '../slow-samples.ts';

const DEADLINE_MS = 10_000;

export async function measureRpc(ctx: RunContext): Promise<LatencySummary & { failures: number }> {
  const { rpcCalls: calls, intervalS } = ctx.settings;
  const begin = Date.now();
  const spreadMs = intervalS * 1000;
  const reading = await ctx.console.request(
    { cmd: 'rpc', count: calls, spreadMs, deadlineMs: DEADLINE_MS },
    spreadMs + calls * DEADLINE_MS + 30_000,
  );
  const failures = Object.values(reading.failures).reduce((a, b) => a + b, 0);
  const figure = { ...summarise(reading.timings), failures };
  ctx.log(
    `  rpc getInfo: p50 ${figure.p50.toFixed(1)} ms, p99 ${figure.p99.toFixed(1)} ms, max ${figure.max.toFixed(0)} ms` +
      (failures ? `, ${failures} failed ${JSON.stringify(reading.failures)}` : ''),
  );
  await explainSlowest(
    ctx,
    reading.timings.map((ms, i) => ({ what: 'getInfo', at: reading.startedAt[i]!, ms })),
    begin,
  );
  return figure;
}
