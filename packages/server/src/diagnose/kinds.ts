/**
 * The five Diagnose tests as job kinds (protocol diagnoseJobKinds, which Schedule creates too): each step
 * calls the device's RPC of that test, passes its output lines on as step progress, and keeps the device's
 * result with every line it printed. A failure keeps its reason as a message code and the device's words.
 */
import {
  DIAGNOSE_SPEEDTEST_PATH,
  canView,
  diagnoseJobKinds,
  diagnoseParams,
  type DiagnoseTest,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
} from '@edge/protocol';
import { z } from 'zod';
import type { JobKind, StepContext, StepOutcome } from '../jobs/index.ts';
import { failureDetail, failureReason } from './reasons.ts';
import type { SpeedtestTokens } from './speedtest-token.ts';

/** Room for the device to start the tool and answer, beyond the test's own running time. */
const SLACK_MS = 30_000;
const MAX_DEADLINE_MS = 3_600_000;
const within = (ms: number) => Math.min(MAX_DEADLINE_MS, Math.ceil(ms) + SLACK_MS);

/**
 * A speedtest's job parameters: the operator's, plus the console's address as the operator's browser saw
 * it, where the console serves the test itself (no `server`).
 */
export const speedtestJobParams = diagnoseParams.speedtest.extend({
  consoleUrl: z.string().url().max(512).optional(),
});
type SpeedtestJobParams = z.infer<typeof speedtestJobParams>;

/** Calls `method` and keeps the lines it streams; the result gets them as `lines` unless it has its own. */
async function runWithLines<M extends RpcMethod>(
  call: StepContext<unknown>['call'],
  method: M,
  params: RpcParams<M>,
  deadlineMs: number,
  shape: (result: RpcResult<M>, lines: string[]) => unknown = (result, lines) => ({ ...result, lines }),
): Promise<StepOutcome> {
  const lines: string[] = [];
  try {
    const result = await call(method, params, {
      deadlineMs,
      onProgress: (_progress, note) => {
        if (note) lines.push(note);
      },
    });
    return { ok: true, result: shape(result, lines) };
  } catch (err) {
    return { ok: false, reason: failureReason(err), result: { detail: failureDetail(err), lines } };
  }
}

function kind<T extends DiagnoseTest, P>(
  test: T,
  params: z.ZodType<P>,
  run: (step: StepContext<P>) => Promise<StepOutcome>,
): JobKind<P> {
  // A test changes nothing on the device: one whose console died is simply run again.
  return { name: diagnoseJobKinds[test], params, idempotent: true, view: canView('Diagnose'), run };
}

export function diagnoseKinds(deps: {
  tokens: SpeedtestTokens;
  /** PUBLIC_URL, for a speedtest nobody's browser started (a schedule's). */
  publicUrl: string | undefined;
}): JobKind<never>[] {
  const ping = kind('ping', diagnoseParams.ping, ({ call, params }) =>
    // Ping keeps its own lines (the summary too); its notes are the reply lines.
    runWithLines(call, 'ping', params, within(params.count * params.interval * 1000 + 10_000), (r) => r),
  );
  const traceroute = kind('traceroute', diagnoseParams.traceroute, ({ call, params }) =>
    // traceroute waits up to 5 s for each of 3 probes per hop.
    runWithLines(call, 'traceroute', params, within(params.maxTtl * 15_000)),
  );
  const iperf = kind('iperf', diagnoseParams.iperf, ({ call, params }) =>
    // A server waits for its one client about as long again as the test runs.
    runWithLines(call, 'iperf', params, within(params.durationSeconds * 2000 + 10_000)),
  );
  const cellScan = kind('cellScan', diagnoseParams.cellScan, ({ call }) =>
    runWithLines(call, 'cellScan', {}, within(60_000), (r) => r),
  );
  const speedtest = kind('speedtest', speedtestJobParams, async (step) => {
    const { consoleUrl, server, ...rest } = step.params as SpeedtestJobParams;
    // Down and up at no less than 1 Mbit/s, and the latency probes.
    const deadlineMs = within((rest.bytes * 8 * 2) / 1000 + 10_000);
    const own = consoleUrl ?? deps.publicUrl;
    if (!server && !own) return { ok: false, reason: 'diagnoseNoServer', result: { detail: '', lines: [] } };
    const shown = server ?? `${own}${DIAGNOSE_SPEEDTEST_PATH}`;
    const target =
      server ?? `${shown}/${deps.tokens.make({ deviceId: step.deviceId, until: Date.now() + deadlineMs })}`;
    // The link is the device's alone: the stored result names the endpoint without it.
    const outcome = await runWithLines(
      step.call,
      'speedtest',
      { ...rest, server: target },
      deadlineMs,
      (r, lines) => ({ ...r, server: shown, lines }),
    );
    if (!outcome.ok && !server) {
      const failure = outcome.result as { detail: string; lines: string[] };
      failure.detail = failure.detail.replaceAll(target, shown);
    }
    return outcome;
  });
  return [ping, traceroute, iperf, cellScan, speedtest] as JobKind<never>[];
}
