/**
 * The agent's supervisor (issue 22), what `edge-agent --upgrade-key` runs as: it starts the agent program
 * of the active slot as its child and stays small and unchanging, as a boot loader does. When the child
 * installed an upgrade it asks for a restart, and the supervisor starts the new slot on trial: unless the
 * new agent says it reached the console within the rollback deadline (or when it dies first), the
 * supervisor stops it and starts the previous version again. Signals go to the child; the supervisor ends
 * with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { AGENT_VERSION } from '../version.ts';
import type { AgentLog } from '../log.ts';
import { programToRun, readSlots, writeSlots } from './upgrade-slots.ts';

/** What the child tells its supervisor over the IPC channel. */
export type SupervisorMessage = { edge: 'connected' } | { edge: 'restart' };
export const SUPERVISED_ENV = 'EDGE_AGENT_SUPERVISED';
/** Exit code of a command-line mistake: starting again would not help. */
const USAGE_EXIT = 2;
const RESTART_BACKOFF_MS = 2000;

export function superviseAgent(options: { stateDir: string; log: AgentLog; argv: string[] }): void {
  const { stateDir, log } = options;
  const installed = process.argv[1]!;
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartAsked = false;
  let trialTimer: NodeJS.Timeout | null = null;

  const clearTrialTimer = () => {
    if (trialTimer) clearTimeout(trialTimer);
    trialTimer = null;
  };

  /** Back to the version that ran before the trial: the new one is not started again. */
  const rollBack = (reason: string) => {
    clearTrialTimer();
    const state = readSlots(stateDir);
    if (!state.trial) return;
    log.warn(`upgrade rolled back: ${reason}`);
    writeSlots(stateDir, {
      active: state.previous,
      previous: null,
      trial: null,
      last: state.last && { ...state.last, state: 'rolledBack', at: Date.now(), reason },
    });
  };

  const stopChild = (target: ChildProcess) => {
    target.kill('SIGTERM');
    setTimeout(() => target.kill('SIGKILL'), 5000).unref();
  };

  const launch = () => {
    const state = readSlots(stateDir);
    const program = programToRun(stateDir, installed);
    const started = spawn(process.execPath, [...process.execArgv, program, ...options.argv], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, [SUPERVISED_ENV]: '1' },
    });
    child = started;
    if (state.trial) {
      const ms = state.trial.rollbackAfterMs;
      trialTimer = setTimeout(() => {
        rollBack(`the new version did not reach the console within ${Math.round(ms / 1000)} s`);
        stopChild(started);
      }, ms);
    }
    started.on('message', (message: SupervisorMessage) => {
      if (message?.edge === 'connected') {
        const now = readSlots(stateDir);
        if (!now.trial) return;
        clearTrialTimer();
        writeSlots(stateDir, {
          ...now,
          trial: null,
          last: now.last && { ...now.last, state: 'done', at: Date.now() },
        });
        log.info('upgrade confirmed: the new version reached the console');
      } else if (message?.edge === 'restart') {
        restartAsked = true;
        stopChild(started);
      }
    });
    started.on('exit', (code, signal) => {
      if (child !== started) return;
      child = null;
      clearTrialTimer();
      if (stopping) process.exit(code ?? 0);
      if (restartAsked) {
        restartAsked = false;
        return launch();
      }
      if (readSlots(stateDir).trial) {
        rollBack(`the new version stopped (${signal ?? `exit ${code}`}) before it reached the console`);
        return launch();
      }
      if (code === USAGE_EXIT) process.exit(USAGE_EXIT);
      log.warn(`the agent stopped (${signal ?? `exit ${code}`}); starting it again`);
      setTimeout(launch, RESTART_BACKOFF_MS);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      if (!child) process.exit(0);
      child.kill(signal);
    });
  }
  log.info(`supervisor ${AGENT_VERSION} starting the agent`);
  launch();
}

/** The child's side: tells its supervisor, when there is one. */
export function tellSupervisor(message: SupervisorMessage): boolean {
  if (!process.env[SUPERVISED_ENV] || !process.send) return false;
  process.send(message);
  return true;
}
