/**
 * API latency under load: an admin session asks for the inventory's first page, a device dashboard and the
 * account info in turn, paced over one report interval so the samples cover the whole report cycle (bursts
 * included) while the fleet reports, or over `--api-window-s` to take in the console's slower periodic work. A route the console does not have is recorded as missing.
 */
import { signIn, type ApiSession, type Timed } from '../http-client.ts';
import { summarise } from '../stats.ts';
import type { Latency } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { explainSlowest, type Sample } from '../slow-samples.ts';

interface Probe {
  name: string;
  ask(api: ApiSession): Promise<Timed>;
}

/** No query: the console's defaults, the first page as the inventory screen opens it. */
export const INVENTORY_FIRST_PAGE = '/api/v1/inventory/list';

function probes(deviceId: string): Probe[] {
  return [
    { name: 'inventory/list', ask: (api) => api.get(INVENTORY_FIRST_PAGE) },
    { name: 'dashboards/get', ask: (api) => api.post('/api/v1/dashboards/get', { DeviceID: deviceId }) },
    { name: 'getAccountInfo', ask: (api) => api.get('/api/v1/settings/account/getAccountInfo') },
  ];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureApi(ctx: RunContext, deviceId: string): Promise<Record<string, Latency>> {
  const { apiRequests, intervalS, apiWindowS } = ctx.settings;
  const api = await signIn(ctx.console.url, 'admin', ctx.settings.adminPassword);
  const out: Record<string, Latency> = {};
  const samples: Sample[] = [];
  try {
    // Routes the console lacks (or refuses) are left out of the timed rounds.
    const live: Probe[] = [];
    for (const probe of probes(deviceId)) {
      const first = await probe.ask(api);
      if (first.status === 200) live.push(probe);
      else out[probe.name] = { missing: first.status === 404 ? 'route missing' : `HTTP ${first.status}` };
    }
    const timings = new Map<string, number[]>(live.map((p) => [p.name, []]));
    const begin = Date.now();
    const spreadMs = (apiWindowS ?? intervalS) * 1000;
    for (let n = 0; n < apiRequests && live.length > 0; n++) {
      const wait = begin + (n * spreadMs) / apiRequests - Date.now();
      if (wait > 0) await sleep(wait);
      for (const probe of live) {
        const at = Date.now();
        const r = await probe.ask(api);
        if (r.status !== 200) throw new Error(`${probe.name}: HTTP ${r.status} on request ${n + 1}`);
        timings.get(probe.name)!.push(r.ms);
        samples.push({ what: probe.name, at, ms: r.ms });
      }
    }
    for (const probe of live) {
      const l = summarise(timings.get(probe.name)!);
      out[probe.name] = l;
      ctx.log(
        `  ${probe.name}: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms`,
      );
    }
    for (const [name, l] of Object.entries(out)) if ('missing' in l) ctx.log(`  ${name}: ${l.missing}`);
    await explainSlowest(ctx, samples, begin);
  } finally {
    api.close();
  }
  return out;
}
