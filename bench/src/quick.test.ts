/**
 * The benchmark in small: a few hundred devices through every phase on SQLite and the embedded broker.
 * It fails when devices do not all come online, an RPC fails or a phase breaks; it asserts no timings
 * (the test machine is shared), so it guards the benchmark and the fleet path, not the figures.
 */
import { afterAll, expect, test } from 'vitest';
import { cleanUpAll } from './cleanup.ts';
import { runScenario } from './scenario.ts';
import { FANOUTS } from './run-context.ts';

const SIZE = 300;
const RPC_CALLS = 40;
const DROPS = 2;

afterAll(cleanUpAll);

test(`${SIZE} devices: all online after enrolment and after a reconnect storm, RPCs answered`, async () => {
  const log: string[] = [];
  const figures = await runScenario({
    backend: 'sqlite',
    transport: 'ws',
    mosquittoNagle: false,
    log: (line) => log.push(line),
    settings: {
      size: SIZE,
      intervalS: 2,
      rampMs: 0,
      steadyS: 3,
      onlineTimeoutS: 40,
      apiRequests: 10,
      rpcCalls: RPC_CALLS,
      drops: DROPS,
      terminals: 5,
      terminalKeys: 20,
      jumpMib: 4,
      fanouts: [...FANOUTS],
      ingestSteps: [],
      ingestWindowS: 3,
      localAddresses: '127.0.0.2-127.0.0.3',
      // Two simulator processes: the drops land in both slices, the census is the two merged.
      fleetProcesses: 2,
      fleetNice: 10,
      consoleNodeFlags: [],
      profileDir: undefined,
      heapSnapshotDir: undefined,
      adminPassword: 'Bench-admin-pass-1',
    },
  });
  const context = `\n${log.join('\n')}`;
  expect(figures.problems, context).toEqual([]);
  expect(figures.terminals?.terminals, context).toBe(5);
  // Through a jump link to a real agent, every byte came (the phase throws otherwise).
  expect(figures.jump?.mib, context).toBe(4);
  expect(figures.enrol?.reached, context).toBe(true);
  expect(figures.reconnect?.reached, context).toBe(true);
  expect(figures.steady?.heartbeatsPerS, context).toBeGreaterThan(0);
  expect(figures.rpc, context).toMatchObject({ n: RPC_CALLS, failures: 0 });
  expect(figures.offline?.n, context).toBe(DROPS);
  expect(figures.api['getAccountInfo'], context).toHaveProperty('p99');
  // The profile rollout reached every device through the desired-config path.
  expect(figures.rollout, context).toMatchObject({ failed: 0 });
  expect(figures.rollout?.succeeded, context).toBe(figures.rollout?.devices);
  // The group deploy went to the devices whose model runs containers (about half), and each deployed it.
  expect(figures.deploy?.devices, context).toBeGreaterThan(0);
  expect(figures.deploy?.devices, context).toBeLessThan(SIZE);
  expect(figures.deploy, context).toMatchObject({ failed: 0 });
  // One backup job over the whole fleet: every device's file written.
  expect(figures.backup, context).toMatchObject({ devices: SIZE, succeeded: SIZE, failed: 0 });
}, 180_000);
