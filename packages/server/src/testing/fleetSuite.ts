/**
 * The fleet of one describe block: a listening console with `count` simulated devices online (steered on
 * stdin with `control`) and the administrator signed in, started before the block's tests and stopped after
 * them. Tests read its parts when they run (getters): the console, the session and an API caller as the
 * administrator, the fleet process, and the devices' ids in serial order.
 */
import { afterAll, beforeAll } from 'vitest';
import { fleetSerial } from '@edge/protocol';
import type { Dialect } from '../db/schema.ts';
import type { TestConsole } from './harness.ts';
import { caller, type Caller } from './accounts.ts';
import { startConsoleWithFleet, uniquePrefix, type Child } from './devices.ts';

export function fleetSuite(
  dialect: Dialect,
  options: { count: number; control?: boolean },
  /** What else the block needs before its tests, once the fleet is up (a job kind registered ...). */
  ready?: (edge: TestConsole) => void | Promise<void>,
) {
  const prefix = uniquePrefix();
  const started = {} as {
    edge: TestConsole;
    session: Awaited<ReturnType<typeof startConsoleWithFleet>>['session'];
    fleet: Child;
    admin: Caller;
    ids: string[];
  };
  beforeAll(async () => {
    Object.assign(started, await startConsoleWithFleet(dialect, { ...options, prefix }));
    started.admin = caller(started.edge, started.session);
    const bySerial = new Map(started.edge.devices.list().map((d) => [d.serial, d.id]));
    started.ids = Array.from({ length: options.count }, (_, i) => bySerial.get(fleetSerial(prefix, i + 1))!);
    await ready?.(started.edge);
  }, 120_000);
  afterAll(async () => {
    await started.fleet?.stop();
    await started.edge?.destroy();
  });
  return {
    prefix,
    get edge() {
      return started.edge;
    },
    get session() {
      return started.session;
    },
    get fleet() {
      return started.fleet;
    },
    get admin() {
      return started.admin;
    },
    get ids() {
      return started.ids;
    },
  };
}
