import { describe, expect, it } from 'vitest';
import { drift, MAX_DRIFT_ENTRIES } from './drift.ts';

describe('drift', () => {
  it('is empty when the documents agree, whatever the key order', () => {
    expect(drift({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
  });

  it('names each differing leaf by its path, with both values', () => {
    const desired = { list: [{ ip: '10.0.0.2', mode: 'static' }], enabled: true };
    const reported = { list: [{ ip: '10.0.0.9', mode: 'static' }, { ip: '10.0.0.3' }], enabled: true };
    expect(drift(desired, reported)).toEqual([
      { path: 'list[0].ip', desired: '10.0.0.2', reported: '10.0.0.9' },
      { path: 'list[1]', desired: null, reported: { ip: '10.0.0.3' } },
    ]);
    expect(drift({ a: { b: 1 } }, { a: 'x' })).toEqual([{ path: 'a', desired: { b: 1 }, reported: 'x' }]);
    expect(drift(1, 2)).toEqual([{ path: '$', desired: 1, reported: 2 }]);
  });

  it('stops at a screenful', () => {
    const many = (v: number) => Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, v]));
    expect(drift(many(1), many(2))).toHaveLength(MAX_DRIFT_ENTRIES);
  });
});
