/** The driver's handle on the fleet simulator child (edge-fleet --control): start, census, drop a device, stop. */
import os from 'node:os';
import path from 'node:path';
import { startChild, type Child } from './child.ts';
import { REPO_ROOT } from './node-child.ts';

const FLEET_BIN = path.join(REPO_ROOT, 'packages/agent/dev/edge-fleet.mjs');
const CONTROL = 'control ';

export interface FleetChildOptions {
  /** Console URL (devices use its /mqtt WebSocket) or broker URL (mqtt://...). */
  target: string;
  count: number;
  prefix: string;
  /** Number of this child's first device (1-based), when several children share one fleet. */
  first?: number;
  intervalS: number;
  rampMs: number;
  stateFile: string;
  /** e.g. 127.0.0.2-127.0.0.9; spreads sockets when one source address runs out of ports. */
  localAddresses?: string;
  cpuProfDir?: string;
  /** Scheduling niceness of the simulator process (0: the console's own). */
  nice?: number;
  proof: EnrolProof;
}

export interface EnrolProof {
  enrolSecret: string;
  claimCode: string;
}

export interface Census {
  at: number;
  census: Record<string, number>;
  sent: number;
  /** The simulator's event-loop delay since the previous census. */
  loop?: { p99Ms: number; maxMs: number };
}

export interface FleetChild {
  /** Every process the fleet runs in (one, or several when spread over the cores). */
  readonly pids: number[];
  /** Epoch ms when the fleet said its devices were starting. */
  readonly startedAt: number;
  census(): Promise<Census>;
  /** Drops a device off the network (no goodbye); resolves with when it did. */
  drop(serial: string, forMs: number): Promise<number>;
  tail(): string;
  stop(): Promise<void>;
}

export async function startFleetChild(o: FleetChildOptions): Promise<FleetChild> {
  const args = [
    ...(o.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', o.cpuProfDir] : []),
    FLEET_BIN,
    '--console',
    o.target,
    '--count',
    String(o.count),
    '--first',
    String(o.first ?? 1),
    '--prefix',
    o.prefix,
    '--interval',
    String(o.intervalS),
    '--ramp-ms',
    String(o.rampMs),
    '--state-file',
    o.stateFile,
    '--dropouts-per-day',
    '0',
    '--log-level',
    'error',
    '--control',
    ...(o.localAddresses ? ['--local-addresses', o.localAddresses] : []),
  ];
  // In the environment rather than the arguments: kept out of the process list.
  const child: Child = startChild('fleet', process.execPath, args, {
    ...process.env,
    EDGE_ENROL_SECRET: o.proof.enrolSecret,
    EDGE_CLAIM_CODE: o.proof.claimCode,
  });
  if (o.nice) os.setPriority(child.pid, o.nice);
  const startedAt = await child
    .waitForLine(
      (line) => (line.includes('devices starting') ? Date.now() : undefined),
      120_000,
      'the fleet to start',
    )
    .catch(async (err: Error) => {
      await child.stop(2000);
      throw new Error(`${err.message}\n${child.tail()}`);
    });

  // Control answers come in the order asked; each request waits for the next answer of its kind.
  const answer = <T>(cmd: string, line: string, timeoutMs: number): Promise<T> => {
    const reply = child.waitForLine(
      (l) => {
        if (!l.startsWith(CONTROL)) return undefined;
        const message = JSON.parse(l.slice(CONTROL.length)) as { cmd: string; error?: string };
        return message.cmd === cmd ? message : undefined;
      },
      timeoutMs,
      `fleet ${cmd}`,
    );
    child.send(line);
    return reply.then((m) => {
      if (m.error) throw new Error(`fleet ${line}: ${m.error}`);
      return m as T;
    });
  };

  return {
    pids: [child.pid],
    startedAt,
    census: () => answer<Census>('census', 'census', 30_000),
    drop: async (serial, forMs) =>
      (await answer<{ at: number; dropped: boolean }>('drop', `drop ${serial} ${forMs}`, 30_000)).at,
    tail: child.tail,
    // A clean stop says goodbye for every device: give a big fleet its time.
    stop: () => child.stop(20_000),
  };
}
