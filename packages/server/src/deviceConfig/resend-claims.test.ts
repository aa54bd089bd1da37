/**
 * Two console replicas on one store: the retry of pending sections (resend-task.ts) runs on the scheduler,
 * claimed per occurrence, so each occurrence sends the pending change once, not once per replica. The replicas
 * are two apply engines with their own schedulers on the test console's store; their device stays unheard
 * (deviceOffline), so the section stays pending and every occurrence tries again.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { RpcMethod } from '@edge/protocol';
import { DeviceRpcError, type DeviceView } from '../devices/index.ts';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { schedulerService, type Scheduler } from '../scheduler/service.ts';
import { applyEngine } from './engine.ts';
import { resendPendingTask } from './resend-task.ts';
import { configStore } from './store.ts';

const DEVICE = '00000000000000e2';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
/** Every second, so a few seconds show whether an occurrence is sent once or twice. */
const EVERY_SECOND = '* * * * * *';

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe.each(DIALECTS)('pending configuration resent by two replicas (%s)', (dialect) => {
  test('each occurrence is sent by one of them, not by both', async () => {
    const edge: TestConsole = await startTestConsole(dialect);
    cleanups.push(() => edge.destroy());
    // The test console's own scheduler would claim occurrences too; the two replicas below are the whole cluster.
    await edge.scheduler.stop();
    const { db } = edge.store;
    await db
      .insertInto('devices')
      .values({ id: DEVICE, serial: 'RESEND-1', credential_hash: 'x', adoption: 'adopted', created_at: 1 })
      .execute();
    const store = configStore(db);
    await store.writeDesired(DEVICE, 'general', {
      doc: { deviceName: 'Once', remoteHelp: false },
      expected: 0,
      user: 'admin',
      at: 1,
    });

    const sends: { replica: string; at: number }[] = [];
    const schedulers: Scheduler[] = [];
    for (const replica of ['a', 'b']) {
      const engine = applyEngine({
        store,
        confirmTimeoutMs: 60_000,
        log: quiet,
        devices: { get: () => ({ online: true }) as DeviceView },
        rpc: {
          call: (async (_id: string, method: RpcMethod) => {
            if (method === 'config.apply') sends.push({ replica, at: Date.now() });
            throw new DeviceRpcError('deviceOffline', 'Device is offline.');
          }) as never,
        },
      });
      await engine.start();
      const scheduler = schedulerService({ db, jobs: edge.jobs, log: quiet, tickMs: 100 });
      scheduler.register(resendPendingTask(engine, EVERY_SECOND));
      schedulers.push(scheduler);
      cleanups.push(async () => {
        await scheduler.stop();
        engine.stop();
        await engine.settled();
      });
    }
    for (const scheduler of schedulers) scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    for (const scheduler of schedulers) await scheduler.stop();

    // One send per claimed occurrence: two replicas each on their own timer would make two.
    const claimed = await db
      .selectFrom('schedule_occurrences')
      .select(['occurs_at', 'owner'])
      .where('schedule_key', '=', 'task:deviceConfig.resendPending')
      .execute();
    expect(claimed.length).toBeGreaterThanOrEqual(3);
    expect(sends.length).toBe(claimed.length);
    // After the first (the latest occurrence due at start), one a second, never two at once.
    const gaps = sends.slice(1).map((s, i) => s.at - sends[i]!.at);
    expect(Math.min(...gaps.slice(1))).toBeGreaterThan(500);
    console.log(
      `[resend ${dialect}] ${sends.length} sends in 4.5 s by ${[...new Set(sends.map((s) => s.replica))].join(' and ')}, ` +
        `gaps ${gaps.join(', ')} ms`,
    );
  }, 60_000);
});
