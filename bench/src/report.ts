/** Turns the runs' figures into one side-by-side table: a row per figure, a column per backend and size. */
import type { Figures, JobUnderLoadFigure, Latency, OnlineFigure } from './figures.ts';
import { markdownTable, type Cell } from './table.ts';
import { missedTargets } from './targets.ts';

const fixed = (n: number | null | undefined, digits = 1): Cell =>
  n === null || n === undefined || Number.isNaN(n) ? null : n.toFixed(digits);

const online = (o: OnlineFigure | null): Cell => {
  if (!o) return null;
  if (o.reached) return `${fixed(o.s100)} (90%: ${fixed(o.s90)})`;
  return `not all: ${o.online} online`;
};

const latency = (l: Latency | undefined): Cell => {
  if (!l) return null;
  if ('missing' in l) return l.missing;
  return `${fixed(l.p50)} / ${fixed(l.p99)}`;
};

/** A fleet-wide job's two rows: how long it took (and how many succeeded), and inventory/list meanwhile. */
const jobRows = (
  title: string,
  during: string,
  of: (f: Figures) => JobUnderLoadFigure | null,
): [string, (f: Figures) => Cell][] => [
  [
    title,
    (f) => {
      const job = of(f);
      return job ? `${fixed(job.allResultsS)} (${job.succeeded}/${job.devices} succeeded)` : null;
    },
  ],
  [
    `inventory/list during ${during} p50 / p99, ms`,
    (f) => {
      const job = of(f);
      const cell = latency(job?.list);
      return job?.listTimeouts ? `${cell} (${job.listTimeouts} timed out)` : cell;
    },
  ],
];

const ROWS: [string, (f: Figures) => Cell][] = [
  ['enrolment cold start: all online, s', (f) => online(f.enrol)],
  ['reconnect storm: all online, s', (f) => online(f.reconnect)],
  ['console CPU %, steady', (f) => fixed(f.steady?.consoleCpuPct, 0)],
  ['console waited for a core, ms/s', (f) => fixed(f.steady?.consoleCpuWaitMsPerS, 0)],
  [
    'console RSS MiB, steady (idle)',
    (f) =>
      f.steady ? `${fixed(f.steady.consoleRssMiB, 0)} (${fixed(f.steady.consoleIdleRssMiB, 0)})` : null,
  ],
  ['console KiB per device', (f) => fixed(f.steady?.consoleKiBPerDevice)],
  [
    'console live heap after full GC, MiB (KiB/device)',
    (f) =>
      f.liveHeapMiB === null
        ? null
        : `${fixed(f.liveHeapMiB, 0)} (${fixed((f.liveHeapMiB * 1024) / f.size)})`,
  ],
  ['console external (buffers) MiB', (f) => fixed(f.steady?.consoleExternalMiB, 0)],
  [
    'console JS heap MiB / GC % of time',
    (f) => (f.steady ? `${fixed(f.steady.consoleHeapMiB, 0)} / ${fixed(f.steady.consoleGcPct)}` : null),
  ],
  [
    'fleet CPU % / RSS MiB',
    (f) => (f.steady ? `${fixed(f.steady.fleetCpuPct, 0)} / ${fixed(f.steady.fleetRssMiB, 0)}` : null),
  ],
  ['fleet KiB per device', (f) => fixed(f.steady?.fleetKiBPerDevice)],
  ['heartbeats/s ingested', (f) => fixed(f.steady?.heartbeatsPerS)],
  ['telemetry/s ingested', (f) => fixed(f.steady?.telemetryPerS)],
  [
    'ingested / sent msgs/s',
    (f) => (f.steady ? `${fixed(f.steady.ingestedPerS, 0)} / ${fixed(f.steady.sentPerS, 0)}` : null),
  ],
  ['event loop delay p99, ms', (f) => fixed(f.steady?.loopDelayP99)],
  [
    'fleet event loop delay p99 / max, ms',
    (f) => `${fixed(f.steady?.fleetLoopP99Ms)} / ${fixed(f.steady?.fleetLoopMaxMs)}`,
  ],
  ['inventory/list p50 / p99, ms', (f) => latency(f.api['inventory/list'])],
  ['dashboards/get p50 / p99, ms', (f) => latency(f.api['dashboards/get'])],
  ['getAccountInfo p50 / p99, ms', (f) => latency(f.api['getAccountInfo'])],
  [
    'RPC getInfo p50 / p99, ms',
    (f) =>
      f.rpc
        ? `${fixed(f.rpc.p50)} / ${fixed(f.rpc.p99)}${f.rpc.failures ? ` (${f.rpc.failures} failed)` : ''}`
        : null,
  ],
  ...jobRows('diagnose ping, all devices: results in, s', 'it', (f) => f.diagnose),
  ...jobRows('profile rollout, all devices: done, s', 'the rollout', (f) => f.rollout),
  ...jobRows('application deploy, all devices: done in, s', 'the deploy', (f) => f.deploy),
  ...jobRows('backup, all devices as one job: done in, s', 'the backup', (f) => f.backup),
  [
    'terminals at once: keystroke echo p50 / p99, ms',
    (f) => (f.terminals ? `${latency(f.terminals.echo)} (${f.terminals.terminals} open)` : null),
  ],
  ['console memory per terminal, KiB', (f) => fixed(f.terminals?.kibPerSession, 0)],
  ['jump to device: download, Mbit/s', (f) => fixed(f.jump?.mbitPerS, 1)],
  [
    'console RSS MiB around the download: before / peak / after',
    (f) =>
      f.jump
        ? `${fixed(f.jump.rssBeforeMiB, 0)} / ${fixed(f.jump.rssPeakMiB, 0)} / ${fixed(f.jump.rssAfterMiB, 0)}`
        : null,
  ],
  [
    'offline detection p50 / max, ms',
    (f) => (f.offline ? `${fixed(f.offline.p50, 0)} / ${fixed(f.offline.max, 0)}` : null),
  ],
  [
    'max sustained ingest, msgs/s',
    (f) =>
      f.ingest?.sustainedPerS
        ? `${fixed(f.ingest.sustainedPerS, 0)} (@ ${f.ingest.sustainedIntervalS} s)`
        : null,
  ],
  [
    'ingest probe stopped at',
    (f) =>
      f.ingest?.lagged
        ? `${f.ingest.lagged.intervalS} s: ${f.ingest.lagged.why}`
        : f.ingest
          ? 'did not lag'
          : null,
  ],
  ['targets missed', (f) => missedTargets(f).join('; ') || 'none'],
  ['problems', (f) => f.problems.join('; ') || 'none'],
];

export function figuresTable(runs: readonly Figures[]): string {
  const headers = [
    'figure',
    ...runs.map(
      (f) => `${f.backend}${f.transport === 'tcp' && f.backend !== 'mosquitto' ? '/tcp' : ''} ${f.size}`,
    ),
  ];
  return markdownTable(
    headers,
    ROWS.map(([name, cell]) => [name, ...runs.map(cell)]),
  );
}
