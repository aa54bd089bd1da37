/**
 * Leases on the store alone (no fleet): a step whose console died is queued again when its kind is
 * idempotent and interrupted otherwise; a live lease is left alone; only the owner may finish a step; a
 * claim over a fleet-wide job reads only the steps it takes, not every pending one.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobOptions } from '@edge/protocol';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { jobStore } from './store.ts';
import { CLAIM_PAGE, type StepEnd } from './leases.ts';

const succeeded = (stepId: number, at: number): StepEnd => ({
  stepId,
  state: 'succeeded',
  reason: null,
  result: undefined,
  progress: 0,
  note: null,
  at,
});

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
    expect(await store.finishMany('dead', [succeeded(safe.step.id, later)])).toEqual([]);
    const [again] = (await store.claim(safe.id, 1, 'alive', 1000, () => true)).claimed;
    expect(again).toMatchObject({ id: safe.step.id, attempts: 2 });
    expect(
      await store.finishMany('alive', [{ ...succeeded(safe.step.id, Date.now()), result: { ok: 1 } }]),
    ).toEqual([safe.step.id]);
    expect((await store.steps(safe.id)).find((s) => s.id === safe.step.id)).toMatchObject({
      state: 'succeeded',
      result: { ok: 1 },
      progress: 100,
    });
  });

  test('a claim over 3,000 pending steps looks at the free slots’ worth, not at every pending step', async () => {
    const deviceIds = Array.from({ length: 3000 }, (_, i) => `fleet-${i}`);
    const offline = new Set(deviceIds.slice(0, 10));
    const id = await store.create(
      {
        kind: 'test.fleet',
        title: 'fleet',
        params: {},
        createdBy: 'system',
        createdByName: 'test',
        options: jobOptions.parse({ concurrency: 5 }),
        deviceIds,
      },
      Date.now(),
    );
    const looked: string[] = [];
    const isOnline = (deviceId: string) => {
      looked.push(deviceId);
      return !offline.has(deviceId);
    };
    const first = await store.claim(id, 1, 'me', 60_000, isOnline);
    // The ten offline devices met first wait; the next five run; nothing past them was looked at.
    expect(first.waiting.map((s) => s.deviceId)).toEqual([...offline]);
    expect(first.waiting.every((s) => s.state === 'waiting')).toBe(true);
    expect(first.claimed.map((s) => s.deviceId)).toEqual(deviceIds.slice(10, 15));
    expect(first.claimed.map((s) => s.view)).toMatchObject(
      Array(5).fill({ state: 'running', attempts: 1, progress: 0 }),
    );
    expect(looked).toEqual(deviceIds.slice(0, 15));
    expect(looked.length).toBeLessThanOrEqual(CLAIM_PAGE);

    // No free slot: no step is read at all.
    looked.length = 0;
    expect(await store.claim(id, 1, 'me', 60_000, isOnline)).toEqual({ claimed: [], waiting: [] });
    expect(looked).toEqual([]);

    // A slot frees: the waiting steps (still offline) are passed over, the next queued one runs.
    const done = first.claimed[0]!;
    expect(await store.finishMany('me', [succeeded(done.id, Date.now())])).toEqual([done.id]);
    looked.length = 0;
    const next = await store.claim(id, 1, 'me', 60_000, isOnline);
    expect(next.claimed.map((s) => s.deviceId)).toEqual([deviceIds[15]]);
    expect(looked).toEqual([...offline, deviceIds[15]]);
  });
});
