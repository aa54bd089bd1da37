/**
 * One benchmark run: a fresh console on one backend, a fleet of one size, and every phase in turn: enrolment
 * cold start, reconnect storm, steady state, API latency, RPC, offline detection, ingest capacity. A phase
 * that fails is written down and the next one runs; whatever was started is stopped and removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fleetSerial } from '@edge/protocol';
import { prepareBackend, type BackendName, type Transport } from './backends.ts';
import { onCleanup } from './cleanup.ts';
import { startConsoleChild } from './console-child.ts';
import { emptyFigures, type Figures } from './figures.ts';
import { readProc } from './proc-sampler.ts';
import type { Fanout, RunContext, RunSettings } from './run-context.ts';
import { startFleetAndWait, stopFleet } from './phases/online.ts';
import { measureSteady } from './phases/steady.ts';
import { measureApi } from './phases/api-latency.ts';
import { measureRpc } from './phases/rpc.ts';
import { measureDiagnoseFanout } from './phases/diagnose-fanout.ts';
import { measureProfileRollout } from './phases/profile-rollout.ts';
import { measureDeployFanout } from './phases/deploy-fanout.ts';
import { measureBackupFanout } from './phases/backup-fanout.ts';
import { measureTerminals } from './phases/terminals.ts';
import { measureJumpDownload } from './phases/jump-download.ts';
import { measureOffline } from './phases/offline.ts';
import { probeIngestCapacity } from './phases/ingest-capacity.ts';
import { writePhaseWindow } from './profile-summary.ts';
import type { SqlStat } from './sql-stats.ts';

/** After the storm: hellos answered, first reports in, before the steady window opens. */
const SETTLE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ScenarioOptions {
  backend: BackendName;
  transport: Transport;
  mosquittoNagle: boolean;
  settings: RunSettings;
  log(line: string): void;
}

