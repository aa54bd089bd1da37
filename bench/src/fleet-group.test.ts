import { describe, expect, test } from 'vitest';
import { fleetProcessesFor, mergeCensus, sliceSizes } from './fleet-group.ts';

describe('a fleet spread over simulator processes', () => {
  test('slices cover every device once, the first ones larger by one when the count does not divide', () => {
    expect(sliceSizes(10, 3)).toEqual([4, 3, 3]);
    expect(sliceSizes(10_000, 2)).toEqual([5000, 5000]);
    expect(sliceSizes(2, 4)).toEqual([1, 1]);
    expect(sliceSizes(7, 1)).toEqual([7]);
  });

  test('one process per 2,500 devices, never more than the cores', () => {
    expect(fleetProcessesFor(300, 2)).toBe(1);
    expect(fleetProcessesFor(2501, 2)).toBe(2);
    expect(fleetProcessesFor(50_000, 2)).toBe(2);
    expect(fleetProcessesFor(50_000, 8)).toBe(8);
  });

  test('the census adds the slices up and keeps the worst event-loop delay', () => {
    const merged = mergeCensus([
      { at: 10, census: { online: 3, offline: 1 }, sent: 100, loop: { p99Ms: 12, maxMs: 40 } },
      { at: 12, census: { online: 2, connecting: 1 }, sent: 50, loop: { p99Ms: 30, maxMs: 35 } },
    ]);
    expect(merged).toEqual({
      at: 12,
      census: { online: 5, offline: 1, connecting: 1 },
      sent: 150,
      loop: { p99Ms: 30, maxMs: 40 },
    });
  });
});
