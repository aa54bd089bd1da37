/**
 * A fleet-wide job timed while an operator keeps asking for the inventory's first page: the job is started
 * by `start` (an operator's POST answering with its id), watched through jobs/list until it finishes, and
 * the list's latency meanwhile is the second figure. Diagnose's ping and Profile Management's rollout both
 * are such jobs.
 */
import type { DeviceGroup, JobView } from '@edge/protocol';
import { REQUEST_TIMEOUT_MS, RequestTimedOut, signIn, type ApiSession } from '../http-client.ts';
import { summarise } from '../stats.ts';
import type { JobUnderLoadFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { explainSlowest, type Sample } from '../slow-samples.ts';
import { INVENTORY_FIRST_PAGE } from './api-latency.ts';

const GROUP = 'Bench fleet';
const POLL_MS = 500;
const LIST_GAP_MS = 100;
const TIME_LIMIT_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchGroupId(api: ApiSession): Promise<number> {
  const res = await api.get('/api/v1/inventory/group/list');
  const group = (JSON.parse(res.body) as { list: DeviceGroup[] }).list.find((g) => g.name === GROUP);
  if (!group) throw new Error(`no group ${GROUP}`);
  return group.id;
}

export async function measureJobUnderLoad(
  ctx: RunContext,
  what: { label: string; kind: string; start: (operator: ApiSession) => Promise<number> },
): Promise<JobUnderLoadFigure> {
  const { adminPassword } = ctx.settings;
  const operator = await signIn(ctx.console.url, 'admin', adminPassword);
  const watcher = await signIn(ctx.console.url, 'admin', adminPassword);
  try {
    const begin = Date.now();
    const jobId = await what.start(operator);
    const answeredMs = Date.now() - begin;

    // The inventory list, asked again and again while the job runs.
    let done = false;
    const listTimings: number[] = [];
    const samples: Sample[] = [];
    // A request the console left unanswered counts as a sample at the timeout (and is counted): a stalled
    // console is what this measures, so the run goes on to its table instead of dying of the rejection.
    let timeouts = 0;
    const listing = (async () => {
      while (!done) {
        const at = Date.now();
        let ms: number;
        try {
          const r = await operator.get(INVENTORY_FIRST_PAGE);
          if (r.status !== 200) throw new Error(`inventory/list: HTTP ${r.status}`);
          ms = r.ms;
        } catch (err) {
          if (!(err instanceof RequestTimedOut)) throw err;
          timeouts += 1;
          ms = err.ms;
        }
        listTimings.push(ms);
        samples.push({ what: `inventory/list during the ${what.label}`, at, ms });
        await sleep(LIST_GAP_MS);
      }
    })();
    // Handled here at once (and thrown again below): an error while the job is still watched is no unhandled rejection.
    const listed = listing.then(
      () => undefined,
      (err: unknown) => err,
    );

    let job: JobView | undefined;
    try {
      for (;;) {
        // A poll left unanswered is asked again (the time limit still holds).
        const r = await watcher.get(`/api/v1/jobs/list?kind=${what.kind}&limit=5`).catch((err: unknown) => {
          if (err instanceof RequestTimedOut) return undefined;
          throw err;
        });
        if (r) job = (JSON.parse(r.body) as { list: JobView[] }).list.find((j) => j.id === jobId);
        if (job?.finishedAt) break;
        if (Date.now() - begin > TIME_LIMIT_MS)
          throw new Error(`the ${what.label} did not finish in 10 minutes`);
        await sleep(POLL_MS);
      }
    } finally {
      done = true;
    }
    const listFailed = await listed;
    if (listFailed) throw listFailed;
    const devices = Object.values(job.counts).reduce((a, b) => a + b, 0);
    const figure: JobUnderLoadFigure = {
      devices,
      succeeded: job.counts.succeeded,
      failed: devices - job.counts.succeeded,
      answeredMs,
      allResultsS: (job.finishedAt! - job.createdAt) / 1000,
      list: summarise(listTimings),
      listTimeouts: timeouts,
    };
    ctx.log(
      `  ${what.label} over ${devices} devices: done in ${figure.allResultsS.toFixed(1)} s ` +
        `(${figure.succeeded} succeeded, started in ${answeredMs} ms); inventory/list meanwhile ` +
        `p50 ${figure.list.p50.toFixed(1)} ms, p99 ${figure.list.p99.toFixed(1)} ms (${figure.list.n} requests` +
        `${timeouts ? `, ${timeouts} timed out after ${REQUEST_TIMEOUT_MS / 1000} s` : ''})`,
    );
    await explainSlowest(ctx, samples, begin);
    return figure;
  } finally {
    operator.close();
    watcher.close();
  }
}
