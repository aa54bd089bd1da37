import { describe, expect, it } from 'vitest';
import { cpuWaitMsPerS, readProc } from './proc-sampler.ts';
import { parseOptions, UsageError, type BenchOptions } from './options.ts';

describe('proc sampler', () => {
  it('reads CPU, memory and run-queue wait of a live process', () => {
    const reading = readProc(process.pid);
    expect(reading.cpuSeconds).toBeGreaterThan(0);
    expect(reading.rssBytes).toBeGreaterThan(1024 * 1024);
    expect(Number.isFinite(reading.cpuWaitSeconds)).toBe(true);
    expect(reading.cpuWaitSeconds).toBeGreaterThanOrEqual(0);
  });

  it('turns two readings into milliseconds waited per second', () => {
    const from = { at: 0, cpuSeconds: 0, rssBytes: 0, peakRssBytes: 0, cpuWaitSeconds: 1 };
    const to = { ...from, at: 2000, cpuWaitSeconds: 1.1 };
    expect(cpuWaitMsPerS(from, to)).toBeCloseTo(50);
  });
});

describe('--fleet-nice', () => {
  const nice = (...argv: string[]) => (parseOptions(argv) as BenchOptions).settings.fleetNice;
  it('defaults to 10 and takes 0-19', () => {
    expect(nice()).toBe(10);
    expect(nice('--fleet-nice', '0')).toBe(0);
    expect(nice('--fleet-nice', '19')).toBe(19);
  });
  it('refuses what the scheduler does not take', () => {
    expect(() => nice('--fleet-nice', '20')).toThrow(UsageError);
    expect(() => nice('--fleet-nice=-1')).toThrow(UsageError);
    expect(() => nice('--fleet-nice', '2.5')).toThrow(UsageError);
  });
});
