import { expect, test } from 'vitest';
import { MIN_GAP_MS, gapAfterConnectMs } from './report-spread.ts';

test('the first gap after connecting is a random share of the interval, never above it', () => {
  expect(gapAfterConnectMs(30, () => 0.5)).toBe(15_000);
  expect(gapAfterConnectMs(30, () => 0)).toBe(MIN_GAP_MS);
  expect(gapAfterConnectMs(30, () => 0.999999)).toBeLessThanOrEqual(30_000);
  expect(gapAfterConnectMs(1, () => 0.3)).toBe(1000);
  const gaps = Array.from({ length: 1000 }, () => gapAfterConnectMs(60));
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MIN_GAP_MS);
  expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000);
  // Spread over the interval, not bunched: both halves get a fair share.
  expect(gaps.filter((g) => g < 30_000).length).toBeGreaterThan(350);
});
