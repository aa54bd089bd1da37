/**
 * Terminals (issue 19): `--terminals N` browsers each open a device's terminal at once through the real
 * route (/websocket/v1/inventory/terminal) to simulated devices, then type as a person does (a key every
 * 100 ms for `--terminal-keys`, each waiting for its echo). Keystroke echo is browser -> console -> broker -> device's shell ->
 * broker -> console -> browser. Memory per open session is the console's RSS growth over the sessions.
 * The slowest echoes are printed with what the console, the simulator and this process (the browsers' side,
 * which sends and times the keys) went through at that second, so a stall in the measuring process is told
 * apart from one of the console.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { TERMINAL_SOCKET_PATH, type DeviceRow } from '@edge/protocol';
import { signIn } from '../http-client.ts';
import { consoleTimeline, type Second } from '../console-timeline.ts';
import { readProc } from '../proc-sampler.ts';
import { explainSlowest, type Sample } from '../slow-samples.ts';
import { summarise } from '../stats.ts';
import type { TerminalFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';

const KEY_GAP_MS = 100;
const OPEN_LIMIT_MS = 60_000;
const PAGE_SIZE = 40;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Open {
  ws: WebSocket;
  /** Resolves with the next output chunk that contains `text`. */
  seen(text: string): Promise<void>;
}

function openTerminal(base: string, id: string, cookie: string): Promise<Open> {
  const url = `${base.replace('http', 'ws')}${TERMINAL_SOCKET_PATH}?id=${id}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie } });
    let out = '';
    const waiters: { text: string; done: () => void }[] = [];
    const timer = setTimeout(() => reject(new Error(`terminal ${id} not ready in time`)), OPEN_LIMIT_MS);
    ws.on('message', (data: Buffer, binary) => {
      if (!binary) {
        const word = JSON.parse(data.toString()) as { type: string; reason?: string };
        if (word.type === 'closed') reject(new Error(`terminal ${id} closed: ${word.reason}`));
        return;
      }
      out += data.toString('utf8');
      for (const w of [...waiters])
        if (out.includes(w.text)) {
          waiters.splice(waiters.indexOf(w), 1);
          out = '';
          w.done();
        }
      // The prompt says the shell is there.
      if (out.includes('# ')) {
        clearTimeout(timer);
        out = '';
        resolve({
          ws,
          seen: (text) => new Promise<void>((done) => waiters.push({ text, done })),
        });
      }
    });
    ws.once('unexpected-response', (_q, res) => reject(new Error(`terminal ${id}: HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function devicesToOpen(api: Awaited<ReturnType<typeof signIn>>, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page++) {
    const res = await api.get(`/api/v1/inventory/list?page=${page}&pageSize=${PAGE_SIZE}&online=true`);
    const list = (JSON.parse(res.body) as { list: DeviceRow[] }).list;
    if (list.length === 0) break;
    // 'OrpheLink Only' refuses remote access (SPEC 4 secure mode).
    ids.push(...list.filter((d) => d.online && d.secureMode !== 'OrpheLink Only').map((d) => d.id));
  }
  return ids.slice(0, count);
}

export async function measureTerminals(
  ctx: RunContext,
  count: number,
  keys: number,
): Promise<TerminalFigure> {
  const api = await signIn(ctx.console.url, 'admin', ctx.settings.adminPassword);
  const cookie = api.cookie;
  const ids = await devicesToOpen(api, count);
  const before = readProc(ctx.console.pid).rssBytes;
  const begin = performance.now();
  const terminals = await Promise.all(ids.map((id) => openTerminal(ctx.console.url, id, cookie)));
  const openS = (performance.now() - begin) / 1000;
  await sleep(2000);
  const after = readProc(ctx.console.pid).rssBytes;

  // The simulator's longest stall is counted from its previous census: start it here.
  await ctx.fleet?.census();
  // This process's own second-by-second record (event-loop stall, GC, waiting for a core).
  const client = consoleTimeline(() => 0);
  const since = Date.now();
  const echoes: number[] = [];
  const samples: Sample[] = [];
  await Promise.all(
    terminals.map(async (t, n) => {
      await sleep((n * KEY_GAP_MS) / terminals.length); // the typists do not press in step
      for (let k = 0; k < keys; k++) {
        const key = String.fromCharCode(97 + (k % 26));
        const echoed = t.seen(key);
        const at = Date.now();
        const sent = performance.now();
        t.ws.send(JSON.stringify({ type: 'input', data: key }));
        await echoed;
        const ms = performance.now() - sent;
        echoes.push(ms);
        samples.push({ what: `echo ${ids[n]}`, at, ms });
        await sleep(KEY_GAP_MS);
      }
      t.ws.send(JSON.stringify({ type: 'input', data: '\u0003' }));
    }),
  );
  for (const t of terminals) t.ws.close();
  api.close();
  const figure: TerminalFigure = {
    terminals: terminals.length,
    openS,
    echo: summarise(echoes),
    kibPerSession: (after - before) / 1024 / Math.max(1, terminals.length),
  };
  ctx.log(
    `  ${figure.terminals} terminals open in ${openS.toFixed(1)} s; keystroke echo p50 ${figure.echo.p50.toFixed(1)} ms, p99 ${figure.echo.p99.toFixed(1)} ms; console +${figure.kibPerSession.toFixed(0)} KiB per session`,
  );
  await sleep(1100); // the last second's records
  const clientSeconds = client.since(since);
  client.stop();
  await explainSlowest(ctx, samples, since, (sample) => {
    const second = clientSeconds.find((s) => s.at >= sample.at + sample.ms);
    return `; bench client: ${clientSecond(second)}`;
  });
  const worst = (pick: (s: Second) => number) => clientSeconds.reduce((m, s) => Math.max(m, pick(s)), 0);
  ctx.log(
    `    bench client (this process) during the phase: longest stall ${worst((s) => s.loopDelayMaxMs).toFixed(0)} ms, longest GC ${worst((s) => s.gcMaxMs).toFixed(0)} ms, at most ${worst((s) => s.cpuWaitMs).toFixed(0)} ms of a second waiting for a core`,
  );
  const gc = await ctx.console.request({ cmd: 'gcPauses', at: since });
  // A short phase may see no pause at all: then there is no percentile (it arrives as null).
  ctx.log(
    gc.n === 0
      ? '    console GC pauses during the phase: none'
      : `    console GC pauses during the phase: ${gc.n}, p99 ${gc.p99Ms.toFixed(1)} ms, longest ${gc.maxMs.toFixed(1)} ms (${gc.longestKind}), ${gc.totalMs.toFixed(0)} ms in all`,
  );
  return figure;
}

const clientSecond = (s: Second | undefined): string =>
  s
    ? `loop stall ${s.loopDelayMaxMs.toFixed(0)} ms, GC ${s.gcMaxMs.toFixed(0)} ms, waited ${s.cpuWaitMs.toFixed(0)} ms for a core`
    : 'no record';
