/**
 * Recorded terminal sessions on both databases: a container terminal's session names its container
 * (migration 0029), the device's own shell none; both list newest first with their recordings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { terminalStore } from './store.ts';

describe.each(DIALECTS)('terminal sessions (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect);
  }, 60_000);
  afterAll(async () => {
    await edge?.destroy();
  });

  test("a container's session names it; the device's own names none", async () => {
    const store = terminalStore(edge.store.db);
    const deviceId = '00112233445566ff';
    const base = { deviceId, userId: 1, userName: 'admin' };
    await store.started({ ...base, id: 'a'.repeat(32), container: null, at: 1000 });
    await store.started({ ...base, id: 'b'.repeat(32), container: 'web', at: 2000 });
    await store.ended('b'.repeat(32), { at: 3000, reason: 'ended', bytes: 5, cast: '{"version":2}\n' });
    expect(await store.list(deviceId)).toEqual([
      {
        id: 'b'.repeat(32),
        deviceId,
        userName: 'admin',
        container: 'web',
        startedAt: 2000,
        endedAt: 3000,
        bytes: 5,
      },
      {
        id: 'a'.repeat(32),
        deviceId,
        userName: 'admin',
        container: null,
        startedAt: 1000,
        endedAt: null,
        bytes: 0,
      },
    ]);
    expect(await store.cast('b'.repeat(32))).toBe('{"version":2}\n');
  });
});
