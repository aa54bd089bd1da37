/**
 * Leases on the store alone (no fleet): a step whose console died is queued again when its kind is
 * idempotent and interrupted otherwise; a live lease is left alone; only the owner may finish a step.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobOptions } from '@edge/protocol';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { jobStore } from './store.ts';

describe.each(DIALECTS)('job leases (%s)', (dialect) => {
  let edge: TestConsole;
  let store: ReturnType<typeof jobStore>;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    store = jobStore(edge.store.db, edge.store.dialect);
  });
  afterAll(() => edge?.destroy());

  const runningJob = async (kind: string) => {
    const id = await store.create(
      {
        kind,
        title: kind,
        params: {},
        createdBy: 'system',
        createdByName: 'test',
        options: jobOptions.parse({ concurrency: 1 }),
        deviceIds: ['d1', 'd2'],
      },
      Date.now(),
    );
    const { claimed } = await store.claim(id, 1, 'dead', 1000, () => true);
    // The concurrency limit of 1 held.
    expect(claimed).toHaveLength(1);
    return { id, step: claimed[0]! };
  };

  test('a dead console’s steps are resumed or interrupted once their lease passes', async () => {
    const safe = await runningJob('test.safe');
    const unsafe = await runningJob('test.unsafe');
    const kinds = ['test.safe', 'test.unsafe'];

    // The lease still holds: nothing is taken from its owner.
    expect(await store.recover(Date.now(), kinds, ['test.safe'], 'died')).toEqual([]);
    const later = Date.now() + 2000;
    expect((await store.recover(later, kinds, ['test.safe'], 'died')).sort()).toEqual(
      [safe.id, unsafe.id].sort(),
    );

    const resumed = (await store.steps(safe.id)).find((s) => s.id === safe.step.id)!;
    expect(resumed).toMatchObject({ state: 'queued', attempts: 1, reason: null });
    const interrupted = (await store.steps(unsafe.id)).find((s) => s.id === unsafe.step.id)!;
    expect(interrupted).toMatchObject({ state: 'interrupted', reason: 'died' });

    // The dead owner's late report is refused; a new claim counts a new attempt.
    expect(await store.finish(safe.step.id, 'dead', { state: 'succeeded' }, later)).toBeUndefined();
    const [again] = (await store.claim(safe.id, 1, 'alive', 1000, () => true)).claimed;
    expect(again).toMatchObject({ id: safe.step.id, attempts: 2 });
    expect(
      await store.finish(safe.step.id, 'alive', { state: 'succeeded', result: { ok: 1 } }, Date.now()),
    ).toMatchObject({ id: safe.step.id, state: 'succeeded', result: { ok: 1 }, progress: 100 });
  });
});
