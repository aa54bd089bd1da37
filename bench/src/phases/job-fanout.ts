/**
 * A device job fanned out to the whole fleet (the bench fleet's group), timed from the request until every
 * device's step is finished, while an operator keeps asking for the inventory's first page (its p99 while
 * the job runs is the other figure). Diagnose's ping and Application's deploy are measured this way.
 */
import type { DeviceGroup, JobView } from '@edge/protocol';
import { signIn, type ApiSession } from '../http-client.ts';
import { summarise } from '../stats.ts';
import type { JobFanoutFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { explainSlowest, type Sample } from '../slow-samples.ts';
import { INVENTORY_FIRST_PAGE } from './api-latency.ts';

const GROUP = 'Bench fleet';
const POLL_MS = 500;
const LIST_GAP_MS = 100;
const TIME_LIMIT_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function groupId(api: ApiSession): Promise<number> {
  const res = await api.get('/api/v1/inventory/group/list');
  const group = (JSON.parse(res.body) as { list: DeviceGroup[] }).list.find((g) => g.name === GROUP);
  if (!group) throw new Error(`no group ${GROUP}`);
  return group.id;
}

export interface FanoutJob {
  /** What the log calls it ('diagnose ping'). */
  label: string;
  kind: string;
  /** Starts the job over the group (after any set-up of its own); answers the POST that created it. */
  start(api: ApiSession, groupId: number): Promise<{ status: number; body: string }>;
}

export async function measureJobFanout(ctx: RunContext, fanout: FanoutJob): Promise<JobFanoutFigure> {
  const { adminPassword } = ctx.settings;
  const operator = await signIn(ctx.console.url, 'admin', adminPassword);
  const watcher = await signIn(ctx.console.url, 'admin', adminPassword);
  try {
    const group = await groupId(operator);
    const begin = Date.now();
    const started = await fanout.start(operator, group);
    if (started.status !== 200) throw new Error(`${fanout.label}: HTTP ${started.status} ${started.body}`);
    const jobId = (JSON.parse(started.body) as { job: { id: number } }).job.id;
    const answeredMs = Date.now() - begin;

    // The inventory list, asked again and again while the job runs.
    let done = false;
    const listTimings: number[] = [];
    const samples: Sample[] = [];
    const listing = (async () => {
      while (!done) {
        const at = Date.now();
        const r = await operator.get(INVENTORY_FIRST_PAGE);
        if (r.status !== 200) throw new Error(`inventory/list: HTTP ${r.status}`);
        listTimings.push(r.ms);
        samples.push({ what: `inventory/list during the ${fanout.label} job`, at, ms: r.ms });
        await sleep(LIST_GAP_MS);
      }
    })();

    let job: JobView | undefined;
    try {
      for (;;) {
        const r = await watcher.get(`/api/v1/jobs/list?kind=${fanout.kind}&limit=5`);
        job = (JSON.parse(r.body) as { list: JobView[] }).list.find((j) => j.id === jobId);
        if (job?.finishedAt) break;
        if (Date.now() - begin > TIME_LIMIT_MS)
          throw new Error(`the ${fanout.label} job did not finish in 10 minutes`);
        await sleep(POLL_MS);
      }
    } finally {
      done = true;
      await listing;
    }
    const devices = Object.values(job.counts).reduce((a, b) => a + b, 0);
    const figure: JobFanoutFigure = {
      devices,
      succeeded: job.counts.succeeded,
      failed: devices - job.counts.succeeded,
      answeredMs,
      allResultsS: (job.finishedAt! - job.createdAt) / 1000,
      list: summarise(listTimings),
    };
    ctx.log(
      `  ${fanout.label} over ${devices} devices: all results in ${figure.allResultsS.toFixed(1)} s ` +
        `(${figure.succeeded} succeeded, request answered in ${answeredMs} ms); inventory/list meanwhile ` +
        `p50 ${figure.list.p50.toFixed(1)} ms, p99 ${figure.list.p99.toFixed(1)} ms (${figure.list.n} requests)`,
    );
    await explainSlowest(ctx, samples, begin);
    return figure;
  } finally {
    operator.close();
    watcher.close();
  }
}
