/**
 * `npm run bench`: fleet-scale benchmarks of the console (see bench/README.md). For each backend and fleet
 * size, a console child and a fleet child are started, measured and stopped; then a table of figures, the
 * targets missed, the largest fleet held (--max) and CPU profile summaries (--profile) are printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanUpAll, installExitGuards } from './cleanup.ts';
import type { Figures } from './figures.ts';
import { describeMachine, openFileLimit } from './machine.ts';
import { searchMax, type MaxSearch } from './max-search.ts';
import { parseOptions, USAGE, type BenchOptions } from './options.ts';
import { phaseWindowsOf, profileReport } from './profile-summary.ts';
import { loadAverage } from './proc-sampler.ts';
import { figuresTable } from './report.ts';
import { runScenario } from './scenario.ts';
import type { BackendName } from './backends.ts';
import { REPO_ROOT } from './node-child.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

function options(): BenchOptions {
  try {
    const parsed = parseOptions(process.argv.slice(2));
    if (parsed === 'help') {
      say(USAGE);
      process.exit(0);
    }
    return parsed;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
}

function profilesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort();
}

const o = options();
const stopGuards = installExitGuards(o.deadlineMin * 60_000);
const started = new Date();
say(`# Edge Console fleet benchmark, ${started.toISOString()}`);
say(`machine: ${describeMachine()}`);
say(`simulator niceness: ${o.settings.fleetNice} (the console runs at 0)`);
const limit = openFileLimit();
if (limit !== null && Math.max(...o.sizes) > limit - 200)
  say(
    `note: a fleet over ~${limit - 200} devices exceeds this machine's open-file limit per process (${limit})`,
  );

const runs: Figures[] = [];
const run = async (backend: BackendName, size: number, ingest = true): Promise<Figures> => {
  const settings = {
    ...o.settings,
    size,
    ingestSteps: ingest ? o.settings.ingestSteps : [],
    profileDir: o.settings.profileDir && path.resolve(o.settings.profileDir, `${backend}-${size}`),
  };
  const figures = await runScenario({
    backend,
    transport: o.transport,
    mosquittoNagle: o.mosquittoNagle,
    settings,
    log: say,
  });
  runs.push(figures);
  return figures;
};

const searches: Record<string, MaxSearch> = {};
try {
  for (const backend of o.backends) {
    for (const size of o.sizes) await run(backend, size);
    if (o.max) {
      const start = Math.round((Math.max(...o.sizes) * o.maxFactor) / 500) * 500;
      searches[backend] = await searchMax(start, o.maxFactor, o.maxLimit, (size) =>
        run(backend, size, false),
      );
    }
  }
} finally {
  await cleanUpAll();
  stopGuards();
}

say('');
say(
  `## Figures (${started.toISOString().slice(0, 10)}; load before ${'→'} after: see above ${'→'} ${loadAverage()})`,
);
say('');
say(figuresTable(runs));
for (const [backend, s] of Object.entries(searches)) {
  say('');
  say(
    `--max on ${backend}: largest fleet held ${s.largestHeld ?? 'none beyond the sizes run'}` +
      (s.brokeAt ? `; broke at ${s.brokeAt}: ${s.why}` : `; no break up to ${o.maxLimit}`),
  );
}
if (o.settings.profileDir) {
  for (const file of profilesOf(path.resolve(o.settings.profileDir))) {
    say('');
    say(profileReport(file, 15));
    for (const window of phaseWindowsOf(file)) {
      say('');
      say(profileReport(file, 15, window));
    }
  }
}
const json = path.resolve(REPO_ROOT, o.json);
fs.mkdirSync(path.dirname(json), { recursive: true });
fs.writeFileSync(
  json,
  JSON.stringify({ started, machine: describeMachine(), options: o, runs, searches }, null, 2),
);
say('');
say(`figures written to ${path.relative(process.cwd(), json)}`);
process.exit(0);
