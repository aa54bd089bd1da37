import { expect, test } from 'vitest';
import { summariseProfile, windowOf } from './profile-summary.ts';

const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0 });

test("a profile's window keeps the samples taken within it, each charged the time since the one before", () => {
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3] },
      { id: 2, callFrame: frame('enrol') },
      { id: 3, callFrame: frame('ingest') },
    ],
    startTime: 1_000,
    endTime: 1_400,
    // Samples at 1,100 (enrol), 1,200 (enrol), 1,300 (ingest), 1,400 (ingest).
    samples: [2, 2, 3, 3],
    timeDeltas: [100, 100, 100, 100],
  };
  const loaded = windowOf(profile, { fromUs: 1_250, toUs: 1_400 });
  expect(loaded.samples).toEqual([3, 3]);
  expect(loaded.timeDeltas).toEqual([50, 100]);
  const summary = summariseProfile(loaded);
  expect(summary.functions.map((f) => f.name)).toEqual(['ingest']);
});