export async function runScenario(o: ScenarioOptions): Promise<Figures> {
  const { settings, log } = o;
  const sqlStats = Boolean(process.env.BENCH_SQL_STATS);
  const logSql = (top: SqlStat[] | null) => {
    for (const s of top ?? [])
      log(`  sql ${s.totalMs.toFixed(0)} ms (prepare ${s.prepareMs.toFixed(0)}) x${s.count}: ${s.sql}`);
  };
  const figures = emptyFigures(o.backend, o.transport, settings.size);
  const problem = (what: string, err: unknown) => {
    const text = `${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    figures.problems.push(text);
    log(`  PROBLEM ${text}`);
  };
  log(`${o.backend} (${o.backend === 'mosquitto' ? 'tcp' : o.transport}), ${settings.size} devices`);

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-bench-'));
  const removeTemp = onCleanup('temporary directory', () =>
    fs.rmSync(tempDir, { recursive: true, force: true }),
  );
  const backend = await prepareBackend(o.backend, o);
  const disposeBackend = onCleanup(`${o.backend} backend`, () => backend.dispose());
  const profileDir = (who: string) => (settings.profileDir ? path.join(settings.profileDir, who) : undefined);
  let ctx: RunContext | null = null;
  let stopConsole: (() => Promise<void>) | null = null;
  const proof = {
    enrolSecret: randomBytes(32).toString('base64url'),
    claimCode: randomBytes(12).toString('base64url'),
  };
  try {
    const consoleChild = await startConsoleChild({
      env: {
        DATA_DIR: path.join(tempDir, 'data'),
        ADMIN_PASSWORD: settings.adminPassword,
        LOG_LEVEL: 'warn',
        ENROL_SECRET: proof.enrolSecret,
        // The bench measures the fleet path at full load: the enrolment rate limits, there against floods
        // from the open enrolment login, would only stretch the cold start it times.
        ENROL_RATE: '0',
        ENROL_RATE_PER_SOURCE: '0',
        // A fleet bigger than the default Discovery bound may wait there (a run without the provisioning list).
        DISCOVERY_MAX: String(Math.max(1000, settings.size)),
        ...backend.env,
      },
      cpuProfDir: profileDir('console'),
      nodeFlags: settings.consoleNodeFlags,
    });
    stopConsole = onCleanup('console child', () => consoleChild.stop());
    ctx = {
      settings: { ...settings, profileDir: profileDir('fleet') },
      backend,
      console: consoleChild,
      prefix: `B${randomBytes(3).toString('hex').toUpperCase()}`,
      stateFile: path.join(tempDir, 'fleet-identities.json'),
      proof,
      fleet: null,
      log,
    };
    const run = ctx;
    const phase = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
      try {
        return await work();
      } catch (err) {
        problem(name, err);
        log(run.console.tail());
        if (run.fleet) log(run.fleet.tail());
        return null;
      }
    };

    await run.console.request(
      { cmd: 'provision', prefix: run.prefix, count: settings.size, claimCode: proof.claimCode },
      300_000,
    );
    const idleRss = readProc(run.console.pid).rssBytes;

    figures.enrol = await phase('enrolment', () =>
      startFleetAndWait(run, settings.intervalS, settings.rampMs),
    );
    if (figures.enrol?.reached) {
      figures.reconnect = await phase('reconnect storm', async () => {
        await stopFleet(run);
        return startFleetAndWait(run, settings.intervalS, settings.rampMs);
      });
    }
    if (figures.reconnect?.reached) {
      await sleep(SETTLE_MS);
      // The statements of enrolment and storm, then those of the loaded phases on their own.
      if (sqlStats) {
        log('  SQL of enrolment and storm:');
        logSql(await run.console.request({ cmd: 'sqlStats', reset: true }));
      }
      const loadedFrom = await run.console.request({ cmd: 'clock' });
      figures.steady = await phase('steady state', () => measureSteady(run, idleRss));
      const first = await phase('device lookup', () =>
        run.console.request({ cmd: 'device', serial: fleetSerial(run.prefix, 1) }),
      );
      figures.api = (await phase('API latency', () => measureApi(run, first?.deviceId ?? 'none'))) ?? {};
      figures.rpc = await phase('RPC', () => measureRpc(run));
      const loadedTo = await run.console.request({ cmd: 'clock' });
      if (sqlStats) {
        log('  SQL of steady state, API latency and RPC:');
        logSql(await run.console.request({ cmd: 'sqlStats', reset: true }));
      }
      const consoleProfiles = profileDir('console');
      if (consoleProfiles)
        writePhaseWindow(
          consoleProfiles,
          'steady state, API latency and RPC phases only',
          loadedFrom.us,
          loadedTo.us,
        );
      // Each fleet-wide job's part of the console's profile, and the terminals', is summarised on its own too.
      const windowedPhase = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
        const from = consoleProfiles ? await run.console.request({ cmd: 'clock' }) : undefined;
        if (sqlStats) await run.console.request({ cmd: 'sqlStats', reset: true });
        const result = await phase(name, work);
        if (sqlStats) logSql(await run.console.request({ cmd: 'sqlStats', reset: true }));
        if (consoleProfiles && from)
          writePhaseWindow(
            consoleProfiles,
            `${name} only`,
            from.us,
            (await run.console.request({ cmd: 'clock' })).us,
          );
        return result;
      };
      const fanout = (f: Fanout) => settings.fanouts.includes(f);
      if (fanout('ping'))
        figures.diagnose = await windowedPhase('diagnose fan-out', () => measureDiagnoseFanout(run));
      if (fanout('rollout'))
        figures.rollout = await windowedPhase('profile rollout', () => measureProfileRollout(run));
      if (fanout('deploy'))
        figures.deploy = await windowedPhase('deploy fan-out', () => measureDeployFanout(run));
      if (fanout('backup'))
        figures.backup = await windowedPhase('backup fan-out', () => measureBackupFanout(run));
      if (settings.terminals > 0)
        figures.terminals = await windowedPhase('terminals', () =>
          measureTerminals(run, settings.terminals, settings.terminalKeys),
        );
      if (settings.jumpMib > 0)
        figures.jump = await phase('jump to device', () => measureJumpDownload(run, settings.jumpMib));
      figures.offline = await phase('offline detection', () => measureOffline(run));
      const live = await phase('live heap', () => run.console.request({ cmd: 'liveHeap' }, 120_000));
      if (live) {
        figures.liveHeapMiB = live.heapUsed / 2 ** 20;
        log(`  live heap after a full GC: ${figures.liveHeapMiB.toFixed(0)} MiB`);
      }
      if (settings.heapSnapshotDir) {
        const dir = path.resolve(settings.heapSnapshotDir);
        fs.mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `console-${o.backend}-${settings.size}.heapsnapshot`);
        const written = await phase('heap snapshot', () =>
          run.console.request({ cmd: 'heapSnapshot', file }, 900_000),
        );
        if (written) log(`  heap snapshot: ${written.file}`);
      }
      if (settings.ingestSteps.length > 0)
        figures.ingest = await phase('ingest capacity', () => probeIngestCapacity(run));
    } else if (figures.enrol) {
      figures.problems.push(`not all ${settings.size} devices came online`);
    }

    if (sqlStats) logSql(await phase('SQL statistics', () => run.console.request({ cmd: 'sqlStats' })));
    await phase('stopping the fleet', () => stopFleet(run));
    if (o.backend === 'mosquitto')
      await phase('clearing retained words', () => run.console.request({ cmd: 'clearRetained' }, 300_000));
  } catch (err) {
    problem('run', err);
    if (ctx) log(ctx.console.tail());
  } finally {
    await ctx?.fleet?.stop();
    await stopConsole?.();
    await disposeBackend();
    await removeTemp();
  }
  return figures;
}
